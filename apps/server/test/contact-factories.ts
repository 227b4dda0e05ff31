import { eq } from 'drizzle-orm'
import { refreshContactReadModel } from '../src/platform/read-model'
import { activityLog, assignments, groupContacts, people, teamContacts, teams } from '../src/db/schema/index'
import { addMember, buildPerson, buildTeam, type TestApp, type TestPerson } from './harness'

let sequence = 0

export interface ContactOptions {
  /** The team that holds the contact. */
  teamId: number
  /** Groups of the team the contact is placed in (the primary group holds it anyway). */
  groupIds?: number[]
  /** Whether the team owns the contact; true by default. */
  isOwner?: boolean
  state?: 'active' | 'awaiting_approval'
  archived?: boolean
  addedById?: number
  requestedById?: number
  /** Columns of the person; a name and member status are made up when not given. */
  person?: Partial<typeof people.$inferInsert>
}

/** A contact held by a team, in the read model as the service would leave it (factory). */
export async function buildContact(t: TestApp, options: ContactOptions): Promise<number> {
  sequence += 1
  const [person] = await t.db
    .insert(people)
    .values({ first_name: `Contact${sequence}`, last_name: `Person${sequence}`, member_status: 'member', ...options.person })
    .returning({ id: people.id })
  const id = person!.id
  await addToTeam(t, id, options)
  return id
}

/** Adds an existing person to another team (and its groups), like a shared contact. */
export async function addToTeam(t: TestApp, personId: number, options: Omit<ContactOptions, 'person'>): Promise<void> {
  await t.db.insert(teamContacts).values({
    team_id: options.teamId,
    person_id: personId,
    is_owner: options.isOwner ?? true,
    state: options.state ?? 'active',
    archived_at: options.archived ? new Date() : null,
    added_by_id: options.addedById ?? null,
    requested_by_id: options.requestedById ?? null,
  })
  for (const groupId of options.groupIds ?? []) await t.db.insert(groupContacts).values({ group_id: groupId, person_id: personId })
  await refreshContactReadModel(t.db, personId, t.clock.now())
}

/** Assigns a contact to a person in a team. */
export async function assignContact(t: TestApp, options: { teamId: number; contactId: number; toId: number; byId?: number }): Promise<number> {
  const [row] = await t.db
    .insert(assignments)
    .values({ team_id: options.teamId, contact_id: options.contactId, to_person_id: options.toId, by_person_id: options.byId ?? null })
    .returning({ id: assignments.id })
  return row!.id
}

/** The activity log of a contact, oldest first. */
export async function activityOf(t: TestApp, contactId: number) {
  return t.db.select().from(activityLog).where(eq(activityLog.contact_id, contactId)).orderBy(activityLog.id)
}

/** A birth year and month that make someone `years` old (and a month) today. */
export function bornYearsAgo(t: TestApp, years: number): { dob_year: number; dob_month: number } {
  const now = t.clock.now()
  const month = now.getMonth() + 1
  return { dob_year: now.getFullYear() - years, dob_month: month }
}

export interface Church {
  conference: number
  church: number
  /** The church's primary owner (no checks: owners are exempt from the child data gate). */
  owner: TestPerson
  /** A leader with a Working with Children Check and AdSafe training. */
  leader: TestPerson
  member: TestPerson
}

/** A church of a conference with an owner, a checked leader and a member (factory). */
export async function buildChurch(t: TestApp, options: { conference?: number; title?: string } = {}): Promise<Church> {
  const conference = options.conference ?? (await buildTeam(t, { kind: 'conference' }))
  const church = await buildTeam(t, { kind: 'team', parentId: conference, ...(options.title ? { title: options.title } : {}) })
  const owner = await buildPerson(t, { firstName: 'Olive', lastName: 'Owner' })
  const leader = await buildPerson(t)
  const member = await buildPerson(t)
  await addMember(t, owner.id, church, 'owner')
  await addMember(t, leader.id, church, 'leader', { has_wwcc: true, has_adsafe: true })
  await addMember(t, member.id, church, 'member')
  await t.db.update(teams).set({ owner_id: owner.id }).where(eq(teams.id, church))
  return { conference, church, owner, leader, member }
}

/** A POST to /api/v1/{path} as the person holding `token`. */
export function post(t: TestApp, path: string, token: string, payload: Record<string, unknown>) {
  return t.call({ method: 'POST', url: `/api/v1/${path}`, token, payload })
}

/** A GET of /api/v1/{path} with a query, as the person holding `token`. */
export function get(t: TestApp, path: string, token: string, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))
  return t.call({ method: 'GET', url: `/api/v1/${path}?${search}`, token })
}
