import { count, eq } from 'drizzle-orm'
import { people, teamContacts, userImportRows } from '../src/db/schema/index'
import { buildChurch, post, type Church } from './contact-factories'
import { addMember, body, buildPerson, buildTeam, type TestApp, type TestPerson } from './harness'

let sequence = 0

export interface Conference {
  conference: number
  title: string
  /** An entity admin of the conference: read_user_import and update_user_import. */
  officer: TestPerson
  north: Church
  south: Church
}

/** A conference with an entity admin and two churches, each with an owner, a leader and a member (factory). */
export async function buildConference(t: TestApp): Promise<Conference> {
  sequence += 1
  const title = `Conference ${sequence}`
  const conference = await buildTeam(t, { kind: 'conference', title })
  const officer = await buildPerson(t, { firstName: 'Oscar', lastName: 'Officer' })
  await addMember(t, officer.id, conference, 'entity_admin')
  const north = await buildChurch(t, { conference, title: 'North Church' })
  const south = await buildChurch(t, { conference, title: 'South Church' })
  return { conference, title, officer, north, south }
}

/** create-user-import as the officer; the answer's body. */
export async function createImport(t: TestApp, c: Conference, data: unknown[], extra: Record<string, unknown> = {}) {
  const response = await post(t, 'create-user-import', c.officer.token, { team_id: c.conference, title: 'Harvest rally', data, ...extra })
  if (response.statusCode !== 200) throw new Error(`create-user-import answered ${response.statusCode}: ${response.body}`)
  return body(response)
}

/** The ids of an import's people, by first name. */
export async function importPeople(t: TestApp, importId: number): Promise<Map<string, number>> {
  const rows = await t.db
    .select({ id: people.id, first_name: people.first_name })
    .from(userImportRows)
    .innerJoin(people, eq(people.id, userImportRows.person_id))
    .where(eq(userImportRows.import_id, importId))
  return new Map(rows.map((row) => [row.first_name, row.id]))
}

/** How a team holds a contact, or undefined. */
export async function heldBy(t: TestApp, teamId: number, personId: number) {
  const rows = await t.db.select().from(teamContacts).where(eq(teamContacts.person_id, personId))
  return rows.find((row) => row.team_id === teamId)
}

export async function peopleCount(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(people)
  return row!.n
}
