import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { parentalConsents } from '../db/schema/index'
import { startSession } from '../features/auth/auth.service'
import { body, createTestApp, type TestApp } from '../../test/harness'
import { get } from '../../test/contact-factories'
import { seedDemoWorkspace, type DemoWorkspace } from './demo'

let t: TestApp
let demo: DemoWorkspace
beforeAll(async () => {
  t = await createTestApp()
  demo = await seedDemoWorkspace(t.db, { config: t.config, now: t.clock.now }, 'Violet-Kettle-93-Harbour')
})
afterAll(async () => t.close())

describe('the demo workspace’s consents', () => {
  it("shows the leader a demo child's consents on record, a revoked one among them", async () => {
    const hope = demo.churchIds[0]!
    const records = await t.db.select().from(parentalConsents).where(eq(parentalConsents.team_id, hope)).orderBy(parentalConsents.id)
    expect(records.length).toBeGreaterThan(2)
    const revoked = records.find((row) => row.revoked_at !== null)!
    const token = (await startSession(t.db, { config: t.config, now: t.clock.now }, demo.people.leader, 'salt')).access_token
    const answer = body(await get(t, `contact-consents/${revoked.contact_id}`, token, { team_id: hope, group_id: hope }))
    expect(answer.items).toHaveLength(2)
    expect(answer.items[0]).toMatchObject({ type: 'verbal', revoked_display: null })
    expect(answer.items[1]).toMatchObject({ revoked_by_name: expect.any(String), revoked_display: expect.any(String) })
    expect(records.some((row) => row.denied_permissions.length > 0)).toBe(true)
  })
})
