import { sql } from 'drizzle-orm'
import { refreshContactReadModel } from '../src/platform/read-model'
import { assignments, groupContacts, people, teamContacts } from '../src/db/schema/index'
import type { TestApp } from './harness'

type PersonValues = Partial<typeof people.$inferInsert>
type InteractionReadModel = Partial<
  Pick<typeof teamContacts.$inferInsert, 'last_interaction_at' | 'last_visit_at' | 'next_interaction_at' | 'has_overdue_interaction'>
>

export interface ContactOptions extends PersonValues {
  /** The team that holds the contact. */
  teamId: number
  /** The team owns the contact (default true). */
  isOwner?: boolean
  state?: 'active' | 'awaiting_approval'
  archivedAt?: Date | null
  addedById?: number | null
  requestedById?: number | null
  /** When the team got the contact (the lists' 'created'). */
  createdAt?: Date
  accessFrom?: Date
  accessTo?: Date | null
  /** Groups of the team the contact is also in. */
  groupIds?: number[]
  /** The interactions' read model columns. */
  interactions?: InteractionReadModel
}

let sequence = 0

/**
 * A contact held by a team (factory): the person, the team's team_contacts row, the group
 * rows, and the read model as the contacts service keeps it.
 */
export async function buildContact(t: TestApp, options: ContactOptions): Promise<number> {
  sequence += 1
  const { teamId, isOwner, state, archivedAt, addedById, requestedById, createdAt, accessFrom, accessTo, groupIds, interactions, ...person } = options
  const [row] = await t.db
    .insert(people)
    .values({ first_name: `Contact${sequence}`, last_name: `Person${sequence}`, member_status: 'member', ...person })
    .returning({ id: people.id })
  const id = row!.id
  await t.db.insert(teamContacts).values({
    team_id: teamId,
    person_id: id,
    is_owner: isOwner ?? true,
    state: state ?? 'active',
    archived_at: archivedAt ?? null,
    added_by_id: addedById ?? null,
    requested_by_id: requestedById ?? null,
    ...(createdAt ? { created_at: createdAt } : {}),
    ...(accessFrom ? { access_from: accessFrom } : {}),
    access_to: accessTo ?? null,
    ...interactions,
  })
  for (const groupId of groupIds ?? []) await t.db.insert(groupContacts).values({ group_id: groupId, person_id: id })
  await refreshContactReadModel(t.db, id, t.clock.now())
  return id
}

/** Another team holds an existing contact too (shared, or asking the owner to use it). */
export async function shareContact(
  t: TestApp,
  contactId: number,
  teamId: number,
  options: { isOwner?: boolean; state?: 'active' | 'awaiting_approval'; requestedById?: number | null; createdAt?: Date } = {},
): Promise<void> {
  await t.db.insert(teamContacts).values({
    team_id: teamId,
    person_id: contactId,
    is_owner: options.isOwner ?? false,
    state: options.state ?? 'active',
    requested_by_id: options.requestedById ?? null,
    ...(options.createdAt ? { created_at: options.createdAt } : {}),
  })
  await refreshContactReadModel(t.db, contactId, t.clock.now())
}

/** The contact is assigned to a person of the team. */
export async function assignContact(t: TestApp, teamId: number, contactId: number, toPersonId: number, byPersonId?: number): Promise<void> {
  await t.db.insert(assignments).values({ team_id: teamId, contact_id: contactId, to_person_id: toPersonId, by_person_id: byPersonId ?? null })
}

/**
 * Puts a walked contact back as it was, same id: a call that may remove or archive it (the
 * route × role walk, the fuzz) leaves it gone or archived, and removing the last team's hold
 * deletes the person (spec 2 §4).
 */
export async function restoreHeldContact(t: TestApp, contact: { id: number; teamId: number; firstName: string; lastName: string }): Promise<void> {
  await t.db.execute(sql`
    insert into people (id, first_name, last_name, member_status) overriding system value
    values (${contact.id}, ${contact.firstName}, ${contact.lastName}, 'member') on conflict (id) do nothing`)
  await t.db
    .insert(teamContacts)
    .values({ team_id: contact.teamId, person_id: contact.id, is_owner: true, sort_name: `${contact.firstName} ${contact.lastName}`.toLowerCase() })
    .onConflictDoUpdate({
      target: [teamContacts.team_id, teamContacts.person_id],
      set: { is_owner: true, state: 'active', archived_at: null },
    })
}
