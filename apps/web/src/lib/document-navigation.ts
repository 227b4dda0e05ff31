/** The path the browser loaded this document at (the app's routes change it later). */
const documentPath = window.location.pathname

/**
 * Page loads the app asks the browser for: the sign-in page /login is a bundle of its own
 * (login.html), so reaching it from the app loads it. Tests replace `replace`.
 */
export const documentNavigation = {
  replace(url: string): void {
    window.location.replace(url)
  },
  /** Whether this document was loaded at the path (then loading it again would loop). */
  loadedAt(path: string): boolean {
    return documentPath === path || documentPath === `${path}/`
  },
}
