import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

const tokenOf = async (personId: number) => (await startSession(t.db, { config: t.config, now: t.clock.now }, personId, 'salt')).access_token

describe('the demo workspace’s notifications', () => {
  it('gives each Hope Street user a global, a conference and an unread reminder of their own', async () => {
    const hope = demo.churchIds[0]
    for (const person of [demo.people.owner, demo.people.leader, demo.people.member]) {
      const list = body(await get(t, 'notifications', await tokenOf(person), { team_id: hope, group_id: hope }))
      // Olivia, the pastor of the demo's planned transfer, is also told to choose her contacts (demo-transfers.ts).
      const transferNotice = person === demo.people.owner ? 1 : 0
      expect(list).toMatchObject({ count: 3 + transferNotice, count_unread: 3 + transferNotice })
      const reminders = list.items.filter((item: { link_url: string | null }) => !item.link_url?.startsWith('/transfers/'))
      expect(reminders.map((item: { importance: string }) => item.importance)).toEqual(['medium', 'high', 'normal'])
    }
    // The entity admin manages the conference's one.
    const managed = body(await get(t, 'manage-notifications', await tokenOf(demo.people.entity), { team_id: demo.conferenceId, group_id: demo.conferenceId }))
    expect(managed.items).toMatchObject([{ level: 'conference', importance: 'high', is_seen_by_count: 0 }])
  })
})
