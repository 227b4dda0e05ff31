import { z } from 'zod'

/**
 * The one same-site path rule of every redirect (login and logout redirect_to, reset and
 * activation links, invites). A path of this site is '/' followed by anything but '/' or
 * '\' (which browsers read as '//', another host). As given, it holds no control, format,
 * bidi or white-space character and no backslash (browsers drop tabs and new lines, so
 * '/\t/evil' is '//evil'). Percent-decoded (up to three times: a link may be decoded again
 * on its way) it still starts so, holds no control, format, bidi or line-separator
 * character, and its path (before '?' or '#') no white space or backslash; a decoded space
 * stays allowed in the query, where searches need it. Anything else, `javascript:`
 * included, is null.
 */

/** Longest redirect path kept. */
export const redirectPathMaxLength = 500

const unsafeAsGivenPattern = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u
const unsafeDecodedPattern = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u
const unsafeInDecodedPathPattern = /[\p{Z}\s\\]/u

function startsSameSite(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
}

function isSafeDecoded(path: string): boolean {
  const pathPart = path.split(/[?#]/, 1)[0]!
  return startsSameSite(path) && !unsafeDecodedPattern.test(path) && !unsafeInDecodedPathPattern.test(pathPart)
}

export function safeRedirectPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > redirectPathMaxLength) return null
  if (!startsSameSite(value) || unsafeAsGivenPattern.test(value)) return null
  let form = value
  for (let round = 0; round < 3; round++) {
    let decoded: string
    try {
      decoded = decodeURIComponent(form)
    } catch {
      // Malformed as given; once decoded, a lone '%' is just a character ('100%25').
      return round === 0 ? null : value
    }
    if (decoded === form) return value
    if (!isSafeDecoded(decoded)) return null
    form = decoded
  }
  // Still decoding after three rounds: no real path of ours looks like that.
  return null
}

/** A redirect field of the wire: a same-site path, or dropped (undefined) when it is not one. */
export const redirectPath = z
  .string()
  .max(2000)
  .optional()
  .transform((value) => safeRedirectPath(value) ?? undefined)
