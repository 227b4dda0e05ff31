import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, isNotNull } from 'drizzle-orm'
import { teamContacts } from '../db/schema/index'
import { createTestApp, type TestApp } from '../../test/harness'
import { removeExpiredArchivedContacts } from '../features/contacts/contacts.jobs'
import { seedDemoWorkspace } from './demo'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await seedDemoWorkspace(t.db, { config: t.config, now: t.clock.now }, 'Violet-Kettle-93-Harbour')
})
afterAll(async () => t.close())

describe('the demo workspace’s contacts', () => {
  it('has archived contacts, none of them due for removal: the demo does not shrink an hour after it starts', async () => {
    const archived = async () => (await t.db.select({ n: count() }).from(teamContacts).where(isNotNull(teamContacts.archived_at)))[0]!.n
    const before = await archived()
    expect(before).toBeGreaterThan(0)
    expect(await removeExpiredArchivedContacts(t.app.deps)).toBeUndefined()
    expect(await archived()).toBe(before)
  })
})
