/**
 * The one same-site path rule of every redirect (login and logout redirect_to, reset and
 * activation links, invites). A path of this site is '/' followed by anything but '/' or
 * '\' (which browsers read as '//', another host), with no control, white-space, format or
 * bidi character and no backslash, as given and after percent-decoding (up to three times:
 * a link may be decoded again on its way). Anything else, `javascript:` included, is null.
 */

/** Longest redirect path kept. */
export const redirectPathMaxLength = 500

// Control (Cc), format and bidi (Cf), separators (Z*) and any other white space; backslash.
const unsafeInPathPattern = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u

function isSafeForm(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !unsafeInPathPattern.test(path)
}

export function safeRedirectPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > redirectPathMaxLength) return null
  let form = value
  for (let round = 0; round < 4; round++) {
    if (!isSafeForm(form)) return null
    let decoded: string
    try {
      decoded = decodeURIComponent(form)
    } catch {
      return null
    }
    if (decoded === form) return value
    form = decoded
  }
  // Still decoding after four rounds: no real path of ours looks like that.
  return null
}
