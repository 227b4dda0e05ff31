import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactRelationships } from '../db/schema/index'
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

describe('the demo workspace’s relationships and interests', () => {
  it('shows direct, inverse and inferred relationships, interests and their activity to the leader', async () => {
    const hope = demo.churchIds[0]
    const token = (await startSession(t.db, { config: t.config, now: t.clock.now }, demo.people.leader, 'salt')).access_token
    const query = { team_id: hope, group_id: hope }
    const stored = await t.db.select().from(contactRelationships)
    expect(stored.length).toBe(6)
    // A child of the first couple: a parent directly, the other parent and a sibling inferred.
    const child = stored.find((row) => ['father', 'mother', 'parent'].includes(row.relationship_type))!.contact_id
    const relationships = body(await get(t, `contact-relationships/${child}`, token, query))
    expect(relationships.items.length).toBeGreaterThan(0)
    expect(relationships.inferred.length).toBeGreaterThanOrEqual(2)
    const parent = stored.find((row) => row.contact_id === child)!.related_id
    expect(body(await get(t, `contact-relationships/${parent}`, token, query)).inverse.length).toBe(2)
    const interests = body(await get(t, `contact-interests/${parent}`, token, query))
    expect(interests.count).toBeGreaterThan(0)
    const activity = body(await get(t, `activity-log-for-contact/${child}`, token, { ...query, type: 'relationship' }))
    expect(activity.count).toBe(1)
  })
})
