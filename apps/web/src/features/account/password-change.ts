import { deriveNoteKey, reencryptNotes, type PrivateNote } from '../../lib/crypto'
import { fetchMyPrivateNotes } from './queries'

export interface PasswordChange {
  /** Every private note, re-encrypted with the new password's key (sent as private_notes). */
  notes: PrivateNote[]
  /** The new password's key, kept on this device once the server has accepted the change. */
  newKey: CryptoKey
}

/**
 * A password change with the old password (DESIGN.md §6): fetches every private note,
 * decrypts each with the old password's key and encrypts it with the new one, in the
 * browser. The salt is the account's (`encryption_key`), the same for both keys. A note the
 * old key cannot read (written before a password reset) is sent back as it was.
 */
export async function reencryptForNewPassword(salt: string, oldPassword: string, newPassword: string): Promise<PasswordChange> {
  const [{ items }, oldKey, newKey] = await Promise.all([fetchMyPrivateNotes(), deriveNoteKey(oldPassword, salt), deriveNoteKey(newPassword, salt)])
  const { notes } = await reencryptNotes(oldKey, newKey, items)
  return { notes, newKey }
}
