import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { reportsSummarySchema } from '@crm/domain'
import { contactEvents, people, teamContacts, teams } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { addToTeam, buildChurch, buildContact, get } from '../../../test/contact-factories'
import { nonZero, setTeamContact } from '../../../test/report-factories'
import { engine } from '../../../test/databases'

// The Baptism decisions widget's entries of the 'all' period as running totals (report_baptisms,
// migration 0042, issue 39): after any mix of writes to the entries and to the teams' contacts
// the totals are what counting the entries of the counted contacts gives, and the chart reads them.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

interface Totals {
  team_id: number
  year: number
  type: string
  member_status: string
  entries: number
}

/** The running totals of these teams, and the same figures counted from the entries. */
async function expectTotalsCounted(teamIds: number[]): Promise<Totals[]> {
  const ids = sql.raw(`array[${teamIds.join(',')}]::int[]`)
  const kept = await t.db.execute(sql`
    select team_id, year, type, member_status, entries from report_baptisms where team_id = any(${ids}) order by 1, 2, 3, 4`)
  const counted = await t.db.execute(sql`
    select e.team_id, extract(year from e.date)::int as year, e.type, coalesce(tc.member_status, '') as member_status, count(*)::int as entries
    from contact_events e
    join team_contacts tc on tc.team_id = e.team_id and tc.person_id = e.contact_id and tc.state = 'active' and tc.archived_at is null
    where e.team_id = any(${ids}) and e.type in ('decision-for-baptism', 'baptism')
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`)
  const rows = (result: unknown) => (result as { rows: Totals[] }).rows.map((row) => ({ ...row, team_id: Number(row.team_id), year: Number(row.year) }))
  expect(rows(kept)).toEqual(rows(counted))
  return rows(kept)
}

const entry = (contact: number, team: number, type: string, date: string) => ({ contact_id: contact, team_id: team, type, kind: 'decision' as const, date })

const setContact = (team: number, person: number, values: Partial<typeof teamContacts.$inferInsert>) => setTeamContact(t, team, person, values)

const sum = (totals: Totals[]) => totals.reduce((total, row) => total + row.entries, 0)

describe('report_baptisms: running totals of the Baptism decisions widget', () => {
  it('D3-2.3-07 follow every kind of write to the entries and to the teams’ contacts', async () => {
    const north = await buildTeam(t, { kind: 'team' })
    const south = await buildTeam(t, { kind: 'team' })
    const ann = await buildContact(t, { teamId: north })
    const ben = await buildContact(t, { teamId: north })
    const cal = await buildContact(t, { teamId: north, state: 'awaiting_approval' })
    const dee = await buildContact(t, { teamId: south, archived: true })
    await addToTeam(t, ann, { teamId: south })
    await t.db
      .insert(contactEvents)
      .values([
        entry(ann, north, 'decision-for-baptism', '2025-03-01'),
        entry(ann, north, 'baptism', '2025-09-01'),
        entry(ben, north, 'decision-for-baptism', '2026-01-10'),
        entry(ben, north, 'decision-to-follow-jesus', '2026-01-10'),
        entry(cal, north, 'decision-for-baptism', '2026-02-01'),
        entry(dee, south, 'baptism', '2024-05-05'),
        entry(ann, south, 'decision-for-baptism', '2026-04-04'),
      ])
    // cal awaits the owner's approval and dee is archived: 4 entries count.
    expect(sum(await expectTotalsCounted([north, south]))).toBe(4)

    // An entry moved to another year and made a baptism; another of another kind made one.
    const [moved] = await t.db
      .update(contactEvents)
      .set({ date: '2024-12-31', type: 'baptism' })
      .where(and(eq(contactEvents.contact_id, ben), eq(contactEvents.type, 'decision-for-baptism')))
      .returning({ id: contactEvents.id })
    await t.db
      .update(contactEvents)
      .set({ type: 'decision-for-baptism' })
      .where(and(eq(contactEvents.contact_id, ben), eq(contactEvents.type, 'decision-to-follow-jesus')))
    await expectTotalsCounted([north, south])

    // The contact given a member status, archived and restored, approved, taken in again.
    await setContact(north, ann, { member_status: 'member' })
    await setContact(south, dee, { archived_at: null })
    await setContact(north, ben, { archived_at: new Date() })
    await expectTotalsCounted([north, south])
    await setContact(north, ben, { archived_at: null })
    await setContact(north, cal, { state: 'active' })
    const before = await expectTotalsCounted([north, south])
    // The read model's columns alone move nothing.
    await t.db.update(teamContacts).set({ last_interaction_at: new Date() }).where(eq(teamContacts.team_id, north))
    expect(await expectTotalsCounted([north, south])).toEqual(before)
    // Several rows in one statement, each its own way.
    await t.db
      .update(teamContacts)
      .set({ member_status: sql`case when ${teamContacts.person_id} = ${ann} then 'attendee' else 'visitor' end` })
      .where(eq(teamContacts.team_id, north))
    await expectTotalsCounted([north, south])

    // An entry deleted; removed from a team; a person deleted; a team deleted.
    await t.db.delete(contactEvents).where(eq(contactEvents.id, moved!.id))
    await expectTotalsCounted([north, south])
    await t.db.delete(teamContacts).where(and(eq(teamContacts.team_id, north), eq(teamContacts.person_id, cal)))
    await expectTotalsCounted([north, south])
    await t.db.delete(people).where(eq(people.id, ann))
    await expectTotalsCounted([north, south])
    await t.db.delete(teams).where(eq(teams.id, south))
    expect(await expectTotalsCounted([south])).toEqual([])
    expect((await expectTotalsCounted([north])).map((row) => [row.year, row.type, row.member_status, row.entries])).toEqual([
      [2026, 'decision-for-baptism', 'visitor', 1],
    ])
  })

  it('counts a bulk insert of many entries, and of contacts that already have entries, in one statement each', async () => {
    const team = await buildTeam(t, { kind: 'team' })
    const inserted = await t.db
      .insert(people)
      .values(Array.from({ length: 30 }, (_, i) => ({ first_name: `Bulk${i}`, last_name: 'Entry' })))
      .returning({ id: people.id })
    // Entries first: their contacts are not the team's yet, so nothing counts.
    await t.db
      .insert(contactEvents)
      .values(inserted.map(({ id }, i) => entry(id, team, i % 3 === 0 ? 'baptism' : 'decision-for-baptism', `${2020 + (i % 5)}-06-01`)))
    expect(await expectTotalsCounted([team])).toEqual([])
    await t.db.insert(teamContacts).values(inserted.map(({ id }, i) => ({ team_id: team, person_id: id, member_status: i % 2 === 0 ? 'member' : null })))
    expect(sum(await expectTotalsCounted([team]))).toBe(30)
  })
})

