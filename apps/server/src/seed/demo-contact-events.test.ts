import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { contactEvents, people } from '../db/schema/index'
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

describe('the demo workspace’s decisions and events', () => {
  it('shows a member’s baptism among their decisions and events of the other kind, with activity rows', async () => {
    const hope = demo.churchIds[0]
    const token = (await startSession(t.db, { config: t.config, now: t.clock.now }, demo.people.leader, 'salt')).access_token
    const query = { team_id: hope, group_id: hope }
    const stored = await t.db.select().from(contactEvents)
    expect(stored.length).toBeGreaterThan(10)
    const baptism = stored.find((row) => row.type === 'baptism')!
    const [person] = await t.db.select({ member_status: people.member_status }).from(people).where(eq(people.id, baptism.contact_id))
    expect(person!.member_status).toBe('member')
    const decisions = body(await get(t, `contact-events/${baptism.contact_id}`, token, { ...query, kind: 'decision' }))
    expect(decisions.items.map((item: any) => item.type_display)).toContain('Baptism')
    const withEvent = stored.find((row) => row.kind === 'event')!
    expect(body(await get(t, `contact-events/${withEvent.contact_id}`, token, { ...query, kind: 'event' })).count).toBeGreaterThan(0)
    const log = body(await get(t, `activity-log-for-contact/${baptism.contact_id}`, token, { ...query, type: 'user_event' }))
    // The leader reads their own rows (no read_activity_log): the two of the four they wrote.
    expect(stored.filter((row) => row.contact_id === baptism.contact_id)).toHaveLength(4)
    expect(log.count).toBe(2)
    expect(log.items.every((item: any) => item.type === 'user_event')).toBe(true)
  })
})
