import { and, eq, or } from 'drizzle-orm'
import { inverseRelationshipType, isRelationshipType, type ComputedRelationshipType, type RelationshipGender, type RelationshipType } from '@crm/domain'
import type { Executor } from '../../db/client'
import { contactRelationships, dismissedInferredRelationships, people } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertMayTouch, personGate } from '../../platform/child-gate'
import { assertChildDataAllowed, loadContactScope, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError, isUniqueViolation } from '../../platform/errors'
import { fullName } from '../../platform/format'
import { relationshipTitle } from './relationship-titles'
import { loadRelationshipGraph } from './relationships.service'
import { refuseField } from '../../platform/field-refusals'

export const relatedToSelfMessage = 'A contact cannot be related to themselves.'
export const relatedOutsideTeamMessage = 'Choose a contact of this team.'
export const notInferredMessage = 'This relationship is not suggested for the contact.'

const r = contactRelationships

interface Party {
  id: number
  name: string
  gender: RelationshipGender
}

async function partyOf(db: Executor, personId: number): Promise<Party> {
  const [row] = await db.select({ first: people.first_name, last: people.last_name, gender: people.gender }).from(people).where(eq(people.id, personId))
  const gender = row?.gender === 'male' || row?.gender === 'female' ? row.gender : null
  return { id: personId, name: row ? fullName(row.first, row.last) : '', gender }
}

/**
 * The other contact of a relationship, checked on the server whatever the client sent: not
 * the contact itself, and a contact the team holds that the caller may read (the same rule
 * as opening it), else 400. A child needs the caller to pass the child data gate.
 */
async function relatedContact(deps: Deps, viewer: Viewer, scope: ContactScope, relatedId: number): Promise<Party> {
  if (relatedId === scope.contact.id) throw refuseField('related_user_id', 'related_to_self', { message: relatedToSelfMessage, asMessage: true })
  const related = await loadContactScope(deps.db, viewer, scope, relatedId, deps.now()).catch((error: unknown) => {
    if (error instanceof AppError && (error.code === 'not_found' || error.code === 'forbidden')) return null
    throw error
  })
  if (!related || related.teamContact.state !== 'active') {
    throw refuseField('related_user_id', 'related_outside_team', { message: relatedOutsideTeamMessage, asMessage: true })
  }
  assertChildDataAllowed(related)
  return partyOf(deps.db, relatedId)
}

/** How the change reads: who, and what they are to the contact. */
function readable(other: Party, type: ComputedRelationshipType) {
  return { related_user_id: other.id, user_name: other.name, relationship_type: type, relationship_type_display: relationshipTitle(type) }
}

interface Side {
  related: Party
  type: RelationshipType
}

/**
 * One activity row on each contact: on the contact, what the other is to it; on the other,
 * the inverse (both pages show the relationship).
 */
async function logRelationship(
  tx: Executor,
  viewer: Viewer,
  scope: ContactScope,
  contact: Party,
  action: 'add' | 'update' | 'delete',
  subjectId: number | null,
  before: Side | null,
  after: Side | null,
) {
  const common = { authorId: viewer.personId, teamId: scope.team.id, subjectType: 'user_relationship' as const, subjectId, action }
  await recordActivity(tx, {
    ...common,
    contactId: contact.id,
    before: before ? readable(before.related, before.type) : undefined,
    after: after ? readable(after.related, after.type) : undefined,
  })
  const other = (after ?? before)!.related
  const inverse = (side: Side | null) =>
    side && side.related.id === other.id ? readable(contact, inverseRelationshipType(side.type, contact.gender)) : undefined
  await recordActivity(tx, { ...common, contactId: other.id, before: inverse(before), after: inverse(after) })
}

function alreadyRelated(error: unknown): never {
  if (isUniqueViolation(error))
    throw refuseField('related_user_id', 'already_related', { code: 'conflict', details: { reason: 'already_related' }, asMessage: true })
  throw error
}

/** add-contact-relationship: the other contact is the contact's `relationship_type`. */
export async function addContactRelationship(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  input: { related_user_id: number; relationship_type: RelationshipType },
) {
  assertChildDataAllowed(scope)
  const related = await relatedContact(deps, viewer, scope, input.related_user_id)
  const contact = await partyOf(deps.db, scope.contact.id)
  return deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(r)
        .values({
          team_id: scope.team.id,
          contact_id: scope.contact.id,
          related_id: related.id,
          relationship_type: input.relationship_type,
          created_by_id: viewer.personId,
        })
        .returning({ id: r.id })
      await logRelationship(tx, viewer, scope, contact, 'add', row!.id, null, { related, type: input.relationship_type })
      return { id: row!.id }
    })
    .catch(alreadyRelated)
}

