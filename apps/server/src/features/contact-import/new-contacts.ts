import { and, eq, or, sql, type SQL } from 'drizzle-orm'
import { addContactInteractionRequest } from '@crm/domain'
import type { Executor } from '../../db/client'
import { insertMany } from '../../db/insert-many'
import { groupContacts, people, teamContacts, teams } from '../../db/schema/index'
import type { GroupScope, TeamRow, Viewer } from '../../platform/access'
import { recordActivities, type ActivityEntry } from '../../platform/activity'
import { contactRoleOf, type ContactScope } from '../../platform/contact-access'
import { memberStatusRank, readModelOf, refreshInteractionReadModel } from '../../platform/read-model'
import { insertContactEvents, type NewContactEvent } from '../contact-events/contact-events.service'
import type { ContactIdentity, PersonValues } from '../contacts/contact-input'
import { conferenceIdOf, inConference } from '../contacts/duplicates.service'
import { checkNewInteraction, insertInteractions, type NewInteraction } from '../interactions/interactions.service'
import { insertContactNotes, type NewNote } from '../notes/notes.service'
import type { ExtendedColumns } from './extended-columns'

// The set-based half of import-users: the duplicates of a chunk's rows found in three queries,
// and the accepted rows written together, each kind of record in a statement or two, with the
// writes of the features they belong to (a 500-row chunk is about fifteen statements, not
// thousands: issue 17's 10,000 rows in 30 s on PGlite).

/** Where a row's person is known already: assertNoDuplicate's two answers, or none. */
export type Known = 'in_this_team' | 'in_other_team' | null

/** Where a row's person is known, and in this team, which contact (the first matched by email, phone, then name). */
export interface KnownIdentity {
  known: Known
  personId: number | null
}

type MatchField = 'email' | 'phone' | 'name'

/** A name and gender as the duplicate rule compares them (first name, last name, gender; case aside). */
function nameKeyOf(identity: ContactIdentity): string | null {
  if (!identity.first_name || !identity.gender) return null
  return `${identity.first_name.toLowerCase()}\u0001${(identity.last_name ?? '').toLowerCase()}\u0001${identity.gender}`
}

const keyOf: Record<MatchField, (identity: ContactIdentity) => string | null> = {
  email: (identity) => identity.email?.toLowerCase() ?? null,
  phone: (identity) => identity.phone,
  name: nameKeyOf,
}

/** The condition matching people by one field's keys, and the key of a matched person (spec 2 §8, as matchConditions). */
function matchTerm(field: MatchField, keys: string[]): { condition: SQL; key: SQL<string> } {
  // One parameter for all the keys: a list of hundreds of values is slow to parse.
  const json = JSON.stringify(keys)
  if (field === 'email')
    return { condition: sql`lower(${people.email}) = any(array(select json_array_elements_text(${json}::json)))`, key: sql<string>`lower(${people.email})` }
  if (field === 'phone')
    return { condition: sql`${people.phone} = any(array(select json_array_elements_text(${json}::json)))`, key: sql<string>`${people.phone}` }
  const tuples = JSON.stringify(keys.map((key) => key.split('\u0001')).map(([f, l, g]) => ({ f, l, g })))
  return {
    condition: sql`(lower(${people.first_name}), lower(${people.last_name}), ${people.gender}) in (select f, l, g from json_to_recordset(${tuples}::json) as k(f text, l text, g text))`,
    key: sql<string>`lower(${people.first_name}) || chr(1) || lower(${people.last_name}) || chr(1) || ${people.gender}`,
  }
}

/**
 * assertNoDuplicate's rule for a chunk's rows at once: a person matched by email, phone, or
 * name and gender among the contacts of this team, whatever their state, is 'in_this_team';
 * else among the active contacts of the other teams of the conference, 'in_other_team'. A row
 * that matches one accepted before it in the chunk is in this team too. Three queries, each
 * served by its index of people; run under the conference lock, like the check of one row.
 */
