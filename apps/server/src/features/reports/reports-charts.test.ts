import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { reportsSummarySchema, type ReportsSummary } from '@crm/domain'
import { assignments, contactEvents, eventAttendance, eventOccurrences, events, interactions, people, teamContacts } from '../../db/schema/index'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { assignContact, buildChurch, buildContact, get, type Church } from '../../../test/contact-factories'
import { nonZero } from '../../../test/report-factories'

// The charts of GET reports-summary/{team id} on fixtures of known values, at a fixed moment:
// Monday 15 June 2026, noon in Sydney (the teams' default time zone), spec 3 §2.3 and §9.

let t: TestApp
const now = new Date('2026-06-15T02:00:00Z')
beforeAll(async () => {
  t = await createTestApp()
  t.clock.advance(now.getTime() - Date.now())
})
afterAll(async () => t.close())

async function figures(teamId: number, token: string, query: Record<string, string | number> = {}): Promise<ReportsSummary> {
  const response = await get(t, `reports-summary/${teamId}`, token, query)
  expect(response.statusCode, response.body).toBe(200)
  return reportsSummarySchema.parse(body(response))
}

/** A contact the church took in at `createdAt`. */
async function contactAt(church: number, createdAt: string, person: Partial<typeof people.$inferInsert> = {}, options: { archived?: boolean } = {}) {
  const id = await buildContact(t, { teamId: church, person, archived: options.archived ?? false })
  await t.db
    .update(teamContacts)
    .set({ created_at: new Date(createdAt) })
    .where(eq(teamContacts.person_id, id))
  return id
}

