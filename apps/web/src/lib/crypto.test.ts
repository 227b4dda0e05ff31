import { beforeAll, describe, expect, it } from 'vitest'
import { base64ToBytes, bytesToBase64, decryptNote, deriveNoteKey, encryptNote, isEncryptedNote, NoteDecryptionError, reencryptNotes } from './crypto'
import { clearNoteKey, loadNoteKey, storeNoteKey } from './note-key'

/**
 * A fixed vector made once with WebCrypto (PBKDF2-SHA256, 600,000 iterations, AES-GCM 256):
 * if the scheme ever changes, notes already stored would no longer open, and this fails.
 */
const vector = {
  password: 'correct horse battery staple',
  salt: 'Y3JtLW5vdGVzLXNhbHQtMQ==',
  plaintext: 'Prayed with Sam about his new job. 🙏',
  ciphertext: 'v1:F+HIW2FrC9eUHd1LRN/WVWFSlCCtxgw7bSGiBx7RZ/URAtwX1JaRdLOJqQi6xfO+hsQiLaN7u4oPVd47zXSwaod0Dg==',
}

let key: CryptoKey
beforeAll(async () => {
  key = await deriveNoteKey(vector.password, vector.salt)
})

function tamper(ciphertext: string, index: number): string {
  const bytes = base64ToBytes(ciphertext.slice(3))
  bytes[index] = (bytes[index] ?? 0) ^ 0x01
  return `v1:${bytesToBase64(bytes)}`
}

describe('private-notes crypto (DESIGN.md §6)', () => {
  it('D1-1-02 decrypts the committed vector with the key derived from the password and salt', async () => {
    await expect(decryptNote(key, vector.ciphertext)).resolves.toBe(vector.plaintext)
  })

  it('derives a non-extractable AES-GCM 256 key', () => {
    expect(key.extractable).toBe(false)
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 })
    expect(key.usages.sort()).toEqual(['decrypt', 'encrypt'])
  })

  it('a wrong password cannot read the note', async () => {
    const wrong = await deriveNoteKey('correct horse battery stapler', vector.salt)
    await expect(decryptNote(wrong, vector.ciphertext)).rejects.toBeInstanceOf(NoteDecryptionError)
  })

  it('the same password with another account salt cannot read it either', async () => {
    const otherSalt = await deriveNoteKey(vector.password, bytesToBase64(new TextEncoder().encode('another-salt-123')))
    await expect(decryptNote(otherSalt, vector.ciphertext)).rejects.toBeInstanceOf(NoteDecryptionError)
  })

  it.each([
    ['the IV', 0],
    ['the ciphertext', 14],
    ['the tag', -1],
  ])('tampering with %s fails', async (_part, index) => {
    const length = base64ToBytes(vector.ciphertext.slice(3)).length
    await expect(decryptNote(key, tamper(vector.ciphertext, index < 0 ? length + index : index))).rejects.toBeInstanceOf(NoteDecryptionError)
  })

  it('refuses ciphertext without the version prefix or too short to hold an IV and tag', async () => {
    await expect(decryptNote(key, vector.ciphertext.slice(3))).rejects.toBeInstanceOf(NoteDecryptionError)
    await expect(decryptNote(key, 'v1:AAAA')).rejects.toBeInstanceOf(NoteDecryptionError)
    await expect(decryptNote(key, 'v1:not base64!')).rejects.toBeInstanceOf(NoteDecryptionError)
  })

  it('encrypts with a fresh 12-byte IV each time, behind the v1: prefix', async () => {
    const first = await encryptNote(key, 'Hello')
    const second = await encryptNote(key, 'Hello')
    expect(isEncryptedNote(first)).toBe(true)
    expect(first).not.toBe(second)
    // 12-byte IV + 5 bytes of text + 16-byte tag.
    expect(base64ToBytes(first.slice(3))).toHaveLength(33)
    await expect(decryptNote(key, first)).resolves.toBe('Hello')
  })

  it('re-encrypts notes from the old key to the new one, leaving unreadable notes as they were', async () => {
    const newKey = await deriveNoteKey('a brand new passphrase', vector.salt)
    const stranger = await deriveNoteKey('someone else entirely', vector.salt)
    const foreign = await encryptNote(stranger, 'written before a reset')
    const { notes, unreadable } = await reencryptNotes(key, newKey, [
      { id: 1, content: vector.ciphertext },
      { id: 2, content: foreign },
    ])
    expect(notes.map((note) => note.id)).toEqual([1, 2])
    await expect(decryptNote(newKey, notes[0]!.content)).resolves.toBe(vector.plaintext)
    await expect(decryptNote(key, notes[0]!.content)).rejects.toBeInstanceOf(NoteDecryptionError)
    expect(notes[1]!.content).toBe(foreign)
    expect(unreadable).toEqual([2])
  })
})

describe('the kept key (IndexedDB)', () => {
  it('D1-3-20 keeps the key for its person and forgets it when cleared', async () => {
    await storeNoteKey(key, 7)
    const loaded = await loadNoteKey(7)
    expect(loaded).not.toBeNull()
    await expect(decryptNote(loaded!, vector.ciphertext)).resolves.toBe(vector.plaintext)
    await expect(loadNoteKey(8)).resolves.toBeNull()
    await clearNoteKey()
    await expect(loadNoteKey()).resolves.toBeNull()
  })
})
