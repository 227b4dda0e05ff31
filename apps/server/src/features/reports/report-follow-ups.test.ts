import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { assignments, interactions, people, teamContacts, teams } from '../../db/schema/index'
import { buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { addToTeam, assignContact, buildContact } from '../../../test/contact-factories'
import { engine } from '../../../test/databases'

// The reports' follow-ups as running totals (report_follow_ups, migration 0037, issue 39): after
// any mix of writes to assignments, interactions and the teams' contacts, the totals are what
// counting every assignment of a counted contact gives.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

interface Totals {
  team_id: number
  to_person_id: number
  member_status: string
  assignments: number
  outstanding: number
  responded: number
  hours: string
}

/** The running totals of these teams, and the same figures counted from every assignment. */
async function totalsAndCount(teamIds: number[]): Promise<{ kept: Totals[]; counted: Totals[] }> {
  const ids = sql.raw(`array[${teamIds.join(',')}]::int[]`)
  const kept = await t.db.execute(sql`
    select team_id, to_person_id, member_status, assignments, outstanding, responded, round(response_hours, 6)::text as hours
    from report_follow_ups where team_id = any(${ids}) order by 1, 2, 3`)
  const counted = await t.db.execute(sql`
    select a.team_id, a.to_person_id, coalesce(tc.member_status, '') as member_status, count(*)::int as assignments,
           (count(*) filter (where a.first_completed_at is null))::int as outstanding, count(a.first_response_at)::int as responded,
           round(coalesce(sum(extract(epoch from a.first_response_at - a.created_at) / 3600), 0), 6)::text as hours
    from assignments a
    join team_contacts tc on tc.team_id = a.team_id and tc.person_id = a.contact_id and tc.state = 'active' and tc.archived_at is null
    where a.team_id = any(${ids})
    group by 1, 2, 3 order by 1, 2, 3`)
  const rows = (result: unknown) =>
    (result as { rows: Totals[] }).rows.map((row) => ({ ...row, team_id: Number(row.team_id), to_person_id: Number(row.to_person_id) }))
  return { kept: rows(kept), counted: rows(counted) }
}

async function expectTotalsCounted(teamIds: number[]) {
  const { kept, counted } = await totalsAndCount(teamIds)
  expect(kept).toEqual(counted)
  return kept
}

async function completed(team: number, contact: number, by: number, at: Date) {
  const [row] = await t.db
    .insert(interactions)
    .values({
      contact_id: contact,
      team_id: team,
      by_person_id: by,
      author_id: by,
      type: 'visit',
      date: at.toISOString().slice(0, 10),
      occurs_at: at,
      is_completed: true,
      completed_at: at,
    })
    .returning({ id: interactions.id })
  return row!.id
}

describe('report_follow_ups: running totals of the follow-ups', () => {
  it('D3-2.3-05 D3-2.3-06 follow the assignments, their follow-ups and the contacts as every kind of write moves them', async () => {
    const conference = await buildTeam(t, { kind: 'conference' })
    const north = await buildTeam(t, { kind: 'team', parentId: conference })
    const south = await buildTeam(t, { kind: 'team', parentId: conference })
    const ann = await buildPerson(t)
    const ben = await buildPerson(t)
    const carl = await buildPerson(t)
    const ruth = await buildContact(t, { teamId: north })
    const sam = await buildContact(t, { teamId: north, person: { member_status: 'attendee' } })
    const tess = await buildContact(t, { teamId: north, archived: true })
    const teams2 = [north, south]

    // Given, and answered: a response an hour and a half after the assignment.
    const ruthToAnn = await assignContact(t, { teamId: north, contactId: ruth, toId: ann.id })
    await assignContact(t, { teamId: north, contactId: sam, toId: ann.id })
    await assignContact(t, { teamId: north, contactId: ruth, toId: ben.id })
    await assignContact(t, { teamId: north, contactId: tess, toId: ben.id })
    const [given] = await t.db.select({ at: assignments.created_at }).from(assignments).where(eq(assignments.id, ruthToAnn))
    const visit = await completed(north, ruth, ann.id, new Date(given!.at.getTime() + 90 * 60_000))
    let rows = await expectTotalsCounted(teams2)
    expect(rows.find((row) => row.to_person_id === ann.id && row.member_status === 'member')).toMatchObject({ assignments: 1, outstanding: 0, responded: 1 })
    expect(Number(rows.find((row) => row.to_person_id === ann.id && row.member_status === 'member')!.hours)).toBeCloseTo(1.5)

    // The archived contact comes back; another is archived; one changes member status.
    await t.db
      .update(teamContacts)
      .set({ archived_at: null })
      .where(and(eq(teamContacts.team_id, north), eq(teamContacts.person_id, tess)))
    await t.db
      .update(teamContacts)
      .set({ archived_at: new Date() })
      .where(and(eq(teamContacts.team_id, north), eq(teamContacts.person_id, sam)))
    await t.db
      .update(teamContacts)
      .set({ member_status: 'visitor' })
      .where(and(eq(teamContacts.team_id, north), eq(teamContacts.person_id, ruth)))
    await expectTotalsCounted(teams2)

    // The visit is undone, then the follow-up moves to another assignee and another church.
    await t.db.delete(interactions).where(eq(interactions.id, visit))
    await t.db.update(assignments).set({ to_person_id: carl.id }).where(eq(assignments.id, ruthToAnn))
    await addToTeam(t, ruth, { teamId: south })
    await t.db.update(assignments).set({ team_id: south }).where(eq(assignments.id, ruthToAnn))
    await completed(south, ruth, carl.id, new Date())
    await expectTotalsCounted(teams2)

    // A contact awaiting approval counts nothing; its approval counts it.
    await t.db
      .update(teamContacts)
      .set({ state: 'awaiting_approval' })
      .where(and(eq(teamContacts.team_id, north), eq(teamContacts.person_id, tess)))
    await expectTotalsCounted(teams2)
    await t.db
      .update(teamContacts)
      .set({ state: 'active' })
      .where(and(eq(teamContacts.team_id, north), eq(teamContacts.person_id, tess)))
    await expectTotalsCounted(teams2)

    // A contact removed from a team, a person deleted (every row of them cascades), an assignment ended.
    await t.db.delete(teamContacts).where(and(eq(teamContacts.team_id, north), eq(teamContacts.person_id, tess)))
    await t.db.delete(people).where(eq(people.id, sam))
    await t.db.delete(assignments).where(and(eq(assignments.team_id, north), eq(assignments.contact_id, ruth)))
    rows = await expectTotalsCounted(teams2)
    expect(rows.map((row) => row.team_id)).toEqual([south])

    // A church deleted takes its totals with it.
    await t.db.delete(teams).where(inArray(teams.id, teams2))
    expect((await totalsAndCount(teams2)).kept).toEqual([])
  })

  it('D3-2.3-05 a bulk write (an import, a transfer) moves them in one statement as it would one row at a time', async () => {
    const church = await buildTeam(t, { kind: 'team' })
    const staff = await Promise.all([buildPerson(t), buildPerson(t), buildPerson(t)])
    const contacts = await Promise.all(Array.from({ length: 12 }, (_, k) => buildContact(t, { teamId: church, archived: k % 4 === 0 })))
    await t.db.insert(assignments).values(contacts.map((contact, k) => ({ team_id: church, contact_id: contact, to_person_id: staff[k % 3]!.id })))
    await t.db.insert(interactions).values(
      contacts.slice(0, 6).map((contact, k) => ({
        contact_id: contact,
        team_id: church,
        by_person_id: staff[k % 3]!.id,
        author_id: staff[k % 3]!.id,
        type: 'visit' as const,
        date: '2026-11-20',
        occurs_at: new Date(Date.now() + (k + 1) * 3_600_000),
        is_completed: true,
        completed_at: new Date(Date.now() + (k + 1) * 3_600_000),
      })),
    )
    await t.db.update(teamContacts).set({ archived_at: null }).where(eq(teamContacts.team_id, church))
    const rows = await expectTotalsCounted([church])
    expect(rows.reduce((sum, row) => sum + row.assignments, 0)).toBe(12)
    expect(rows.reduce((sum, row) => sum + row.outstanding, 0)).toBe(6)
  })
})

// Two writers on two connections: only PostgreSQL has them (PGlite serves one at a time).
describe.runIf(engine === 'postgres')('report_follow_ups under two writers at once', () => {
  it('D3-2.3-05 an assignment given while its contact is archived is counted by exactly one of the two', async () => {
    const church = await buildTeam(t, { kind: 'team' })
    const ann = await buildPerson(t)
    const ruth = await buildContact(t, { teamId: church })
    let commitFirst = () => {}
    const firstHeld = new Promise<void>((resolve) => (commitFirst = resolve))
    let assigned = () => {}
    const firstWrote = new Promise<void>((resolve) => (assigned = resolve))
    const first = t.db.transaction(async (tx) => {
      await tx.insert(assignments).values({ team_id: church, contact_id: ruth, to_person_id: ann.id })
      assigned()
      await firstHeld
    })
    await firstWrote
    // A query starts when it is awaited or executed, so execute() sends the archive now.
    let archived = false
    const second = t.db
      .update(teamContacts)
      .set({ archived_at: new Date() })
      .where(and(eq(teamContacts.team_id, church), eq(teamContacts.person_id, ruth)))
      .execute()
      .then(() => (archived = true))
    try {
      // The archive's trigger waits for the team's lock that the open assignment holds (were
      // there no lock, the archive would end first and count from before the assignment).
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
    const rows = await expectTotalsCounted([church])
    expect(rows).toEqual([])
  })
})
