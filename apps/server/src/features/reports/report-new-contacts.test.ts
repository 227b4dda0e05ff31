import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { reportsSummarySchema } from '@crm/domain'
import { people, teamContacts, teams } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { addToTeam, buildChurch, buildContact, get } from '../../../test/contact-factories'
import { nonZero, setTeamContact } from '../../../test/report-factories'

// The reports' new contacts of the 'all' period as running totals (report_new_contacts,
// migration 0038, issue 39): after any mix of writes to the teams' contacts the totals are what
// counting the contacts gives, and the years of the chart are the reader's, not UTC's.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  t.clock.advance(new Date('2026-06-15T02:00:00Z').getTime() - Date.now())
})
afterAll(async () => t.close())

interface Totals {
  team_id: number
  year: number
  source: string
  member_status: string
  contacts: number
}

/** The running totals of these teams, and the same figures counted from their contacts. */
async function expectTotalsCounted(teamIds: number[]): Promise<Totals[]> {
  const ids = sql.raw(`array[${teamIds.join(',')}]::int[]`)
  const kept = await t.db.execute(sql`
    select team_id, year, source, member_status, contacts from report_new_contacts where team_id = any(${ids}) order by 1, 2, 3, 4`)
  const counted = await t.db.execute(sql`
    select team_id, extract(year from created_at at time zone 'UTC')::int as year, coalesce(source, '') as source,
           coalesce(member_status, '') as member_status, count(*)::int as contacts
    from team_contacts where team_id = any(${ids}) and state = 'active' and archived_at is null
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`)
  const rows = (result: unknown) => (result as { rows: Totals[] }).rows.map((row) => ({ ...row, team_id: Number(row.team_id), year: Number(row.year) }))
  expect(rows(kept)).toEqual(rows(counted))
  return rows(kept)
}

const setContact = (team: number, person: number, values: Partial<typeof teamContacts.$inferInsert>) => setTeamContact(t, team, person, values)

describe('report_new_contacts: running totals of the new contacts', () => {
  it('D3-2.3-04 D3-2.3-09 follow every kind of write to the teams’ contacts', async () => {
    const north = await buildTeam(t, { kind: 'team' })
    const south = await buildTeam(t, { kind: 'team' })
    const ann = await buildContact(t, { teamId: north })
    const ben = await buildContact(t, { teamId: north })
    const cal = await buildContact(t, { teamId: north, state: 'awaiting_approval' })
    const dee = await buildContact(t, { teamId: south, archived: true })
    await addToTeam(t, ann, { teamId: south })
    expect((await expectTotalsCounted([north, south])).reduce((sum, row) => sum + row.contacts, 0)).toBe(3)

    // Given a source and another member status; taken in another year; archived and restored.
    await setContact(north, ann, { source: 'church-event', member_status: 'attendee' })
    await setContact(north, ben, { created_at: new Date('2023-12-31T23:30:00Z') })
    await setContact(south, dee, { archived_at: null })
    await setContact(north, ann, { archived_at: new Date() })
    await expectTotalsCounted([north, south])
    await setContact(north, ann, { archived_at: null })
    // Approved by the owner: now counted; the read model's columns alone move nothing.
    await setContact(north, cal, { state: 'active' })
    const before = await expectTotalsCounted([north, south])
    await t.db
      .update(teamContacts)
      .set({ last_interaction_at: new Date('2026-06-01T00:00:00Z') })
      .where(eq(teamContacts.team_id, north))
    expect(await expectTotalsCounted([north, south])).toEqual(before)

    // Several rows in one statement, each its own way.
    await t.db
      .update(teamContacts)
      .set({ member_status: sql`case when ${teamContacts.person_id} = ${ann} then 'member' else 'visitor' end`, source: 'web' })
      .where(eq(teamContacts.team_id, north))
    await expectTotalsCounted([north, south])

    // Removed from a team, a person deleted, a team deleted: nothing of them stays counted.
    await t.db.delete(teamContacts).where(and(eq(teamContacts.team_id, north), eq(teamContacts.person_id, cal)))
    await expectTotalsCounted([north, south])
    await t.db.delete(people).where(eq(people.id, ann))
    await expectTotalsCounted([north, south])
    await t.db.delete(teams).where(eq(teams.id, south))
    expect(await expectTotalsCounted([south])).toEqual([])
    expect((await expectTotalsCounted([north])).map((row) => [row.year, row.source, row.member_status, row.contacts])).toEqual([[2023, 'web', 'visitor', 1]])
  })

  it('counts a bulk insert of many contacts in one statement', async () => {
    const team = await buildTeam(t, { kind: 'team' })
    const inserted = await t.db
      .insert(people)
      .values(Array.from({ length: 40 }, (_, i) => ({ first_name: `Bulk${i}`, last_name: 'Contact' })))
      .returning({ id: people.id })
    await t.db.insert(teamContacts).values(
      inserted.map(({ id }, i) => ({
        team_id: team,
        person_id: id,
        source: i % 2 === 0 ? 'web' : null,
        member_status: i % 4 === 0 ? 'member' : null,
        created_at: new Date(Date.UTC(2022 + (i % 3), 5, 1)),
      })),
    )
    const totals = await expectTotalsCounted([team])
    expect(totals.reduce((sum, row) => sum + row.contacts, 0)).toBe(40)
  })
})

