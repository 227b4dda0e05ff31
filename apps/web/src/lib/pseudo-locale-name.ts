// The pseudo-locale's name apart from its texts (lib/pseudo-locale.ts): every page's start
// knows the name, and fetches the accents and brackets only when the pseudo-locale is chosen.

export const pseudoLocale = 'xx'

/** Whether a chosen locale (the query's, the cookie's; never the browser's) names the pseudo-locale. */
export function isPseudoLocale(value: string | null | undefined): boolean {
  return value?.trim().toLowerCase() === pseudoLocale
}