/** A relationship of the team that names the contact on either side; 404 otherwise. */
async function relationshipOf(db: Executor, scope: ContactScope, relationshipId: number) {
  const [row] = await db
    .select({ id: r.id, contactId: r.contact_id, relatedId: r.related_id, type: r.relationship_type })
    .from(r)
    .where(and(eq(r.id, relationshipId), eq(r.team_id, scope.team.id), or(eq(r.contact_id, scope.contact.id), eq(r.related_id, scope.contact.id))))
  if (!row || !isRelationshipType(row.type)) throw new AppError('not_found')
  return { ...row, type: row.type }
}

/** update-contact-relationship: a relationship entered on this contact, its type and person (neither a child hidden from the caller). */
export async function updateContactRelationship(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  input: { id: number; related_user_id?: number | undefined; relationship_type: RelationshipType },
) {
  assertChildDataAllowed(scope)
  const row = await relationshipOf(deps.db, scope, input.id)
  // Entered on the other contact: changed there, where its type reads the right way round.
  if (row.contactId !== scope.contact.id) throw new AppError('not_found')
  await assertMayTouch(deps.db, scope, [row.relatedId], deps.now())
  const beforeRelated = await partyOf(deps.db, row.relatedId)
  const related =
    input.related_user_id === undefined || input.related_user_id === row.relatedId
      ? beforeRelated
      : await relatedContact(deps, viewer, scope, input.related_user_id)
  const contact = await partyOf(deps.db, scope.contact.id)
  await deps.db
    .transaction(async (tx) => {
      await tx.update(r).set({ related_id: related.id, relationship_type: input.relationship_type }).where(eq(r.id, row.id))
      const before = { related: beforeRelated, type: row.type }
      const after = { related, type: input.relationship_type }
      if (related.id === beforeRelated.id) await logRelationship(tx, viewer, scope, contact, 'update', row.id, before, after)
      else {
        // Another person: the old one loses the relationship, the new one gains it.
        await logRelationship(tx, viewer, scope, contact, 'delete', row.id, before, null)
        await logRelationship(tx, viewer, scope, contact, 'add', row.id, null, after)
      }
    })
    .catch(alreadyRelated)
  return { success: true as const }
}

/** delete-contact-relationship: a relationship naming the contact, on either side (neither a child hidden from the caller). */
export async function deleteContactRelationship(deps: Deps, viewer: Viewer, scope: ContactScope, relationshipId: number) {
  assertChildDataAllowed(scope)
  const row = await relationshipOf(deps.db, scope, relationshipId)
  await assertMayTouch(deps.db, scope, [row.contactId, row.relatedId], deps.now())
  const owner = await partyOf(deps.db, row.contactId)
  const related = await partyOf(deps.db, row.relatedId)
  await deps.db.transaction(async (tx) => {
    await tx.delete(r).where(eq(r.id, row.id))
    await logRelationship(tx, viewer, scope, owner, 'delete', row.id, { related, type: row.type }, null)
  })
  return { success: true as const }
}

/** The inferred relationship of the contact with `relatedId`, as the list offers it to the caller; 400 when none. */
async function inferredWith(deps: Deps, scope: ContactScope, relatedId: number) {
  const graph = await loadRelationshipGraph(deps.db, scope.team.id, scope.contact.id, personGate(scope, deps.now()))
  const suggestion = graph.inferred.find((item) => item.relatedId === relatedId)
  if (!suggestion) throw refuseField('related_user_id', 'not_suggested', { message: notInferredMessage, asMessage: true })
  return suggestion
}

/** remove-inferred-contact-relationship: the suggestion is not offered on this contact again. */
export async function removeInferredRelationship(deps: Deps, viewer: Viewer, scope: ContactScope, relatedId: number) {
  assertChildDataAllowed(scope)
  const related = await relatedContact(deps, viewer, scope, relatedId)
  const suggestion = await inferredWith(deps, scope, relatedId)
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(dismissedInferredRelationships)
      .values({ team_id: scope.team.id, contact_id: scope.contact.id, related_id: relatedId, dismissed_by_id: viewer.personId })
      .onConflictDoNothing()
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user_relationship',
      subjectId: null,
      contactId: scope.contact.id,
      action: 'delete',
      before: { ...readable(related, suggestion.type), inferred: true },
    })
  })
  return { success: true as const }
}

/**
 * confirm-inferred-contact-relationship: the suggestion becomes a relationship entered on
 * this contact, with its suggested type unless the form sends another.
 */
export async function confirmInferredRelationship(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  input: { related_user_id: number; relationship_type?: RelationshipType | undefined },
) {
  assertChildDataAllowed(scope)
  await relatedContact(deps, viewer, scope, input.related_user_id)
  const suggestion = await inferredWith(deps, scope, input.related_user_id)
  const type = input.relationship_type ?? (isRelationshipType(suggestion.type) ? suggestion.type : undefined)
  if (!type) throw refuseField('relationship_type', 'required')
  return addContactRelationship(deps, viewer, scope, { related_user_id: input.related_user_id, relationship_type: type })
}
