import { and, eq, inArray } from 'drizzle-orm'
import { assignments, groupContacts, teamContacts, teams } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import type { ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { lockPerson } from './update.service'
import { refuseField } from '../../platform/field-refusals'

const done = { success: true as const }

/** take-ownership (spec 2 §4): the current team owns a contact nobody owns. */
export async function takeOwnership(deps: Deps, viewer: Viewer, scope: ContactScope, theUserId: number | undefined) {
  if (theUserId !== undefined && theUserId !== scope.contact.id) {
    throw refuseField('the_user_id', 'not_this_contact')
  }
  await deps.db.transaction(async (tx) => {
    // The person's lock makes two teams taking ownership at once take turns.
    await lockPerson(tx, scope.contact.id)
    const [owner] = await tx
      .select({ team_id: teamContacts.team_id })
      .from(teamContacts)
      .where(and(eq(teamContacts.person_id, scope.contact.id), eq(teamContacts.is_owner, true)))
      .limit(1)
    if (owner) throw new AppError('conflict', { reason: 'has_owner' }, 'The contact already has an owner.')
    await tx.update(teamContacts).set({ is_owner: true }).where(eq(teamContacts.id, scope.teamContact.id))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'team_contacts',
      subjectId: scope.teamContact.id,
      contactId: scope.contact.id,
      action: 'update',
      before: { is_owner: false },
      after: { is_owner: true },
    })
  })
  return done
}

/**
 * relinquish (spec 2 §2, §6): the person assigned gives the contact up in this team. The
 * route's access rule (assignedOnly) has already refused anyone it is not assigned to.
 */
export async function relinquishContact(deps: Deps, viewer: Viewer, scope: ContactScope) {
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(assignments)
      .where(and(eq(assignments.team_id, scope.team.id), eq(assignments.contact_id, scope.contact.id), eq(assignments.to_person_id, viewer.personId)))
      .returning({ id: assignments.id, by_person_id: assignments.by_person_id })
    for (const row of removed) {
      await recordActivity(tx, {
        authorId: viewer.personId,
        teamId: scope.team.id,
        subjectType: 'user_assignment',
        subjectId: row.id,
        contactId: scope.contact.id,
        action: 'delete',
        before: { to_user_id: viewer.personId, by_user_id: row.by_person_id },
        after: { relinquished: true },
      })
    }
  })
  return done
}

/**
 * accept- and reject-ownership-approval-request (spec 2 §4): a team that owns the contact
 * lets a team that asked use it, or refuses (the request and its group places go).
 */
export async function decideApprovalRequest(deps: Deps, viewer: Viewer, scope: ContactScope, requestingTeamId: number, decision: 'accept' | 'reject') {
  if (!scope.teamContact.is_owner) throw new AppError('forbidden', { reason: 'not_owner' }, 'Only a team that owns the contact decides.')
  await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select({ id: teamContacts.id, requested_by_id: teamContacts.requested_by_id })
      .from(teamContacts)
      .where(and(eq(teamContacts.team_id, requestingTeamId), eq(teamContacts.person_id, scope.contact.id), eq(teamContacts.state, 'awaiting_approval')))
      .for('update')
    if (!request) throw new AppError('not_found')
    if (decision === 'accept') {
      await tx.update(teamContacts).set({ state: 'active' }).where(eq(teamContacts.id, request.id))
    } else {
      const requestingGroups = tx.select({ id: teams.id }).from(teams).where(eq(teams.parent_id, requestingTeamId))
      await tx.delete(groupContacts).where(and(eq(groupContacts.person_id, scope.contact.id), inArray(groupContacts.group_id, requestingGroups)))
      await tx.delete(teamContacts).where(eq(teamContacts.id, request.id))
    }
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'team_contacts',
      subjectId: request.id,
      contactId: scope.contact.id,
      action: decision === 'accept' ? 'update' : 'delete',
      before: { team_id: requestingTeamId, state: 'awaiting_approval', requested_by_id: request.requested_by_id },
      after: decision === 'accept' ? { team_id: requestingTeamId, state: 'active' } : null,
    })
  })
  return done
}
