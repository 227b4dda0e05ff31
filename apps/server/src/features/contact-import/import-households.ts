import { sql } from 'drizzle-orm'
import { householdRelationships, inverseRelationshipType, type FamilyRole, type RelationshipGender, type RelationshipType } from '@crm/domain'
import { rowsOf, type Executor } from '../../db/client'
import { insertMany } from '../../db/insert-many'
import { contactImportHouseholds, contactImportRelationships } from '../../db/schema/index'
import type { GroupScope, Viewer } from '../../platform/access'
import { recordActivities, type ActivityEntry } from '../../platform/activity'
import { fullName } from '../../platform/format'
import { relationshipTitle } from '../relationships/relationship-titles'

// The households of a file (issue 41 item 4): the members of one household are made relatives
// as the church would enter them (rules/households.ts), through the relationships of the team.
// A household may span chunks: each chunk keeps its members under the import, and makes what
// the household's members so far make. A pair already related keeps its relationship.

/** A row's place in its household. */
export interface HouseholdEntry {
  personId: number
  householdId: string
  role: FamilyRole
  row: number
}

interface Member {
  person_id: number
  household_id: string
  role: FamilyRole
  gender: string | null
  first_name: string
  last_name: string
}

const genderOf = (gender: string | null): RelationshipGender => (gender === 'male' || gender === 'female' ? gender : null)

/**
 * Makes the relationships of the households the chunk's rows are in, among their members in
 * the whole import (on a dry run, in the chunk): answers how many were made and every member
 * of those households (their activity is the import's own, not someone's work since).
 */
export async function makeHouseholds(
  tx: Executor,
  at: { importId: number | null; viewer: Viewer; scope: GroupScope },
  entries: readonly HouseholdEntry[],
): Promise<{ made: number; members: number[] }> {
  if (entries.length === 0) return { made: 0, members: [] }
  const { importId, viewer, scope } = at
  const households = JSON.stringify([...new Set(entries.map((entry) => entry.householdId))])
  let members: Member[]
  if (importId !== null) {
    await insertMany(
      tx,
      contactImportHouseholds,
      entries.map((entry) => ({ import_id: importId, person_id: entry.personId, household_id: entry.householdId, role: entry.role })),
      { onConflict: sql`(import_id, person_id) do update set household_id = excluded.household_id, role = excluded.role` },
    )
    members = rowsOf<Member>(
      await tx.execute(sql`select h.person_id, h.household_id, h.role, p.gender, p.first_name, p.last_name
        from contact_import_households h join people p on p.id = h.person_id
        where h.import_id = ${importId} and h.household_id = any(array(select json_array_elements_text(${households}::json)))
        order by h.person_id`),
    )
  } else {
    const ids = JSON.stringify(entries.map((entry) => entry.personId))
    const people = new Map(
      rowsOf<Omit<Member, 'household_id' | 'role'>>(
        await tx.execute(sql`select id as person_id, gender, first_name, last_name from people
          where id = any(array(select json_array_elements_text(${ids}::json)::int))`),
      ).map((person) => [person.person_id, person]),
    )
    members = entries.flatMap((entry) => {
      const person = people.get(entry.personId)
      return person ? [{ ...person, household_id: entry.householdId, role: entry.role }] : []
    })
  }
  const byHousehold = new Map<string, Member[]>()
  for (const member of members) byHousehold.set(member.household_id, [...(byHousehold.get(member.household_id) ?? []), member])
  const wanted = [...byHousehold.values()].flatMap((household) =>
    householdRelationships(household.map((member) => ({ id: member.person_id, role: member.role, gender: genderOf(member.gender) }))),
  )
  if (wanted.length === 0) return { made: 0, members: members.map((member) => member.person_id) }
  const made = rowsOf<{ id: number; contact_id: number; related_id: number; relationship_type: RelationshipType }>(
    await tx.execute(sql`insert into contact_relationships (team_id, contact_id, related_id, relationship_type, created_by_id)
      select ${scope.team.id}, r.contact_id, r.related_id, r.relationship_type, ${viewer.personId}
      from jsonb_to_recordset(${JSON.stringify(wanted.map((w) => ({ contact_id: w.contactId, related_id: w.relatedId, relationship_type: w.type })))}::jsonb)
        as r(contact_id int, related_id int, relationship_type text)
      on conflict do nothing
      returning id, contact_id, related_id, relationship_type`),
  )
  if (importId !== null && made.length > 0) {
    await insertMany(
      tx,
      contactImportRelationships,
      made.map((relationship) => ({ import_id: importId, relationship_id: relationship.id })),
    )
  }
  // As add-contact-relationship records one: on each contact, what the other is to it.
  const person = new Map(members.map((member) => [member.person_id, member]))
  const rowOf = new Map(entries.map((entry) => [entry.personId, entry.row]))
  const readable = (other: Member, type: RelationshipType | ReturnType<typeof inverseRelationshipType>, row: number | undefined) => ({
    related_user_id: other.person_id,
    user_name: fullName(other.first_name, other.last_name),
    relationship_type: type,
    relationship_type_display: relationshipTitle(type),
    source_of_change: 'user_import',
    ...(row === undefined ? {} : { import_row: row }),
  })
  const activity: ActivityEntry[] = made.flatMap((relationship) => {
    const contact = person.get(relationship.contact_id)!
    const related = person.get(relationship.related_id)!
    const common = {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user_relationship' as const,
      subjectId: relationship.id,
      action: 'add' as const,
    }
    return [
      { ...common, contactId: contact.person_id, after: readable(related, relationship.relationship_type, rowOf.get(contact.person_id)) },
      {
        ...common,
        contactId: related.person_id,
        after: readable(contact, inverseRelationshipType(relationship.relationship_type, genderOf(contact.gender)), rowOf.get(related.person_id)),
      },
    ]
  })
  await recordActivities(tx, activity)
  return { made: made.length, members: members.map((member) => member.person_id) }
}