describe("the 'all' period from the totals, in the reader's years", () => {
  /** A church in `timeZone` with contacts taken in at these instants (source, member status). */
  async function churchWith(timeZone: string, contacts: Array<[string, string | null, string | null]>) {
    const c = await buildChurch(t)
    await t.db.execute(sql`update teams set settings = ${JSON.stringify({ time_zone: timeZone })}::jsonb where id = ${c.church}`)
    for (const [at, source, status] of contacts) {
      const id = await buildContact(t, { teamId: c.church })
      await setContact(c.church, id, { created_at: new Date(at), source, member_status: status })
    }
    return c
  }

  async function allPeriod(teamId: number, token: string, query: Record<string, string> = {}) {
    const response = await get(t, `reports-summary/${teamId}`, token, { contacts_period: 'all', contact_sources_period: 'all', ...query })
    expect(response.statusCode, response.body).toBe(200)
    return reportsSummarySchema.parse(body(response))
  }

  it('D3-2.3-12 a church ahead of UTC: a contact of 31 December in UTC can be of 1 January where it lives (Adelaide, half an hour)', async () => {
    // Adelaide is UTC+10:30 in summer: its 2026 begins at 13:30 UTC on 31 December 2025.
    const c = await churchWith('Australia/Adelaide', [
      ['2025-12-31T13:29:00Z', 'web', 'member'],
      ['2025-12-31T13:30:00Z', 'web', 'member'],
      ['2024-12-31T20:00:00Z', 'church-event', 'visitor'],
      ['2023-06-01T00:00:00Z', null, 'member'],
    ])
    const { contacts, contact_sources: sources } = await allPeriod(c.church, c.leader.token)
    expect(contacts.points).toEqual([
      { label: '2023', values: { contacts: 1 } },
      { label: '2024', values: { contacts: 0 } },
      { label: '2025', values: { contacts: 2 } },
      { label: '2026', values: { contacts: 1 } },
    ])
    expect(nonZero(sources, 'web')).toEqual({ '2025': 1, '2026': 1 })
    expect(nonZero(sources, 'church-event')).toEqual({ '2025': 1 })
    const members = (await allPeriod(c.church, c.leader.token, { member_status: 'member' })).contacts
    expect(nonZero(members, 'contacts')).toEqual({ '2023': 1, '2025': 1, '2026': 1 })
  })

  it('D3-2.3-12 a church behind UTC: a contact of 1 January in UTC can be of 31 December where it lives (Los Angeles)', async () => {
    // Los Angeles is UTC−8 in winter: its 2026 begins at 08:00 UTC on 1 January 2026.
    const c = await churchWith('America/Los_Angeles', [
      ['2026-01-01T07:59:00Z', 'web', null],
      ['2026-01-01T08:00:00Z', 'web', null],
      ['2025-01-01T03:00:00Z', 'web', null],
    ])
    const { contacts, contact_sources: sources } = await allPeriod(c.church, c.leader.token)
    expect(nonZero(contacts, 'contacts')).toEqual({ '2024': 1, '2025': 1, '2026': 1 })
    expect(sources.points.map((point) => point.label)).toEqual(['2024', '2025', '2026'])
    expect(sources.primary).toBe('web')
  })

  it("D3-2.3-12 a conference's combined 'all' adds up its churches' totals", async () => {
    const conference = await buildTeam(t, { kind: 'conference' })
    const first = await buildChurch(t, { conference })
    const second = await buildChurch(t, { conference })
    for (const [church, at] of [
      [first.church, '2024-03-01T00:00:00Z'],
      [second.church, '2024-04-01T00:00:00Z'],
      [second.church, '2025-04-01T00:00:00Z'],
    ] as const) {
      const id = await buildContact(t, { teamId: church })
      await setContact(church, id, { created_at: new Date(at) })
    }
    const officer = await buildPerson(t)
    await addMember(t, officer.id, conference, 'entity_admin')
    const response = await get(t, `reports-summary/${conference}`, officer.token, { combined: '1', contacts_period: 'all' })
    expect(response.statusCode, response.body).toBe(200)
    expect(nonZero(reportsSummarySchema.parse(body(response)).contacts, 'contacts')).toEqual({ '2024': 2, '2025': 1 })
  })
})