describe("the 'all' period from the totals", () => {
  it("D3-2.3-07 a church's and a conference's combined 'all', by member status too", async () => {
    const conference = await buildTeam(t, { kind: 'conference' })
    const first = await buildChurch(t, { conference })
    const second = await buildChurch(t, { conference })
    const [ana, ben, cy] = [
      await buildContact(t, { teamId: first.church }),
      await buildContact(t, { teamId: first.church }),
      await buildContact(t, { teamId: second.church }),
    ]
    await setContact(first.church, ana, { member_status: 'member' })
    await setContact(first.church, ben, { member_status: 'visitor' })
    await t.db
      .insert(contactEvents)
      .values([
        entry(ana, first.church, 'decision-for-baptism', '2024-12-31'),
        entry(ana, first.church, 'baptism', '2025-01-01'),
        entry(ben, first.church, 'decision-for-baptism', '2025-06-01'),
        entry(cy, second.church, 'decision-for-baptism', '2025-07-01'),
      ])
    const all = async (teamId: number, token: string, query: Record<string, string> = {}) => {
      const response = await get(t, `reports-summary/${teamId}`, token, { baptism_decisions_period: 'all', ...query })
      expect(response.statusCode, response.body).toBe(200)
      return reportsSummarySchema.parse(body(response)).baptism_decisions
    }
    const church = await all(first.church, first.leader.token)
    expect(nonZero(church, 'baptism_decisions')).toEqual({ '2024': 1, '2025': 1 })
    expect(nonZero(church, 'baptisms')).toEqual({ '2025': 1 })
    expect(church.points.map((point) => point.label)).toEqual(['2024', '2025', '2026'])
    expect(nonZero(await all(first.church, first.leader.token, { member_status: 'member' }), 'baptism_decisions')).toEqual({ '2024': 1 })

    const officer = await buildPerson(t)
    await addMember(t, officer.id, conference, 'entity_admin')
    const combined = await all(conference, officer.token, { combined: '1' })
    expect(nonZero(combined, 'baptism_decisions')).toEqual({ '2024': 1, '2025': 2 })
    expect(combined.totals).toEqual({ baptism_decisions: 3, baptisms: 1 })
  })
})

// Two writers on two connections: only PostgreSQL has them (PGlite serves one at a time).
describe.runIf(engine === 'postgres')('report_baptisms under two writers at once', () => {
  it('D3-2.3-07 an entry recorded while its contact is archived is counted by exactly one of the two', async () => {
    const church = await buildTeam(t, { kind: 'team' })
    const ruth = await buildContact(t, { teamId: church })
    let commitFirst = () => {}
    const firstHeld = new Promise<void>((resolve) => (commitFirst = resolve))
    let recorded = () => {}
    const firstWrote = new Promise<void>((resolve) => (recorded = resolve))
    const first = t.db.transaction(async (tx) => {
      await tx.insert(contactEvents).values(entry(ruth, church, 'baptism', '2026-03-01'))
      recorded()
      await firstHeld
    })
    await firstWrote
    let archived = false
    const second = setContact(church, ruth, { archived_at: new Date() })
      .execute()
      .then(() => (archived = true))
    try {
      // The archive's trigger waits for the team's lock that the open entry holds.
      await vi.waitFor(
        async () => {
          const waiting = await t.db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 7304 and not granted`)
          expect(archived || (waiting as unknown as { rows: Array<{ n: number }> }).rows[0]!.n === 1).toBe(true)
        },
        { timeout: 10_000, interval: 20 },
      )
    } finally {
      commitFirst()
    }
    await Promise.all([first, second])
    expect(await expectTotalsCounted([church])).toEqual([])
  })
})
