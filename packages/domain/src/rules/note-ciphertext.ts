import { fieldErrorCodes } from '../field-errors'

// The rule a private note's content meets: ciphertext of the browser's scheme
// (apps/web/src/lib/crypto.ts, DESIGN.md §6). add-contact-note, update-contact-note and
// update-account's re-encrypted notes all apply it, so the server never stores plain text
// as a private note.

/** The longest note a person may write, in characters (issue 12). */
export const maxNoteLength = 20_000

/** Ciphertext prefix of the browser's scheme (apps/web/src/lib/crypto.ts): 'v1:' + base64(IV + sealed text + tag). */
export const noteCipherPrefix = 'v1:'
const ivBytes = 12
const tagBytes = 16

/**
 * The longest ciphertext of a note of maxNoteLength characters: a UTF-16 unit is at most
 * 3 bytes of UTF-8 (a surrogate pair, two units, is 4), plus IV and tag, in base64.
 */
export const maxNoteCiphertextLength = noteCipherPrefix.length + 4 * Math.ceil((3 * maxNoteLength + ivBytes + tagBytes) / 3)
const minNoteCiphertextLength = noteCipherPrefix.length + 4 * Math.ceil((ivBytes + tagBytes) / 3)
const ciphertextPattern = /^v1:(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Whether content is ciphertext of the browser's scheme, within the bounds of a note. */
export function isNoteCiphertext(content: string): boolean {
  return content.length >= minNoteCiphertextLength && content.length <= maxNoteCiphertextLength && ciphertextPattern.test(content)
}

export const noteCiphertextMessage = fieldErrorCodes.note_not_encrypted.message
