import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { reportsSummarySchema, type ReportChart, type ReportPeriod, type ReportsSummary } from '@crm/domain'
import { startSession } from '../features/auth/auth.service'
import { body, createTestApp, type TestApp } from '../../test/harness'
import { get } from '../../test/contact-factories'
import { seedDemoWorkspace, type DemoWorkspace } from './demo'

// Hope Street's reports on the demo workspace, seeded at Sunday 29 November 2026, noon in
// Sydney, checked widget by widget against what the seed plans (demo-contact-events.ts,
// demo-events.ts: counted by hand below) or, where the seed draws at random, against a plain
// count of the rows the widget's title names.

let t: TestApp
let demo: DemoWorkspace
let hope: number
let token: string
beforeAll(async () => {
  t = await createTestApp()
  t.clock.advance(new Date('2026-11-29T01:00:00Z').getTime() - Date.now())
  demo = await seedDemoWorkspace(t.db, { config: t.config, now: t.clock.now }, 'Violet-Kettle-93-Harbour')
  hope = demo.churchIds[0]
  token = (await startSession(t.db, { config: t.config, now: t.clock.now }, demo.people.leader, 'salt')).access_token
})
afterAll(async () => t.close())

const widgets = ['contacts', 'baptism_decisions', 'contact_sources', 'events_non_recurring', 'events_multi_day', 'events_recurring'] as const

async function figures(period: ReportPeriod = 'this_year'): Promise<ReportsSummary> {
  const query = Object.fromEntries(widgets.map((widget) => [`${widget}_period`, period]))
  const response = await get(t, `reports-summary/${hope}`, token, query)
  expect(response.statusCode, response.body).toBe(200)
  return reportsSummarySchema.parse(body(response))
}

/** Each series' non-zero buckets: { key: { label: n } }. */
function counted(chart: ReportChart): Record<string, Record<string, number>> {
  return Object.fromEntries(
    chart.keys.map((key) => [
      key,
      Object.fromEntries(chart.points.filter((point) => point.values[key] !== 0).map((point) => [point.label, point.values[key]!])),
    ]),
  )
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows
}

describe('Hope Street’s reports on the demo workspace', () => {
  it('D3-2.3-07 Baptism decisions: the two baptismal candidates’ decisions of 30 October, the members’ of 2024, baptisms apart', async () => {
    // Two of each journey: the candidates decided 30 days ago; the members 820 days ago and
    // were baptised 760 days ago (29 Oct 2024). None of these is a baptism this year.
    expect(counted((await figures()).baptism_decisions)).toEqual({ baptism_decisions: { '2026-10': 2 }, baptisms: {} })
    expect(counted((await figures('all')).baptism_decisions)).toEqual({ baptism_decisions: { '2024': 2, '2026': 2 }, baptisms: { '2024': 2 } })
  })

  it('D3-2.3-10 D3-2.3-11 D3-2.3-13 events: the lunch today, the camp in three weeks, the services and studies of this year', async () => {
    const report = await figures()
    // The community lunch is today; the camp starts the third Friday from the last (18 Dec).
    expect(counted(report.events_non_recurring)).toEqual({ events: { '2026-11': 1 }, attendance: {} })
    expect(counted(report.events_multi_day)).toEqual({ events: { '2026-12': 1 }, attendance: {} })
    // Sundays from 4 Oct (eight weeks before today): 4 in October, 5 in November, 4 in
    // December; the fortnightly study on Tuesday and Thursday from 27 Oct: 2, 4 and 4.
    expect(counted(report.events_recurring)).toEqual({ occurrences: { '2026-10': 6, '2026-11': 9, '2026-12': 8 }, attendance: {} })
  })

  it('D3-2.3-04 D3-2.3-09 contacts and their sources: the active contacts the church took in, by month and source', async () => {
    const taken = await rows<{ month: string; source: string | null; n: number }>(sql`
      select to_char(created_at at time zone 'Australia/Sydney', 'YYYY-MM') as month, source, count(*)::int as n
      from team_contacts
      where team_id = ${hope} and state = 'active' and archived_at is null and created_at >= '2025-12-31T13:00:00Z'
      group by 1, 2`)
    const byMonth: Record<string, number> = {}
    const bySource: Record<string, number> = {}
    for (const row of taken) {
      byMonth[row.month] = (byMonth[row.month] ?? 0) + row.n
      if (row.source !== null) bySource[row.source] = (bySource[row.source] ?? 0) + row.n
    }
    const report = await figures()
    expect(counted(report.contacts)).toEqual({ contacts: byMonth })
    expect(report.contact_sources.totals).toEqual(bySource)
    const most = Math.max(...Object.values(bySource))
    expect(bySource[report.contact_sources.primary!]).toBe(most)
    expect(Object.keys(byMonth).length).toBeGreaterThan(6)
  })

  it('D3-2.3-05 D3-2.3-06 D3-2.3-08 follow-ups: outstanding, the response time and the members following up, read from the interactions', async () => {
    const [expected] = await rows<{ outstanding: number; hours: number | null; active: number }>(sql`
      with followed as (
        select a.id, a.to_person_id, a.created_at,
          (select min(coalesce(i.completed_at, i.occurs_at)) from interactions i
            where i.team_id = a.team_id and i.contact_id = a.contact_id and i.by_person_id = a.to_person_id and i.is_completed) as first_at,
          (select min(coalesce(i.completed_at, i.occurs_at)) from interactions i
            where i.team_id = a.team_id and i.contact_id = a.contact_id and i.by_person_id = a.to_person_id and i.is_completed
              and coalesce(i.completed_at, i.occurs_at) >= a.created_at) as response_at
        from assignments a
        join team_contacts tc on tc.team_id = a.team_id and tc.person_id = a.contact_id and tc.state = 'active' and tc.archived_at is null
        where a.team_id = ${hope}
      )
      select
        (select count(*)::int from followed where first_at is null) as outstanding,
        (select round(avg(extract(epoch from response_at - created_at) / 3600)::numeric, 2)::float from followed where response_at is not null) as hours,
        (select count(distinct to_person_id)::int from followed f where exists (
          select 1 from interactions i where i.team_id = ${hope} and i.by_person_id = f.to_person_id and i.is_completed
            and coalesce(i.completed_at, i.occurs_at) >= ${new Date('2026-10-30T01:00:00Z').toISOString()}::timestamptz)) as active`)
    const { followups } = await figures()
    expect(followups.outstanding).toBe(expected!.outstanding)
    expect(followups.active_members).toBe(expected!.active)
    // The demo's assignments came days before the first visit: a response time to read.
    expect(expected!.hours).toBeGreaterThan(0)
    expect(followups.response_time_average).toBeCloseTo(expected!.hours!, 0)
  })
})
