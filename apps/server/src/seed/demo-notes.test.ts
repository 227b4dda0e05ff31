import { webcrypto } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { isNoteCiphertext } from '@crm/domain'
import { accounts, notes } from '../db/schema/index'
import { startSession } from '../features/auth/auth.service'
import { body, createTestApp, type TestApp } from '../../test/harness'
import { get } from '../../test/contact-factories'
import { seedDemoWorkspace, type DemoWorkspace } from './demo'

const password = 'Violet-Kettle-93-Harbour'
let t: TestApp
let demo: DemoWorkspace
beforeAll(async () => {
  t = await createTestApp()
  demo = await seedDemoWorkspace(t.db, { config: t.config, now: t.clock.now }, password)
})
afterAll(async () => t.close())

/** Opens a note as the browser would, with the key of the password and the account's salt. */
async function decrypt(content: string, salt: string): Promise<string> {
  const material = await webcrypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey'])
  const key = await webcrypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: Buffer.from(salt, 'base64'), iterations: 600_000 },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  )
  const packed = Buffer.from(content.slice(3), 'base64')
  return new TextDecoder().decode(await webcrypto.subtle.decrypt({ name: 'AES-GCM', iv: packed.subarray(0, 12) }, key, packed.subarray(12)))
}

describe('the demo workspace’s notes', () => {
  it('holds team, public and private notes; the private ones are ciphertext the leader’s password opens, served to the leader only', async () => {
    const rows = await t.db.select().from(notes)
    expect(rows.filter((row) => !row.is_encrypted && !row.is_public).length).toBeGreaterThan(0)
    expect(rows.filter((row) => row.is_public).length).toBeGreaterThan(0)
    const secret = rows.filter((row) => row.is_encrypted)
    expect(secret.length).toBe(2)
    const [leader] = await t.db.select({ salt: accounts.encryption_salt }).from(accounts).where(eq(accounts.person_id, demo.people.leader))
    for (const note of secret) {
      expect(note.author_id).toBe(demo.people.leader)
      expect(isNoteCiphertext(note.content)).toBe(true)
      expect(await decrypt(note.content, leader!.salt)).toMatch(/\w+ \w+/)
    }
    const hope = demo.churchIds[0]
    const tokenOf = async (personId: number) => (await startSession(t.db, { config: t.config, now: t.clock.now }, personId, 'salt')).access_token
    const query = { team_id: hope, group_id: hope, is_encrypted: 1 }
    const contact = secret[0]!.contact_id
    expect(body(await get(t, `contact-notes/${contact}`, await tokenOf(demo.people.leader), query)).items.length).toBeGreaterThan(0)
    expect(body(await get(t, `contact-notes/${contact}`, await tokenOf(demo.people.owner), query)).items).toEqual([])
  })
})
