/**
 * The post-login and post-logout target: only a path of this site ('/…', never '//…' or
 * '/\…', which browsers read as another host), else the fallback.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
  // Control characters and backslashes can turn a path into another origin in some browsers.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || char === '\\')) return fallback
  try {
    const base = 'https://same.site'
    const url = new URL(target, base)
    if (url.origin !== base) return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}

/** The login route that comes back to `path` after signing in. */
export function loginPath(path: string): string {
  const target = safeRedirect(path, '/')
  return target === '/' ? '/login' : `/login?redirect_to=${encodeURIComponent(target)}`
}