export async function knownIdentities(tx: Executor, team: TeamRow, identities: ContactIdentity[]): Promise<KnownIdentity[]> {
  const seen = new Map<MatchField, Map<string, { here: boolean; person: number | null }>>()
  for (const field of ['email', 'phone', 'name'] as const) {
    const keys = [...new Set(identities.flatMap((identity) => keyOf[field](identity) ?? []))]
    const here = new Map<string, { here: boolean; person: number | null }>()
    seen.set(field, here)
    if (keys.length === 0) continue
    const term = matchTerm(field, keys)
    const hits = await tx
      .select({
        key: term.key,
        here: sql<boolean>`bool_or(${teamContacts.team_id} = ${team.id})`,
        person: sql<number | null>`min(case when ${teamContacts.team_id} = ${team.id} then ${people.id} end)`,
      })
      .from(people)
      .innerJoin(teamContacts, eq(teamContacts.person_id, people.id))
      .innerJoin(teams, eq(teams.id, teamContacts.team_id))
      .where(and(term.condition, or(eq(teamContacts.team_id, team.id), and(eq(teamContacts.state, 'active'), inConference(conferenceIdOf(team))))))
      .groupBy(term.key)
    for (const hit of hits) here.set(hit.key, { here: Boolean(hit.here), person: hit.person === null ? null : Number(hit.person) })
  }
  return identities.map((identity) => {
    const matches = (['email', 'phone', 'name'] as const).flatMap((field) => {
      const key = keyOf[field](identity)
      const hit = key === null ? undefined : seen.get(field)!.get(key)
      return hit === undefined ? [] : [hit]
    })
    const inThisTeam = matches.find((hit) => hit.here)
    if (inThisTeam) return { known: 'in_this_team', personId: inThisTeam.person }
    return { known: matches.length > 0 ? 'in_other_team' : null, personId: null }
  })
}

/** The identities of the rows accepted so far in a chunk, with their rows: a later row that matches one is in this team. */
export class ChunkIdentities {
  private readonly rows = new Map<string, number>()

  has(identity: ContactIdentity): boolean {
    return this.rowOf(identity) !== undefined
  }

  /** The row of the first accepted identity this one matches. */
  rowOf(identity: ContactIdentity): number | undefined {
    for (const field of ['email', 'phone', 'name'] as const) {
      const key = keyOf[field](identity)
      const row = key === null ? undefined : this.rows.get(`${field}:${key}`)
      if (row !== undefined) return row
    }
    return undefined
  }

  add(identity: ContactIdentity, row = 0): void {
    for (const field of ['email', 'phone', 'name'] as const) {
      const key = keyOf[field](identity)
      if (key !== null && !this.rows.has(`${field}:${key}`)) this.rows.set(`${field}:${key}`, row)
    }
  }
}

/** An accepted row: the person's columns after create-user's rules, and what its extended columns create. */
export interface NewContact {
  row: number
  values: PersonValues
  isChild: boolean
  /** Another team of the conference the contact joins (assign_to_team_name). */
  assignTo: Pick<TeamRow, 'id'> | null
  extended: ExtendedColumns
}

interface Writer {
  now: Date
  today: string
  viewer: Viewer
  scope: GroupScope
  /** What every activity row of the import names besides its row (import-and-share: the record). */
  logged?: Record<string, unknown>
}

/** The read model of a new person from the columns written (the rest are null). */
function readModelOfValues(values: PersonValues) {
  return readModelOf({
    first_name: values.first_name ?? '',
    last_name: values.last_name ?? '',
    email: values.email ?? null,
    phone: values.phone ?? null,
    gender: values.gender ?? null,
    member_status: values.member_status ?? null,
    grow_phase: values.grow_phase ?? null,
    source: values.source ?? null,
    dob_year: values.dob_year ?? null,
    dob_month: values.dob_month ?? null,
  })
}

/**
 * The accepted rows, written: the people (create-user's rows: owned by the team, in the
 * selected group, the read model filled as refreshContactReadModel fills it), the teams they
 * are assigned to, their notes, decisions and events and prayer requests, and every activity
 * row, marked as the import's with the row's number.
 */
