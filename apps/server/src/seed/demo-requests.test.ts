import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSession } from '../features/auth/auth.service'
import { body, createTestApp, type TestApp } from '../../test/harness'
import { seedDemoWorkspace, type DemoWorkspace } from './demo'

let t: TestApp
let demo: DemoWorkspace
beforeAll(async () => {
  t = await createTestApp()
  demo = await seedDemoWorkspace(t.db, { config: t.config, now: t.clock.now }, 'Violet-Kettle-93-Harbour')
})
afterAll(async () => t.close())

const tokenOf = async (personId: number) => (await startSession(t.db, { config: t.config, now: t.clock.now }, personId, 'salt')).access_token

describe('the demo workspace’s requests', () => {
  it('D3-2.4-07 D3-2.4-08 has a membership request at Hope and an owner request for Riverside', async () => {
    const [hope] = demo.churchIds
    const owner = await tokenOf(demo.people.owner)
    const membership = body(await t.call({ method: 'GET', url: `/api/v1/membership-requests?team_id=${hope}`, token: owner }))
    expect(membership.items.map((item: { name: string }) => item.name)).toEqual(['Parker Pending'])
    const admin = await tokenOf(demo.people.admin)
    const owners = body(await t.call({ method: 'GET', url: '/api/v1/owner-requests', token: admin }))
    expect(owners.items).toMatchObject([{ name: 'Parker Pending', team_name: 'Riverside Community Church', email: 'pending@example.org' }])
  })
})
