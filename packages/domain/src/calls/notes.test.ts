import { describe, expect, it } from 'vitest'
import { capabilityTable, hasCapability, type Capability, type ContactRole } from '../capabilities'
import { addContactNoteRequest, isNoteCiphertext, maxNoteCiphertextLength, maxNoteLength, mayChangeNote, mayReadNote } from './notes'

const holder = (role: ContactRole) => (capability: Capability) => hasCapability(role, capability)
const author = 1
const other = 2

describe('mayChangeNote (spec 2 §6)', () => {
  const team = { author_id: author, is_public: false, is_encrypted: false }
  const publicNote = { ...team, is_public: true }
  const privateNote = { ...team, is_encrypted: true }

  it.each([
    // [who, role, note, update, delete]
    ['author member', 'member', team, true, true],
    ['other member', 'member', team, false, false],
    ['other leader', 'leader', publicNote, false, false],
    ['other owner, public note', 'owner', publicNote, true, true],
    ['other owner, team note (no update_note; delete_note)', 'owner', team, false, true],
    ['other admin, team note', 'admin', team, true, true],
    ['author, private note', 'member', privateNote, true, true],
    ['other admin, private note', 'admin', privateNote, false, false],
  ] as const)('%s', (who, role, note, update, remove) => {
    const viewer = who.startsWith('author') ? author : other
    expect(mayChangeNote('update', note, viewer, holder(role))).toBe(update)
    expect(mayChangeNote('delete', note, viewer, holder(role))).toBe(remove)
  })

  it('a note whose author is gone is changed only by capability', () => {
    expect(mayChangeNote('update', { author_id: null, is_public: true, is_encrypted: false }, other, holder('owner'))).toBe(true)
    expect(mayChangeNote('update', { author_id: null, is_public: false, is_encrypted: false }, other, holder('leader'))).toBe(false)
  })

  it('every role that writes notes holds update_own_note', () => {
    for (const role of Object.keys(capabilityTable) as ContactRole[]) {
      if (hasCapability(role, 'update_note') || hasCapability(role, 'update_public_note')) expect(hasCapability(role, 'update_own_note')).toBe(true)
    }
  })
})

describe('mayReadNote (issue 35 item 8)', () => {
  const team = { author_id: author, is_public: false, is_encrypted: false }
  it.each([
    // [who, role, note, reads]
    ['other assigned member, public note', 'assigned_member', { ...team, is_public: true }, true],
    ['other assigned member, team note', 'assigned_member', team, false],
    ['author member, team note', 'member', team, true],
    ['other leader, team note', 'leader', team, true],
    ['other owner, team note', 'owner', team, true],
    ['other admin, team note', 'admin', team, true],
    ['other admin, private note', 'admin', { ...team, is_encrypted: true }, false],
    ['author member, private note', 'member', { ...team, is_encrypted: true }, true],
  ] as const)('%s', (who, role, note, reads) => {
    expect(mayReadNote(note, who.startsWith('author') ? author : other, holder(role))).toBe(reads)
  })
})

describe('private note ciphertext', () => {
  it('accepts the browser scheme only, within the bound of the longest note', () => {
    expect(isNoteCiphertext(`v1:${'A'.repeat(40)}`)).toBe(true)
    expect(isNoteCiphertext('v1:AAAA')).toBe(false)
    expect(isNoteCiphertext(`v2:${'A'.repeat(40)}`)).toBe(false)
    expect(isNoteCiphertext(`v1:${'A'.repeat(39)}=`)).toBe(true)
    expect(isNoteCiphertext(`v1:${'A'.repeat(38)}!=`)).toBe(false)
    expect(isNoteCiphertext(`v1:${'A'.repeat(maxNoteCiphertextLength - 3)}`)).toBe(true)
    expect(isNoteCiphertext(`v1:${'A'.repeat(maxNoteCiphertextLength + 1)}`)).toBe(false)
    // 20,000 characters of 3-byte UTF-8, sealed with IV and tag, fit in the bound.
    const sealedBytes = 3 * maxNoteLength + 12 + 16
    expect(3 + 4 * Math.ceil(sealedBytes / 3)).toBeLessThanOrEqual(maxNoteCiphertextLength)
  })

  it('refuses plain text marked encrypted, on content', () => {
    const parsed = addContactNoteRequest.safeParse({ team_id: 1, group_id: 1, user_id: 1, content: 'hello', is_encrypted: 1 })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['content'])
  })
})