describe('contacts and the periods', () => {
  let c: Church
  beforeAll(async () => {
    c = await buildChurch(t)
    await contactAt(c.church, '2026-01-05T00:00:00Z')
    await contactAt(c.church, '2026-03-10T00:00:00Z')
    await contactAt(c.church, '2026-03-20T00:00:00Z')
    // 23:00 on 31 May in Sydney, and 01:00 on 1 June in Sydney (still 31 May in UTC).
    await contactAt(c.church, '2026-05-31T13:00:00Z')
    await contactAt(c.church, '2026-05-31T15:00:00Z')
    await contactAt(c.church, '2026-06-14T00:00:00Z')
    await contactAt(c.church, '2025-07-01T00:00:00Z')
    await contactAt(c.church, '2024-02-02T00:00:00Z')
    await contactAt(c.church, '2026-02-01T00:00:00Z', {}, { archived: true })
  })

  it('D3-2.3-04 D3-2.3-12 this year (the default): every month of the year, new contacts by month where the team lives', async () => {
    const { contacts } = await figures(c.church, c.leader.token)
    expect(contacts.period).toBe('this_year')
    expect(contacts.points.map((point) => point.label)).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`))
    expect(nonZero(contacts, 'contacts')).toEqual({ '2026-01': 1, '2026-03': 2, '2026-05': 1, '2026-06': 2 })
    expect(contacts.totals).toEqual({ contacts: 6 })
  })

  it('D3-2.3-12 last year: the months of 2025', async () => {
    const { contacts } = await figures(c.church, c.leader.token, { contacts_period: 'last_year' })
    expect(contacts).toMatchObject({ period: 'last_year', granularity: 'month' })
    expect(contacts.points[0]!.label).toBe('2025-01')
    expect(nonZero(contacts, 'contacts')).toEqual({ '2025-07': 1 })
  })

  it('D3-2.3-12 this month: its 30 days; last month: its 31 days, split at midnight in Sydney', async () => {
    const thisMonth = (await figures(c.church, c.leader.token, { contacts_period: 'this_month' })).contacts
    expect(thisMonth.granularity).toBe('day')
    expect(thisMonth.points).toHaveLength(30)
    expect([thisMonth.points[0]!.label, thisMonth.points.at(-1)!.label]).toEqual(['2026-06-01', '2026-06-30'])
    expect(nonZero(thisMonth, 'contacts')).toEqual({ '2026-06-01': 1, '2026-06-14': 1 })
    const lastMonth = (await figures(c.church, c.leader.token, { contacts_period: 'last_month' })).contacts
    expect(lastMonth.points).toHaveLength(31)
    expect(nonZero(lastMonth, 'contacts')).toEqual({ '2026-05-31': 1 })
  })

  it('D3-2.3-12 all: every year from the first with a contact to this one', async () => {
    const { contacts } = await figures(c.church, c.leader.token, { contacts_period: 'all' })
    expect(contacts.granularity).toBe('year')
    expect(contacts.points).toEqual([
      { label: '2024', values: { contacts: 1 } },
      { label: '2025', values: { contacts: 1 } },
      { label: '2026', values: { contacts: 6 } },
    ])
  })

  it('D3-2.3-12 a team in another time zone buckets on its own wall clock', async () => {
    const other = await buildChurch(t)
    await t.db.execute(`update teams set settings = '{"time_zone": "UTC"}' where id = ${other.church}`)
    await contactAt(other.church, '2026-05-31T15:00:00Z')
    const { contacts } = await figures(other.church, other.leader.token, { contacts_period: 'last_month' })
    expect(nonZero(contacts, 'contacts')).toEqual({ '2026-05-31': 1 })
  })
})

describe('baptisms and sources', () => {
  it('D3-2.3-07 baptism decisions: the team’s decisions for baptism by month, its baptisms apart, not other decisions, teams or archived contacts', async () => {
    const c = await buildChurch(t)
    const [ana, ben] = [await contactAt(c.church, '2025-01-01T00:00:00Z'), await contactAt(c.church, '2025-01-01T00:00:00Z')]
    const gone = await contactAt(c.church, '2025-01-01T00:00:00Z', {}, { archived: true })
    const decision = (contact: number, team: number, type: string, date: string) => ({
      contact_id: contact,
      team_id: team,
      type,
      kind: 'decision' as const,
      date,
    })
    const other = await buildChurch(t, { conference: c.conference })
    await t.db
      .insert(contactEvents)
      .values([
        decision(ana, c.church, 'decision-for-baptism', '2026-02-10'),
        decision(ben, c.church, 'decision-for-baptism', '2026-02-20'),
        decision(ben, c.church, 'decision-for-baptism', '2026-05-05'),
        decision(ana, c.church, 'decision-for-baptism', '2025-11-01'),
        decision(ana, c.church, 'baptism', '2026-03-11'),
        decision(ana, c.church, 'decision-to-follow-jesus', '2026-02-11'),
        decision(gone, c.church, 'decision-for-baptism', '2026-02-12'),
        decision(ana, other.church, 'decision-for-baptism', '2026-02-13'),
      ])
    const report = await figures(c.church, c.leader.token)
    expect(report.baptism_decisions).toMatchObject({ type: 'line', keys: ['baptism_decisions', 'baptisms'], totals: { baptism_decisions: 3, baptisms: 1 } })
    expect(nonZero(report.baptism_decisions, 'baptism_decisions')).toEqual({ '2026-02': 2, '2026-05': 1 })
    expect(nonZero(report.baptism_decisions, 'baptisms')).toEqual({ '2026-03': 1 })
    const all = await figures(c.church, c.leader.token, { baptism_decisions_period: 'all' })
    expect(nonZero(all.baptism_decisions, 'baptism_decisions')).toEqual({ '2025': 1, '2026': 3 })
    const lastMonth = await figures(c.church, c.leader.token, { baptism_decisions_period: 'last_month' })
    expect(nonZero(lastMonth.baptism_decisions, 'baptism_decisions')).toEqual({ '2026-05-05': 1 })
  })

  it('D3-2.3-09 contact sources: a key per source, most frequent first (ties by name), primary the most frequent, over the period', async () => {
    const c = await buildChurch(t)
    for (const [source, at] of [
      ['online', '2026-02-01T00:00:00Z'],
      ['walk-in', '2026-02-01T00:00:00Z'],
      ['online', '2026-04-01T00:00:00Z'],
      ['online', '2026-04-02T00:00:00Z'],
      ['media', '2026-04-03T00:00:00Z'],
      ['walk-in', '2025-04-03T00:00:00Z'],
      ['walk-in', '2025-04-04T00:00:00Z'],
      [null, '2026-04-04T00:00:00Z'],
    ] as const) {
      await contactAt(c.church, at, { source })
    }
    const { contact_sources: sources } = await figures(c.church, c.leader.token)
    expect(sources).toMatchObject({ type: 'pie', keys: ['online', 'media', 'walk-in'], totals: { online: 3, media: 1, 'walk-in': 1 }, primary: 'online' })
    expect(sources.points.find((point) => point.label === '2026-04')!.values).toEqual({ online: 2, media: 1, 'walk-in': 0 })
    const lastYear = (await figures(c.church, c.leader.token, { contact_sources_period: 'last_year' })).contact_sources
    expect(lastYear).toMatchObject({ keys: ['walk-in'], primary: 'walk-in', totals: { 'walk-in': 2 } })
    const empty = (await figures(c.church, c.leader.token, { contact_sources_period: 'last_month' })).contact_sources
    expect(empty).toMatchObject({ keys: [], primary: null, totals: {} })
    expect(empty.points).toHaveLength(31)
  })
})

describe('events', () => {
  let c: Church
  beforeAll(async () => {
    c = await buildChurch(t)
    const base = { team_id: c.church, title: 'Event', is_recurring: false, is_multi_day: false, span_days: 1 }
    const oneDay = (date: string) => ({ ...base, start_date: date, end_date: date, last_date: date })
    const rows = await t.db
      .insert(events)
      .values([
        oneDay('2026-03-01'),
        oneDay('2026-03-15'),
        oneDay('2026-07-04'),
        oneDay('2025-12-25'),
        { ...base, is_multi_day: true, span_days: 3, start_date: '2026-04-10', end_date: '2026-04-12', last_date: '2026-04-10' },
        { ...base, is_recurring: true, rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU', start_date: '2026-05-03', end_date: '2026-05-03', last_date: null },
      ])
      .returning({ id: events.id })
    const [march, , , , camp, weekly] = rows.map((row) => row.id) as [number, number, number, number, number, number]
    // Sunday 14 June is cancelled, Sunday 21 June moved to Tuesday 23 June.
    await t.db.insert(eventOccurrences).values([
      { event_id: weekly, original_date: '2026-06-14', event_date: '2026-06-14', is_cancelled: true },
      { event_id: weekly, original_date: '2026-06-21', event_date: '2026-06-23' },
    ])
    const [ana, ben] = [await buildContact(t, { teamId: c.church }), await buildContact(t, { teamId: c.church })]
    const attended = (event: number, date: string, person: number | null) => ({
      event_id: event,
      team_id: c.church,
      event_date: date,
      person_id: person,
      is_visitor: person === null,
      visitor_name: person === null ? 'Visitor' : null,
    })
    await t.db
      .insert(eventAttendance)
      .values([
        attended(march, '2026-03-01', ana),
        attended(march, '2026-03-01', ben),
        attended(march, '2026-03-01', null),
        attended(camp, '2026-04-11', ana),
        attended(camp, '2026-04-12', ana),
        attended(weekly, '2026-06-07', ana),
        attended(weekly, '2026-06-07', ben),
        attended(weekly, '2026-06-23', ana),
      ])
  })

  it('D3-2.3-10 events non recurring: one-day events by the day they start and their attendance (visitors too), a bar chart', async () => {
    const report = await figures(c.church, c.leader.token)
    expect(report.events_non_recurring).toMatchObject({ type: 'bar', keys: ['events', 'attendance'], totals: { events: 3, attendance: 3 } })
    expect(nonZero(report.events_non_recurring, 'events')).toEqual({ '2026-03': 2, '2026-07': 1 })
    expect(nonZero(report.events_non_recurring, 'attendance')).toEqual({ '2026-03': 3 })
    const lastYear = await figures(c.church, c.leader.token, { events_non_recurring_period: 'last_year' })
    expect(lastYear.events_non_recurring.totals).toEqual({ events: 1, attendance: 0 })
  })

  it('D3-2.3-11 events multi-day: the event by its first day, attendance on each of its days, a multi-line chart', async () => {
    const report = await figures(c.church, c.leader.token)
    expect(report.events_multi_day).toMatchObject({ type: 'multi_line', totals: { events: 1, attendance: 2 } })
    expect(nonZero(report.events_multi_day, 'events')).toEqual({ '2026-04': 1 })
  })

  it('D3-2.3-11 events recurring: occurrences (cancelled left out, moved at the new day) and attendance, a multi-line chart', async () => {
    const month = await figures(c.church, c.leader.token, { events_recurring_period: 'this_month' })
    expect(month.events_recurring).toMatchObject({ type: 'multi_line', keys: ['occurrences', 'attendance'], totals: { occurrences: 3, attendance: 3 } })
    expect(nonZero(month.events_recurring, 'occurrences')).toEqual({ '2026-06-07': 1, '2026-06-23': 1, '2026-06-28': 1 })
    expect(nonZero(month.events_recurring, 'attendance')).toEqual({ '2026-06-07': 2, '2026-06-23': 1 })
    // The year: every Sunday from 3 May to 27 December, less one cancelled (a never-ending rule stops at the year's end).
    const year = await figures(c.church, c.leader.token)
    expect(nonZero(year.events_recurring, 'occurrences')).toEqual({
      '2026-05': 5,
      '2026-06': 3,
      '2026-07': 4,
      '2026-08': 5,
      '2026-09': 4,
      '2026-10': 4,
      '2026-11': 5,
      '2026-12': 4,
    })
    const all = await figures(c.church, c.leader.token, { events_recurring_period: 'all' })
    expect(all.events_recurring.points).toEqual([{ label: '2026', values: { occurrences: 34, attendance: 3 } }])
    const lastYear = await figures(c.church, c.leader.token, { events_recurring_period: 'last_year' })
    expect(lastYear.events_recurring.totals).toEqual({ occurrences: 0, attendance: 0 })
  })

  it('D3-2.3-01 the member-status filter leaves events alone', async () => {
    const report = await figures(c.church, c.leader.token, { member_status: 'former-member' })
    expect(report.events_non_recurring.totals).toEqual({ events: 3, attendance: 3 })
  })

  it('D3-2.3-10 D3-2.3-11 attendance removed, moved or gone with its event leaves the figures (the counts kept per event date)', async () => {
    const records = await t.db.select().from(eventAttendance).where(eq(eventAttendance.team_id, c.church))
    const weekly = records.find((record) => record.event_date === '2026-06-07')!
    await t.db.delete(eventAttendance).where(eq(eventAttendance.id, weekly.id))
    const marchVisitor = records.find((record) => record.event_date === '2026-03-01' && record.person_id === null)!
    await t.db.update(eventAttendance).set({ event_date: '2026-03-02' }).where(eq(eventAttendance.id, marchVisitor.id))
    const camp = records.find((record) => record.event_date === '2026-04-11')!
    await t.db.delete(events).where(eq(events.id, camp.event_id))
    const report = await figures(c.church, c.leader.token, { events_recurring_period: 'this_month' })
    expect(nonZero(report.events_recurring, 'attendance')).toEqual({ '2026-06-07': 1, '2026-06-23': 1 })
    expect(report.events_non_recurring.totals).toEqual({ events: 3, attendance: 3 })
    expect(report.events_multi_day.totals).toEqual({ events: 0, attendance: 0 })
    const days = await figures(c.church, c.leader.token, { events_non_recurring_period: 'last_month' })
    expect(days.events_non_recurring.totals).toEqual({ events: 0, attendance: 0 })
  })
})

describe('the follow-ups kept on the assignments', () => {
  it('D3-2.3-05 a contact removed with its assignments and interactions takes them out of the figures', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.leader.id })
    await t.db.insert(interactions).values({
      contact_id: contact,
      team_id: c.church,
      by_person_id: c.leader.id,
      type: 'visit',
      date: '2026-06-14',
      occurs_at: now,
      is_completed: true,
      completed_at: now,
    })
    const [kept] = await t.db.select().from(assignments).where(eq(assignments.contact_id, contact))
    expect(kept!.first_completed_at).not.toBeNull()
    await t.db.delete(people).where(eq(people.id, contact))
    expect((await figures(c.church, c.leader.token)).followups).toEqual({ outstanding: 0, response_time_average: null, active_members: 0 })
  })
})
