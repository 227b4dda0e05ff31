import { randomBytes, webcrypto } from 'node:crypto'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { noteCipherPrefix } from '@crm/domain'
import type { Executor } from '../db/client'
import { accounts, assignments, notes, teamContacts } from '../db/schema/index'

export interface DemoNotesInput {
  /** Hope Street Church holds the noted contacts. */
  hopeId: number
  people: { owner: number; leader: number; member: number }
  /** The demo accounts' password: the leader's private notes are encrypted with its real key. */
  password: string
}

const teamNotes = [
  'Prefers to be contacted after 5 pm on weekdays.',
  'Came with a friend from work; interested in the community garden.',
  'Has two teenagers; the youth leader has been introduced.',
  'Asked about the health expo next month.',
  'Moving house at the end of the year: check the new address.',
]

const publicNotes = [
  'Helps with the food bank on Wednesdays.',
  'Sings in the choir; happy to help with special music.',
  'Speaks Spanish and Portuguese; could help welcome new visitors.',
]

const leaderPrivateNotes = [
  'Shared privately that their marriage is under strain. Follow up gently; do not mention to others.',
  'Struggling with grief after losing their father in March. Check in near the anniversary.',
]

/**
 * Encrypts as the browser does (apps/web/src/lib/crypto.ts): AES-GCM-256 under a PBKDF2-SHA256
 * (600,000 iterations) key of the password and the account's salt; 'v1:' + base64(IV + sealed).
 * The demo leader then reads these notes after signing in, like notes written in the browser.
 */
async function encryptLikeTheBrowser(password: string, salt: string, texts: readonly string[]): Promise<string[]> {
  const subtle = webcrypto.subtle
  const material = await subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey'])
  const key = await subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: Buffer.from(salt, 'base64'), iterations: 600_000 },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  )
  return Promise.all(
    texts.map(async (text) => {
      const iv = randomBytes(12)
      const sealed = Buffer.from(await subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(text)))
      return noteCipherPrefix + Buffer.concat([iv, sealed]).toString('base64')
    }),
  )
}

/**
 * A few notes on Hope Street's contacts: team notes by the owner and leader, public
 * ones (the demo churches keep public notes), the member's on a contact assigned to them,
 * and two private notes of the leader, ciphertext only.
 */
export async function seedDemoNotes(tx: Executor, demo: DemoNotesInput): Promise<{ count: number }> {
  const held = await tx
    .select({ id: teamContacts.person_id })
    .from(teamContacts)
    .where(and(eq(teamContacts.team_id, demo.hopeId), eq(teamContacts.is_owner, true), isNull(teamContacts.archived_at)))
    .orderBy(asc(teamContacts.person_id))
    .limit(12)
  if (held.length === 0) return { count: 0 }
  const [assignedToMember] = await tx
    .select({ contact_id: assignments.contact_id })
    .from(assignments)
    .where(and(eq(assignments.team_id, demo.hopeId), eq(assignments.to_person_id, demo.people.member)))
    .limit(1)
  const [leader] = await tx.select({ salt: accounts.encryption_salt }).from(accounts).where(eq(accounts.person_id, demo.people.leader))
  const ciphertexts = leader ? await encryptLikeTheBrowser(demo.password, leader.salt, leaderPrivateNotes) : []

  const at = (index: number) => held[index % held.length]!.id
  const rows: Array<Omit<typeof notes.$inferInsert, 'team_id'>> = [
    ...teamNotes.map((content, index) => ({
      contact_id: at(index),
      author_id: index % 2 === 0 ? demo.people.owner : demo.people.leader,
      content,
    })),
    ...publicNotes.map((content, index) => ({ contact_id: at(index + 1), author_id: demo.people.leader, content, is_public: true })),
    ...ciphertexts.map((content, index) => ({ contact_id: at(index), author_id: demo.people.leader, content, is_encrypted: true })),
  ]
  if (assignedToMember) {
    rows.push({ contact_id: assignedToMember.contact_id, author_id: demo.people.member, content: 'Met for coffee; keen to join the small group.' })
  }
  const inserted = await tx
    .insert(notes)
    .values(rows.map((row) => ({ ...row, team_id: demo.hopeId })))
    .returning({ id: notes.id })
  return { count: inserted.length }
}
