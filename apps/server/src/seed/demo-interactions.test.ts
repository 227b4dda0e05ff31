import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { interactionFilters } from '@crm/domain'
import { interactionPeople, interactions } from '../db/schema/index'
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

describe('the demo workspace’s interactions (issue 12 item 2)', () => {
  it('gives every interaction filter of the contacts list something to show', async () => {
    const token = (await startSession(t.db, { config: t.config, now: t.clock.now }, demo.people.owner, 'salt')).access_token
    const hope = demo.churchIds[0]
    for (const filter of interactionFilters) {
      const response = await get(t, 'contacts', token, { team_id: hope, group_id: hope, interaction: filter, per_page: 4 })
      expect(response.statusCode).toBe(200)
      expect(body(response).count, filter).toBeGreaterThan(0)
    }
    const all = body(await get(t, 'contacts', token, { team_id: hope, group_id: hope, per_page: 4 })).count
    expect(body(await get(t, 'contacts', token, { team_id: hope, group_id: hope, interaction: 'none', per_page: 4 })).count).toBeLessThan(all)
  })

  it('has Bible studies with lessons and reactions, upcoming ones and others present', async () => {
    const [studies] = await t.db.select({ n: count() }).from(interactions).where(eq(interactions.type, 'bible-study'))
    expect(studies!.n).toBeGreaterThan(10)
    const [present] = await t.db.select({ n: count() }).from(interactionPeople)
    expect(present!.n).toBeGreaterThan(0)
    const rows = await t.db
      .select({ reaction: interactions.reaction, is_completed: interactions.is_completed })
      .from(interactions)
      .where(eq(interactions.type, 'bible-study'))
    expect(new Set(rows.map((row) => row.reaction))).toContain('happy')
    expect(rows.some((row) => !row.is_completed)).toBe(true)
  })
})