export async function saveNewContacts(tx: Executor, at: Writer, contacts: NewContact[]): Promise<number[]> {
  if (contacts.length === 0) return []
  const { now, viewer, scope } = at
  const inserted = await insertMany(
    tx,
    people,
    contacts.map((contact) => ({ first_name: '', ...contact.values, created_by_id: viewer.personId })),
    { returning: ['id', 'first_name', 'last_name'] },
  )
  const ids = contacts.map((contact, index) => {
    const person = inserted[index]!
    if (person.first_name !== (contact.values.first_name ?? '') || person.last_name !== (contact.values.last_name ?? '')) {
      throw new Error('The new contacts came back out of order.')
    }
    return person.id
  })
  const origin = (contact: NewContact) => ({ source_of_change: 'user_import', import_row: contact.row, ...at.logged })

  const holdings = contacts.flatMap((contact, index) => {
    // The member status's rank is SQL (its place in the lookup's order): computed below.
    const { member_status_rank: _rank, ...readModel } = readModelOfValues(contact.values)
    const held = { person_id: ids[index]!, is_owner: true, state: 'active' as const, added_by_id: viewer.personId, ...readModel, updated_at: now }
    return [{ ...held, team_id: scope.team.id }, ...(contact.assignTo ? [{ ...held, team_id: contact.assignTo.id }] : [])]
  })
  const held = await insertMany(tx, teamContacts, holdings, {
    computed: { member_status_rank: memberStatusRank(sql`r.member_status`) },
    returning: ['id', 'team_id', 'person_id'],
  })
  const holdingOf = new Map(held.map((row) => [`${row.team_id}/${row.person_id}`, row.id]))
  if (scope.group.id !== scope.team.id) {
    await tx
      .insert(groupContacts)
      .values(ids.map((id) => ({ group_id: scope.group.id, person_id: id, added_by_id: viewer.personId })))
      .onConflictDoNothing()
  }

  const activity: ActivityEntry[] = []
  const notes: NewNote[] = []
  const events: NewContactEvent[] = []
  contacts.forEach((contact, index) => {
    const id = ids[index]!
    activity.push({
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user',
      subjectId: id,
      contactId: id,
      action: 'add',
      after: { ...contact.values, group_id: scope.group.id, ...origin(contact) },
    })
    if (contact.assignTo) {
      const team = contact.assignTo.id
      activity.push({
        authorId: viewer.personId,
        teamId: team,
        subjectType: 'team_contacts',
        subjectId: holdingOf.get(`${team}/${id}`)!,
        contactId: id,
        action: 'add',
        after: { team_id: team, state: 'active', is_owner: true, from_team_id: scope.team.id, ...origin(contact) },
      })
    }
    const { note, events: recorded } = contact.extended
    // A team note (a private one is ciphertext its author makes in the browser).
    if (note)
      notes.push({
        note: { contact_id: id, team_id: scope.team.id, author_id: viewer.personId, content: note, is_encrypted: false, is_public: false },
        logged: origin(contact),
      })
    for (const event of recorded) {
      const fields = { type: event.type, date: event.date, grow_phase: null, member_status: null, content: event.content }
      events.push({ teamId: scope.team.id, contactId: id, fields, logged: origin(contact) })
    }
  })
  await recordActivities(tx, activity)
  await insertContactNotes(tx, notes)
  await insertContactEvents(tx, { author: viewer, now }, events)

  // Prayer requests, received today, by add-contact-interaction's check and write; nobody else
  // sees the new contacts before the chunk commits, so their read model needs no lock.
  const prayers: Array<{ scope: ContactScope; interaction: NewInteraction; origin: { source: 'user_import'; logged: Record<string, unknown> } }> = []
  for (const [index, contact] of contacts.entries()) {
    if (!contact.extended.prayerRequest) continue
    const id = ids[index]!
    const contactScope = newContactScope(at, { id, values: contact.values, isChild: contact.isChild, teamContactId: holdingOf.get(`${scope.team.id}/${id}`)! })
    const request = addContactInteractionRequest.parse({
      team_id: scope.team.id,
      group_id: scope.group.id,
      user_id: id,
      type: 'prayer',
      prayer_type: 'request',
      date: at.today,
      content: contact.extended.prayerRequest,
      is_completed: true,
    })
    const interaction = await checkNewInteraction(tx, now, viewer, contactScope, request)
    prayers.push({ scope: contactScope, interaction, origin: { source: 'user_import', logged: origin(contact) } })
  }
  await insertInteractions(tx, now, viewer, prayers)
  await refreshInteractionReadModel(
    tx,
    prayers.map((prayer) => prayer.scope.contact.id),
    now,
  )
  return ids
}

/** A new contact as its importer reaches it in the team: what loadContactScope would answer. */
function newContactScope(at: Writer, contact: { id: number; values: PersonValues; isChild: boolean; teamContactId: number }): ContactScope {
  const { viewer, scope } = at
  return {
    ...scope,
    contact: {
      id: contact.id,
      first_name: contact.values.first_name ?? '',
      last_name: contact.values.last_name ?? '',
      dob_year: contact.values.dob_year ?? null,
      dob_month: contact.values.dob_month ?? null,
      created_by_id: viewer.personId,
    },
    teamContact: { id: contact.teamContactId, is_owner: true, state: 'active', archived_at: null, added_by_id: viewer.personId },
    inGroup: true,
    isAssigned: false,
    contactRole: contactRoleOf(scope.role, false),
    readsInTeam: true,
    isChild: contact.isChild,
  }
}
