import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { people, teamContacts } from '../db/schema/index'
import { growPhaseRank, searchTextOf, sortNameOf } from '../features/contacts/read-model'
import { createTestApp, type TestApp } from '../../test/harness'
import { seedLargeContacts, seedLargeWorkspace } from './large'
import { lookupRows } from './lookups'

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
  })
})
