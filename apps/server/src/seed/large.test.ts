import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { isNoteCiphertext } from '@crm/domain'
import { growPhaseRank, nameWordsOf, refreshInteractionReadModel, searchTextOf, sortNameOf } from '../platform/read-model'
import { notes, people, teamContactCounts, teamContacts } from '../db/schema/index'
import { createTestApp, type TestApp } from '../../test/harness'
import { seedLargeContacts, seedLargeWorkspace } from './large'
import { recordSizeFor, seedLargeRecord } from './record'
import { lookupRows } from '../features/lookups/lookup-lists'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

describe('the bench data set', () => {
  it("fills the contacts' read model exactly as the contacts service does", async () => {
    const workspace = await seedLargeWorkspace(t.db, { teams: 2, groupsPerTeam: 2, membersPerTeam: 3 })
    const contacts = await seedLargeContacts(t.db, workspace, 120)
    const rows = await t.db
      .select({ person: people, teamContact: teamContacts })
      .from(teamContacts)
      .innerJoin(people, eq(people.id, teamContacts.person_id))
      .where(eq(teamContacts.team_id, contacts.teamId))
    expect(rows).toHaveLength(120)
    const memberStatusOrder = lookupRows()
      .filter((row) => row.list === 'member-status-types')
      .map((row) => row.value)
    for (const { person, teamContact } of rows) {
      expect(teamContact).toMatchObject({
        sort_name: sortNameOf(person),
        name_words: nameWordsOf(person),
        search_text: searchTextOf(person),
        member_status: person.member_status,
        member_status_rank: memberStatusOrder.indexOf(person.member_status!) + 1,
        grow_phase: person.grow_phase,
        grow_phase_rank: growPhaseRank(person.grow_phase),
        source: person.source,
        gender: person.gender,
        birth_month: person.dob_year ? person.dob_year * 12 + (person.dob_month ?? 1) - 1 : null,
      })
    }
    expect(rows.filter((row) => row.teamContact.archived_at).length).toBe(6)
    expect(rows.some((row) => row.person.phone && row.teamContact.search_text.includes(' 041'))).toBe(true)
    // The lists' counts come with the seed (the triggers of team_contacts keep them).
    const [counts] = await t.db.select().from(teamContactCounts).where(eq(teamContactCounts.team_id, contacts.teamId))
    expect(counts).toMatchObject({ active: 114, archived: 6 })
  })
})

describe("the bench's contact record (issue 12)", () => {
  // A database of its own: the workspace's accounts are made once per database.
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('makes the interactions, notes and activity rows it says, skewed, with the read model up to date', async () => {
    const workspace = await seedLargeWorkspace(t.db, { teams: 1, groupsPerTeam: 1, membersPerTeam: 2 })
    const contacts = await seedLargeContacts(t.db, workspace, 400)
    const size = recordSizeFor(400, {})
    expect(size).toEqual({ interactions: 4000, notes: 4000, activity: 4000 })
    const record = await seedLargeRecord(t.db, workspace, contacts, size)
    const countOf = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.db.execute(query))[0]!.n
    const ofTeam = (table: string) => sql`select count(*)::int as n from ${sql.raw(table)} where team_id = ${contacts.teamId}`
    expect(await countOf(ofTeam('interactions'))).toBe(4000)
    expect(await countOf(ofTeam('notes'))).toBe(4000)
    expect(await countOf(ofTeam('activity_log'))).toBe(4000)
    expect(record.othersPresent).toBeGreaterThan(150)
    // Every row is on a contact of the team.
    for (const table of ['interactions', 'notes', 'activity_log']) {
      expect(
        await countOf(sql`select count(*)::int as n from ${sql.raw(table)} x left join team_contacts tc
                          on tc.person_id = x.contact_id and tc.team_id = x.team_id where tc.id is null`),
      ).toBe(0)
    }
    // Skewed: the typical contact has about ten interactions, the heaviest many more; both adults.
    const interactionsOf = (personId: number) => countOf(sql`select count(*)::int as n from interactions where contact_id = ${personId}`)
    const typical = await interactionsOf(record.typicalContactId)
    expect(typical).toBeGreaterThanOrEqual(5)
    expect(typical).toBeLessThanOrEqual(15)
    expect(await interactionsOf(record.heaviestContactId)).toBeGreaterThan(50)
    const [heavy] = await t.db.select().from(people).where(eq(people.id, record.heaviestContactId))
    expect(heavy!.dob_year === null || heavy!.dob_year < new Date().getFullYear() - 18).toBe(true)
    // A tenth of the notes are private: the busy pastor's, ciphertext-shaped as the browser makes them.
    const privateNotes = await t.db.select().from(notes).where(eq(notes.is_encrypted, true))
    expect(privateNotes).toHaveLength(400)
    for (const note of privateNotes) {
      expect(isNoteCiphertext(note.content)).toBe(true)
      expect(note.author_id).toBe(workspace.busyPersonId)
    }
    // Upcoming (a twentieth) and missed (a fiftieth, past and not completed) interactions.
    expect(await countOf(sql`select count(*)::int as n from interactions where occurs_at > now() and not is_completed`)).toBe(200)
    expect(await countOf(sql`select count(*)::int as n from interactions where occurs_at <= now() and not is_completed`)).toBe(80)
    // The read model is what the interactions service would have written: refreshing it changes nothing.
    const readModel = () =>
      t.db
        .select({
          person_id: teamContacts.person_id,
          last: teamContacts.last_interaction_at,
          visit: teamContacts.last_visit_at,
          next: teamContacts.next_interaction_at,
          missed: teamContacts.has_overdue_interaction,
        })
        .from(teamContacts)
        .where(eq(teamContacts.team_id, contacts.teamId))
        .orderBy(teamContacts.person_id)
    const seeded = await readModel()
    expect(seeded.filter((row) => row.missed).length).toBeGreaterThan(40)
    expect(seeded.filter((row) => row.last === null && row.next === null).length).toBeLessThan(40)
    await refreshInteractionReadModel(
      t.db,
      seeded.map((row) => row.person_id),
      new Date(),
    )
    expect(await readModel()).toEqual(seeded)
  })
})

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
