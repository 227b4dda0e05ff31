import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSession } from '../features/auth/auth.service'
import { body, createTestApp, type TestApp } from '../../test/harness'
import { get } from '../../test/contact-factories'
import { seedDemoWorkspace, type DemoWorkspace } from './demo'
import { seedDemoEvents } from './demo-events'

let t: TestApp
let demo: DemoWorkspace
beforeAll(async () => {
  t = await createTestApp()
  // The lunch is dated today as it is seeded, and read as today's after.
  t.clock.clearOfMidnight()
  demo = await seedDemoWorkspace(t.db, { config: t.config, now: t.clock.now }, 'Violet-Kettle-93-Harbour')
})
afterAll(async () => t.close())

describe('the demo workspace’s events', () => {
  it('shows a lunch today, the service and Bible study to come, and a camp; seeding again adds nothing', async () => {
    const hope = demo.churchIds[0]
    const token = (await startSession(t.db, { config: t.config, now: t.clock.now }, demo.people.member, 'salt')).access_token
    const today = body(await get(t, `events-today/${hope}`, token, {}))
    expect(today.items.map((item: any) => item.title)).toContain('Community lunch')
    const future = body(await get(t, 'events', token, { team_id: hope, type: 'future', order_by: 'title' }))
    expect(future.items.map((item: any) => item.title)).toEqual(['Bible study', 'Sunday service', 'Youth camp'])
    const service = future.items.find((item: any) => item.title === 'Sunday service')
    expect(service).toMatchObject({ is_recurring: true, last_date: null, type_display: 'Church service' })
    const view = body(await get(t, `event/${service.id}`, token, { team_id: hope }))
    expect(view.occurrences.filter((occurrence: any) => occurrence.notes !== null)).toHaveLength(1)
    const study = future.items.find((item: any) => item.title === 'Bible study')
    expect(study.rrule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH')
    expect(await seedDemoEvents(t.db, { hopeId: hope, people: demo.people, now: t.clock.now(), timeZone: 'Australia/Sydney' })).toBe(0)
  })
})
