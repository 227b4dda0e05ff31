/**
 * Private notes are encrypted in the browser (DESIGN.md §6, docs/decisions.md): a 256-bit
 * AES-GCM key derived by PBKDF2-SHA256 (600,000 iterations) from the password and the
 * per-account salt (`encryption_key` of the login answer, base64). The key is never
 * extractable and never leaves the browser; the server only ever sees ciphertext.
 *
 * Ciphertext: 'v1:' + base64(12-byte IV + AES-GCM ciphertext and tag).
 */

export const noteCipherPrefix = 'v1:'
export const noteKeyIterations = 600_000
const ivLength = 12

/** A note that cannot be decrypted: a wrong key (another password), or altered ciphertext. */
export class NoteDecryptionError extends Error {
  constructor(message = 'The note cannot be decrypted with this key') {
    super(message)
    this.name = 'NoteDecryptionError'
  }
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.trim())
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/** Derives the private-notes key of a password with the account's salt (base64). */
export async function deriveNoteKey(password: string, salt: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey'])
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: base64ToBytes(salt), iterations: noteKeyIterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** Whether a note's content is ciphertext of this scheme. */
export function isEncryptedNote(content: string): boolean {
  return content.startsWith(noteCipherPrefix)
}

export async function encryptNote(key: CryptoKey, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(ivLength))
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext)))
  const packed = new Uint8Array(iv.length + sealed.length)
  packed.set(iv)
  packed.set(sealed, iv.length)
  return noteCipherPrefix + bytesToBase64(packed)
}

/** Decrypts a note; throws NoteDecryptionError for a wrong key, altered or malformed ciphertext. */
export async function decryptNote(key: CryptoKey, ciphertext: string): Promise<string> {
  if (!isEncryptedNote(ciphertext)) throw new NoteDecryptionError('Unknown ciphertext version')
  let packed: Uint8Array<ArrayBuffer>
  try {
    packed = base64ToBytes(ciphertext.slice(noteCipherPrefix.length))
  } catch {
    throw new NoteDecryptionError('Malformed ciphertext')
  }
  // The IV, then at least the 16-byte tag.
  if (packed.length < ivLength + 16) throw new NoteDecryptionError('Malformed ciphertext')
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: packed.slice(0, ivLength) }, key, packed.slice(ivLength))
    return new TextDecoder().decode(plain)
  } catch {
    throw new NoteDecryptionError()
  }
}

export interface PrivateNote {
  id: number
  content: string
}

export interface ReencryptedNotes {
  /** Every note: re-encrypted with the new key, or unchanged when the old key cannot read it. */
  notes: PrivateNote[]
  /** Ids of notes the old key could not read (written before a password reset): they stay unreadable. */
  unreadable: number[]
}

/** Re-encrypts notes from the old password's key to the new one (a password change). */
export async function reencryptNotes(oldKey: CryptoKey, newKey: CryptoKey, notes: readonly PrivateNote[]): Promise<ReencryptedNotes> {
  const unreadable: number[] = []
  const result = await Promise.all(
    notes.map(async (note) => {
      let plaintext: string
      try {
        plaintext = await decryptNote(oldKey, note.content)
      } catch {
        unreadable.push(note.id)
        return { id: note.id, content: note.content }
      }
      return { id: note.id, content: await encryptNote(newKey, plaintext) }
    }),
  )
  return { notes: result, unreadable: unreadable.sort((a, b) => a - b) }
}
