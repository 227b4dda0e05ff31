import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  clampPage,
  inferRelationships,
  inverseRelationshipType,
  isRelationshipType,
  maxPages,
  pageOffset,
  relationshipEdges,
  type ComputedRelationshipType,
  type ContactRelationships,
  type InferredRelationship,
  type RelationshipGender,
  type RelationshipItem,
  type StoredRelationship,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { contactRelationships, dismissedInferredRelationships, people, teamContacts } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { personGate, type PersonGate } from '../../platform/child-gate'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { fullName } from '../../platform/format'
import { relationshipTitle } from './relationship-titles'

// A family is small; these only keep one odd contact from costing the whole page.
const maxRelationshipRows = 1000
const maxInverse = 200
const maxInferred = 50

const r = contactRelationships

/** Both people of a relationship are contacts the team holds: the team sees it only then. */
function bothHeld(teamId: number): SQL {
  return sql`exists (select 1 from ${teamContacts} where ${teamContacts.team_id} = ${teamId} and ${teamContacts.person_id} = ${r.contact_id} and ${teamContacts.state} = 'active')
    and exists (select 1 from ${teamContacts} where ${teamContacts.team_id} = ${teamId} and ${teamContacts.person_id} = ${r.related_id} and ${teamContacts.state} = 'active')`
}

interface RelationshipRow extends StoredRelationship {
  id: number
  createdAt: Date
}

const contactPerson = alias(people, 'relationship_contact')
const relatedPerson = alias(people, 'relationship_related')

/**
 * The team's relationships touching any of `personIds`, newest first. A child hidden from the
 * caller is on none of them: a relationship with them on either side is left out.
 */
async function relationshipsTouching(db: Executor, teamId: number, personIds: number[], gate: PersonGate): Promise<RelationshipRow[]> {
  if (personIds.length === 0) return []
  const rows = await db
    .select({ id: r.id, contactId: r.contact_id, relatedId: r.related_id, type: r.relationship_type, createdAt: r.created_at })
    .from(r)
    .innerJoin(contactPerson, eq(contactPerson.id, r.contact_id))
    .innerJoin(relatedPerson, eq(relatedPerson.id, r.related_id))
    .where(
      and(
        eq(r.team_id, teamId),
        or(inArray(r.contact_id, personIds), inArray(r.related_id, personIds)),
        bothHeld(teamId),
        gate.visibleTo(contactPerson),
        gate.visibleTo(relatedPerson),
      ),
    )
    .orderBy(desc(r.created_at), desc(r.id))
    .limit(maxRelationshipRows)
  // Only this service writes the table; a value outside the choices is skipped, not shown wrong.
  return rows.filter((row): row is RelationshipRow => isRelationshipType(row.type))
}

interface PersonInfo {
  name: string
  gender: RelationshipGender
}

async function peopleInfo(db: Executor, ids: Iterable<number>): Promise<Map<number, PersonInfo>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ id: people.id, first: people.first_name, last: people.last_name, gender: people.gender })
    .from(people)
    .where(inArray(people.id, unique))
  return new Map(
    rows.map((row) => [row.id, { name: fullName(row.first, row.last), gender: row.gender === 'male' || row.gender === 'female' ? row.gender : null }]),
  )
}

export interface RelationshipGraph {
  /** Relationships entered on the contact, newest first. */
  direct: RelationshipRow[]
  /** Relationships entered on others that name the contact. */
  inverse: RelationshipRow[]
  inferred: InferredRelationship[]
  people: Map<number, PersonInfo>
}

/**
 * What the team knows of the contact's relationships, as the caller may see them: its own
 * (direct), those others name it in (inverse) and what two hops suggest (inferred, less what
 * was removed). Under the child data gate a hidden child is left out of all three, so nothing
 * is inferred through them either.
 */
export async function loadRelationshipGraph(db: Executor, teamId: number, contactId: number, gate: PersonGate): Promise<RelationshipGraph> {
  const own = await relationshipsTouching(db, teamId, [contactId], gate)
  const direct = own.filter((row) => row.contactId === contactId)
  const inverse = own.filter((row) => row.relatedId === contactId)
  const neighbours = [...new Set(own.map((row) => (row.contactId === contactId ? row.relatedId : row.contactId)))]
  const around = await relationshipsTouching(db, teamId, neighbours, gate)
  const byId = new Map([...own, ...around].map((row) => [row.id, row]))
  const ids = new Set<number>([contactId])
  for (const row of byId.values()) ids.add(row.contactId).add(row.relatedId)
  const info = await peopleInfo(db, ids)
  const genderOf = (personId: number) => info.get(personId)?.gender ?? null
  const dismissed = await db
    .select({ relatedId: dismissedInferredRelationships.related_id })
    .from(dismissedInferredRelationships)
    .where(and(eq(dismissedInferredRelationships.team_id, teamId), eq(dismissedInferredRelationships.contact_id, contactId)))
  const inferred = inferRelationships(contactId, relationshipEdges([...byId.values()], genderOf), genderOf, new Set(dismissed.map((row) => row.relatedId)))
  return { direct, inverse, inferred, people: info }
}

/** The inverse type of a row naming the contact: the other person, as the contact's … */
export function inverseTypeOf(row: StoredRelationship, gender: RelationshipGender): ComputedRelationshipType {
  return inverseRelationshipType(row.type, gender)
}

/**
 * contact-relationships/{id}: the three lists (spec 2 §3); the direct one is paged. A caller
 * under the child data gate reads none of a child's, and no relationship with a child on another's.
 */
export async function listContactRelationships(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  query: { page: number; per_page: number },
): Promise<ContactRelationships> {
  // A child's family is among the details the child data gate withholds.
  assertChildDataAllowed(scope)
  const graph = await loadRelationshipGraph(deps.db, scope.team.id, scope.contact.id, personGate(scope, deps.now()))
  const nameOf = (personId: number) => graph.people.get(personId)?.name ?? ''
  const item = (id: number, relatedId: number, type: ComputedRelationshipType): RelationshipItem => ({
    id,
    related_user_id: relatedId,
    relationship_type: type,
    relationship_type_display: relationshipTitle(type, viewer.locale),
    user_name: nameOf(relatedId),
  })
  const pages = maxPages(graph.direct.length, query.per_page)
  const offset = pageOffset(clampPage(query.page, pages), query.per_page)
  return {
    items: graph.direct.slice(offset, offset + query.per_page).map((row) => item(row.id, row.relatedId, row.type)),
    count: graph.direct.length,
    max_pages: pages,
    inverse: graph.inverse.slice(0, maxInverse).map((row) => item(row.id, row.contactId, inverseTypeOf(row, graph.people.get(row.contactId)?.gender ?? null))),
    inferred: graph.inferred.slice(0, maxInferred).map((suggestion) => ({
      related_user_id: suggestion.relatedId,
      relationship_type: suggestion.type,
      relationship_type_display: relationshipTitle(suggestion.type, viewer.locale),
      user_name: nameOf(suggestion.relatedId),
      via_user_id: suggestion.viaId,
      via_user_name: nameOf(suggestion.viaId),
    })),
  }
}
