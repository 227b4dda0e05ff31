import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { relationshipTypeFor, type RelationshipGender, type RelationshipKind, type RelationshipType } from '@crm/domain'
import type { Executor } from '../db/client'
import { contactInterests, contactRelationships, lookupItems, people, teamContacts } from '../db/schema/index'
import { recordActivity } from '../platform/activity'

export interface DemoRelationshipsInput {
  /** Hope Street Church holds the related contacts. */
  hopeId: number
  people: { owner: number; leader: number }
  now: Date
}

// [contact, related, kind]: the related contact is the contact's <kind>, worded by the related one's gender.
const family: ReadonlyArray<[number, number, RelationshipKind]> = [
  [0, 1, 'spouse'],
  [2, 0, 'parent'], // 2 and 3 are 0's children: they are offered as siblings, and 1 as their other parent
  [3, 0, 'parent'],
  [4, 5, 'friend'],
  [4, 2, 'neighbor'],
  [6, 7, 'sibling'],
]

const interestPlan: Array<Array<[string, string?]>> = [
  [['bible-study'], ['prayer']],
  [['music'], ['other', 'Gardening']],
  [['youth-ministry']],
  [['health'], ['cooking']],
  [['small-groups'], ['community-service'], ['other', 'Choir']],
  [['marriage-family']],
  [['newsletter'], ['prayer']],
  [['counselling']],
]

/**
 * A few families and friendships among Hope Street's adult contacts with consent (so the
 * Relationships tab shows direct, inverse and inferred lists), interests on the same
 * contacts, and their activity-log rows as the services write them.
 */
export async function seedDemoRelationships(tx: Executor, demo: DemoRelationshipsInput): Promise<{ relationships: number; interests: number }> {
  const adultBorn = demo.now.getFullYear() - 18
  const held = await tx
    .select({ id: people.id, first: people.first_name, last: people.last_name, gender: people.gender })
    .from(teamContacts)
    .innerJoin(people, eq(people.id, teamContacts.person_id))
    .where(
      and(
        eq(teamContacts.team_id, demo.hopeId),
        eq(teamContacts.is_owner, true),
        eq(teamContacts.state, 'active'),
        isNull(teamContacts.archived_at),
        isNotNull(people.consent_type),
        eq(people.consent_declined, false),
        or(isNull(people.dob_year), lt(people.dob_year, adultBorn)),
      ),
    )
    .orderBy(asc(teamContacts.person_id))
    .limit(8)
  if (held.length < 8) return { relationships: 0, interests: 0 }
  const genderOf = (index: number): RelationshipGender => {
    const gender = held[index]!.gender
    return gender === 'male' || gender === 'female' ? gender : null
  }
  const nameOf = (index: number) => `${held[index]!.first} ${held[index]!.last}`.trim()

  let relationships = 0
  for (const [contact, related, kind] of family) {
    const type = relationshipTypeFor(kind, genderOf(related)) as RelationshipType
    const [row] = await tx
      .insert(contactRelationships)
      .values({
        team_id: demo.hopeId,
        contact_id: held[contact]!.id,
        related_id: held[related]!.id,
        relationship_type: type,
        created_by_id: demo.people.leader,
      })
      .returning({ id: contactRelationships.id })
    await recordActivity(tx, {
      authorId: demo.people.leader,
      teamId: demo.hopeId,
      subjectType: 'user_relationship',
      subjectId: row!.id,
      contactId: held[contact]!.id,
      action: 'add',
      after: { related_user_id: held[related]!.id, user_name: nameOf(related), relationship_type: type },
    })
    relationships += 1
  }

  const titles = new Map(
    (await tx.select({ value: lookupItems.value, title: lookupItems.title }).from(lookupItems).where(eq(lookupItems.list, 'interest-types'))).map((row) => [
      row.value,
      row.title,
    ]),
  )
  let interests = 0
  for (const [index, plan] of interestPlan.entries()) {
    const personId = held[index]!.id
    await tx
      .insert(contactInterests)
      .values(plan.map(([interest, other]) => ({ person_id: personId, interest, interest_other: other ?? '', created_by_id: demo.people.owner })))
    await recordActivity(tx, {
      authorId: demo.people.owner,
      teamId: demo.hopeId,
      subjectType: 'user',
      subjectId: personId,
      contactId: personId,
      action: 'update',
      before: { interests: [] },
      after: { interests: plan.map(([interest, other]) => other ?? titles.get(interest) ?? interest) },
    })
    interests += plan.length
  }
  return { relationships, interests }
}
