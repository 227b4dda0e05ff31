import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { notifications, transfers } from '../db/schema/index'
import { startSession } from '../features/auth/auth.service'
import { processDueTransfers } from '../features/transfers/transfers.jobs'
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

describe('the demo workspace’s transfer', () => {
  it('plans Olivia Owner’s move from Hope Street to Riverside, undated and with no contacts chosen, which the job leaves alone', async () => {
    const [hope, riverside] = demo.churchIds
    const entity = await tokenOf(demo.people.entity)
    const list = body(await get(t, 'transfers', entity, { team_id: demo.conferenceId }))
    expect(list.items).toMatchObject([
      {
        user_name: 'Olivia Owner',
        from_team_name: 'Hope Street Church',
        to_team_name: 'Riverside Community Church',
        date: null,
        move_count: 0,
        share_count: 0,
      },
    ])
    const id = list.items[0].id
    expect(body(await get(t, 'upcoming-transfers-for-current-user', entity, { team_id: demo.conferenceId })).items).toMatchObject([
      { id, user_name: 'Olivia Owner' },
    ])
    expect(body(await get(t, `transfer/${id}`, entity, { team_id: demo.conferenceId }))).toMatchObject({ can_process: true, data_view: { contacts: [] } })
    // Olivia chooses from Hope Street's contacts assigned to her.
    const owner = await tokenOf(demo.people.owner)
    expect(body(await get(t, `transfer/${id}`, owner, { team_id: hope }))).toMatchObject({ can_select_contacts: true, data_view: { to_team_id: riverside } })
    const assigned = await get(t, 'assigned-contacts', owner, { team_id: hope, group_id: hope, transfer_team_id: hope })
    expect(assigned.statusCode, assigned.body).toBe(200)
    // Three adults of Hope Street to choose from, no child among them.
    expect(body(assigned).items).toHaveLength(3)
    expect(body(assigned).items.every((item: { is_child?: boolean }) => !item.is_child)).toBe(true)
    // Her notifications say the choice is hers.
    const told = await t.db.select().from(notifications).where(eq(notifications.recipient_user_id, demo.people.owner))
    expect(told.filter((row) => row.link_url === `/transfers/view/${id}`)).toHaveLength(1)
    // Undated: the job never processes it, so the demo does not change by itself.
    expect(await processDueTransfers({ ...t.app.deps, now: () => new Date(Date.UTC(2099, 0, 1)) })).toBeUndefined()
    expect((await t.db.select({ is_processed: transfers.is_processed }).from(transfers).where(eq(transfers.id, id)))[0]!.is_processed).toBe(false)
  })
})
