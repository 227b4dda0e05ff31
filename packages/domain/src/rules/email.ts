import { z } from 'zod'
import { issueOf } from '../field-errors'

/** Spec 1 §5: non-space text, an @, non-space text, a dot and non-space text. */
export const emailPattern = /^\S+@\S+\.\S+$/

export function isEmail(value: string): boolean {
  return emailPattern.test(value)
}

/**
 * Characters that do not show but make a different address: control and format characters
 * (\p{Cc}, \p{Cf}: zero-width space and joiners U+200B–U+200D, word joiner U+2060, BOM
 * U+FEFF, soft hyphen U+00AD, bidi marks, overrides and isolates), and the invisible
 * fillers and blanks outside \p{Cf} (Hangul fillers, braille blank, combining grapheme
 * joiner, variation selectors).
 */
const invisibleInEmailPattern = /[\p{Cc}\p{Cf}\u00ad\u115f\u1160\u2800\u3164\uffa0]|\p{Variation_Selector}|\u034f|\u17b4|\u17b5/u

export function hasInvisibleCharacters(value: string): boolean {
  return invisibleInEmailPattern.test(value)
}

/**
 * The one form of an email address: NFKC (full-width and compatibility letters become
 * their plain forms), trimmed, lower-cased. Sign-in, sign-up, invites and contacts all
 * compare addresses in this form.
 */
export function normalizeEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase()
}

/**
 * An email of at most 254 characters in its normal form (normalizeEmail); refused when it
 * holds an invisible character, so no look-alike of another address is stored.
 */
export const email = z
  .string()
  .max(1000)
  .transform((value) => value.normalize('NFKC').trim())
  .pipe(
    z
      .string()
      .max(254)
      .refine((value) => !hasInvisibleCharacters(value), { ...issueOf('unsafe_characters'), message: 'Remove the invisible characters' })
      .refine((value) => emailPattern.test(value), issueOf('invalid_email')),
  )
  .transform((value) => value.toLowerCase())

/** Spec 1 §5: a dotted host name whose top level has at least 2 letters. */
export const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i

export function isDomain(value: string): boolean {
  return domainPattern.test(value)
}
