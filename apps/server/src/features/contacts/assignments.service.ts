import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { clampPage, hasCapability, maxPages, pageOffset } from '@crm/domain'
import { assignments, memberships, people } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError, isUniqueViolation } from '../../platform/errors'
import { displayDate, fullName } from '../../platform/format'
import { refuseField } from '../../platform/field-refusals'

/** contact-assignments/{id}: who follows the contact up in this team, newest first. */
export async function listContactAssignments(deps: Deps, viewer: Viewer, scope: ContactScope, query: { page: number; per_page: number }) {
  // A child's tabs are closed as its record is (spec 2 §5, issue 33).
  assertChildDataAllowed(scope)
  const ofContact = and(eq(assignments.team_id, scope.team.id), eq(assignments.contact_id, scope.contact.id))
  const [total] = await deps.db.select({ n: count() }).from(assignments).where(ofContact)
  const pages = maxPages(total?.n ?? 0, query.per_page)
  const to = alias(people, 'to_person')
  const by = alias(people, 'by_person')
  const rows = await deps.db
    .select({
      id: assignments.id,
      created_at: assignments.created_at,
      to_user_id: to.id,
      to_first: to.first_name,
      to_last: to.last_name,
      to_email: to.email,
      by_first: by.first_name,
      by_last: by.last_name,
    })
    .from(assignments)
    .innerJoin(to, eq(to.id, assignments.to_person_id))
    .leftJoin(by, eq(by.id, assignments.by_person_id))
    .where(ofContact)
    .orderBy(desc(assignments.created_at), desc(assignments.id))
    .limit(query.per_page)
    .offset(pageOffset(clampPage(query.page, pages), query.per_page))
  const { timeZone } = scope.settings
  return {
    items: rows.map((row) => ({
      id: row.id,
      to_user_id: row.to_user_id,
      by_user_name: row.by_first === null ? '' : fullName(row.by_first, row.by_last),
      created_display: displayDate(row.created_at, viewer.locale, timeZone),
      to_user_name: fullName(row.to_first, row.to_last),
      to_user_email: row.to_email,
    })),
    count: total?.n ?? 0,
    max_pages: pages,
  }
}

/**
 * add-contact-assignment: anyone the team lets read the contact may follow it up themselves;
 * assigning someone else takes update_contact, and that person must be a user of the team.
 * Under the child data gate a child is assigned by nobody.
 * A minor without consent on record is followed up by no one (spec 1 §1, spec 2 §4).
 */
export async function addContactAssignment(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  input: { to_self?: boolean | undefined; to_user_id?: number | undefined },
) {
  const toId = input.to_self ? viewer.personId : input.to_user_id
  if (toId === undefined) throw refuseField('to_user_id', 'required')
  const toSelf = toId === viewer.personId
  // The team decides (its role, not a group's): following a contact up is team-wide.
  if (toSelf ? !scope.readsInTeam : !hasCapability(scope.contactRole, 'update_contact')) throw new AppError('forbidden')
  // A caller who may not see a child's details does not decide who follows the child up.
  assertChildDataAllowed(scope)
  if (scope.isChild) {
    const [person] = await deps.db.select({ consent_type: people.consent_type }).from(people).where(eq(people.id, scope.contact.id))
    if (!person?.consent_type) {
      throw refuseField('user_id', 'minor_without_consent', { details: { reason: 'minor_without_consent' }, asMessage: true })
    }
  }
  if (!toSelf) {
    const [member] = await deps.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(eq(memberships.team_id, scope.team.id), eq(memberships.person_id, toId), inArray(memberships.role, ['entity_admin', 'owner', 'leader', 'member'])),
      )
    if (!member) throw refuseField('to_user_id', 'user_of_team')
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(assignments)
        .values({ team_id: scope.team.id, contact_id: scope.contact.id, to_person_id: toId, by_person_id: viewer.personId })
        .returning({ id: assignments.id })
      await recordActivity(tx, {
        authorId: viewer.personId,
        teamId: scope.team.id,
        subjectType: 'user_assignment',
        subjectId: row!.id,
        contactId: scope.contact.id,
        action: 'add',
        after: { to_user_id: toId, by_user_id: viewer.personId },
      })
      return { id: row!.id }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', { reason: 'already_assigned' }, 'The contact is already assigned to this user.')
    throw error
  }
}

/**
 * delete-contact-assignment: one's own assignment, or any with update_contact. Under the child
 * data gate a child's assignments are changed by nobody, as they are added by nobody.
 */
export async function deleteContactAssignment(deps: Deps, viewer: Viewer, scope: ContactScope, assignmentId: number) {
  assertChildDataAllowed(scope)
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: assignments.id, to_person_id: assignments.to_person_id, by_person_id: assignments.by_person_id })
      .from(assignments)
      .where(and(eq(assignments.id, assignmentId), eq(assignments.team_id, scope.team.id), eq(assignments.contact_id, scope.contact.id)))
    if (!row) throw new AppError('not_found')
    if (row.to_person_id !== viewer.personId && !hasCapability(scope.contactRole, 'update_contact')) throw new AppError('forbidden')
    await tx.delete(assignments).where(eq(assignments.id, row.id))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user_assignment',
      subjectId: row.id,
      contactId: scope.contact.id,
      action: 'delete',
      before: { to_user_id: row.to_person_id, by_user_id: row.by_person_id },
    })
  })
  return { success: true as const }
}
