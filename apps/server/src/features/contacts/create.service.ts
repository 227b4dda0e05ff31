import { and, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { hasCapability, type contactCalls } from '@crm/domain'
import type { Executor } from '../../db/client'
import { groupContacts, people, teamContacts, teams } from '../../db/schema/index'
import type { GroupScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertMayTouch } from '../../platform/child-gate'
import { assertChildDataAllowed, loadContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError, isUniqueViolation } from '../../platform/errors'
import { refreshContactReadModel } from '../../platform/read-model'
import { recordFormVerbalConsent } from '../consent/consent-records.service'
import { assertValid, formVerbalConsent, resolveContactInput, type PersonValues } from './contact-input'
import { assertNoDuplicate, conferenceIdOf, inConference, lockContactsOfConference } from './duplicates.service'
import { isValidMatchToken } from './match-token'
import { applyContactFields } from './update.service'

type CreateUserInput = z.output<typeof contactCalls.createUser.request>
type ParentTeamInput = z.output<typeof contactCalls.addUserFromParentTeam.request>

/** The same scope seen from the team's primary group: what the team role may do. */
function teamLevel(scope: GroupScope): GroupScope {
  return { ...scope, group: scope.team, groupRole: scope.role }
}

/** Puts the contact into the selected group when it is not the primary group; true when added. */
async function placeInGroup(tx: Executor, viewer: Pick<Viewer, 'personId'>, scope: GroupScope, personId: number): Promise<boolean> {
  if (scope.group.id === scope.team.id) return false
  const inserted = await tx
    .insert(groupContacts)
    .values({ group_id: scope.group.id, person_id: personId, added_by_id: viewer.personId })
    .onConflictDoNothing()
    .returning({ id: groupContacts.id })
  return inserted.length > 0
}

/**
 * create-user (spec 2 §2, §5, §8): checks the fields, keeps a gated caller from adding a
 * child, refuses a duplicate, then adds the person to the team (which owns them) and to the
 * selected group.
 */
export async function createContact(
  deps: Deps,
  viewer: Viewer,
  scope: GroupScope,
  input: CreateUserInput,
): Promise<{ id: number; fields_not_kept?: string[] }> {
  const { team_id: _team, group_id: _group, disregard_existing, ...fields } = input
  const resolved = await resolveContactInput(deps.db, fields, null, { now: deps.now(), country: scope.settings.country })
  if (resolved.isChild && scope.childGate) throw new AppError('child_data_gate', { ...scope.childGate })
  assertValid(resolved.refusals)
  return deps.db.transaction(async (tx) => {
    await lockContactsOfConference(tx, scope.team)
    const check = {
      viewer,
      team: scope.team,
      gated: scope.childGate !== null,
      readsTeam: hasCapability(scope.role, 'read_contact'),
      disregardOtherTeams: disregard_existing ?? false,
    }
    await assertNoDuplicate(tx, deps, check, resolved.identity)
    const id = await insertNewContact(tx, viewer, scope, resolved.values)
    const verbal = formVerbalConsent(fields, resolved, null)
    if (verbal) await recordFormVerbalConsent(tx, deps.now(), { authorId: viewer.personId, teamId: scope.team.id, contactId: id }, verbal)
    await refreshContactReadModel(tx, id, deps.now())
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user',
      subjectId: id,
      contactId: id,
      action: 'add',
      after: { ...resolved.values, group_id: scope.group.id },
    })
    return resolved.notKept.length > 0 ? { id, fields_not_kept: resolved.notKept } : { id }
  })
}

/**
 * A new person the team owns, in the selected group too, added by `addedBy`: the rows of
 * create-user, shared with a QR card's visitor (qr-cards/qr-cards.service.ts). The caller
 * has checked the fields and duplicates, and refreshes the read model and logs the change.
 */
export async function insertNewContact(tx: Executor, addedBy: Pick<Viewer, 'personId'>, scope: GroupScope, values: PersonValues): Promise<number> {
  const [person] = await tx
    .insert(people)
    .values({ first_name: '', ...values, created_by_id: addedBy.personId })
    .returning({ id: people.id })
  const id = person!.id
  await tx.insert(teamContacts).values({ team_id: scope.team.id, person_id: id, is_owner: true, added_by_id: addedBy.personId })
  await placeInGroup(tx, addedBy, scope, id)
  return id
}

/** A unique violation left by a concurrent writer is a conflict, never a 500. */
async function withoutUniqueViolation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', { reason: 'in_team' }, 'The contact is already in this team.')
    throw error
  }
}

/**
 * add-existing-user (spec 2 §4 "Adding a contact"): a contact of this team the caller can
 * read goes into the selected group; another team's contact (of the same conference) is
 * added directly with update_contact in the team, or else asked for: the team waits for the
 * owner's approval. Another team's contact needs the match token of the duplicate answer
 * that showed it to this caller in this team: without it the contact is unknown (404). A caller
 * under the child data gate adds no child, to a group or to the team (child_data_gate).
 */
export async function addExistingContact(deps: Deps, viewer: Viewer, scope: GroupScope, input: { user_id: number; match_token?: string | undefined }) {
  const contactId = input.user_id
  return withoutUniqueViolation(() =>
    deps.db.transaction(async (tx) => {
      await lockContactsOfConference(tx, scope.team)
      const [own] = await tx
        .select({ id: teamContacts.id, state: teamContacts.state })
        .from(teamContacts)
        .where(and(eq(teamContacts.team_id, scope.team.id), eq(teamContacts.person_id, contactId)))
      if (own?.state === 'awaiting_approval') return { id: contactId, is_awaiting_approval: true }
      if (own) {
        // The caller must be able to read the contact in the team (403 otherwise), and a child
        // goes into a group only by a caller who passes the child data gate.
        assertChildDataAllowed(await loadContactScope(tx, viewer, teamLevel(scope), contactId, deps.now()))
        if (await placeInGroup(tx, viewer, scope, contactId)) {
          await recordActivity(tx, {
            authorId: viewer.personId,
            teamId: scope.team.id,
            subjectType: 'team_contacts',
            subjectId: own.id,
            contactId,
            action: 'update',
            before: { group_id: scope.group.id, in_group: false },
            after: { group_id: scope.group.id, in_group: true },
          })
        }
        return { id: contactId, is_awaiting_approval: false }
      }

      if (!isValidMatchToken(deps, input.match_token, { personId: viewer.personId, teamId: scope.team.id, contactId })) {
        throw new AppError('not_found')
      }
      const [held] = await tx
        .select({ team_id: teamContacts.team_id })
        .from(teamContacts)
        .innerJoin(teams, eq(teams.id, teamContacts.team_id))
        .where(and(eq(teamContacts.person_id, contactId), eq(teamContacts.state, 'active'), inConference(conferenceIdOf(scope.team))))
        .orderBy(desc(teamContacts.is_owner))
        .limit(1)
      if (!held) throw new AppError('not_found')
      await assertMayTouch(tx, scope, [contactId], deps.now())
      // The contact joins the team, so the team role decides: the owner of a private group
      // who is a member of the team asks like any member.
      const direct = hasCapability(scope.role, 'update_contact')
      const state = direct ? 'active' : 'awaiting_approval'
      await joinTeam(tx, deps.now(), viewer, scope, contactId, { state, fromTeamId: held.team_id })
      return { id: contactId, is_awaiting_approval: !direct }
    }),
  )
}

/**
 * Another team's contact joins this team (not as an owner) and the selected group, at once
 * or awaiting the owning team's approval (asked by the caller), with its activity row.
 */
async function joinTeam(
  tx: Executor,
  now: Date,
  viewer: Viewer,
  scope: GroupScope,
  contactId: number,
  join: { state: 'active' | 'awaiting_approval'; fromTeamId: number },
): Promise<void> {
  const [row] = await tx
    .insert(teamContacts)
    .values({
      team_id: scope.team.id,
      person_id: contactId,
      is_owner: false,
      state: join.state,
      requested_by_id: join.state === 'awaiting_approval' ? viewer.personId : null,
      added_by_id: viewer.personId,
    })
    .returning({ id: teamContacts.id })
  await placeInGroup(tx, viewer, scope, contactId)
  await refreshContactReadModel(tx, contactId, now)
  await recordActivity(tx, {
    authorId: viewer.personId,
    teamId: scope.team.id,
    subjectType: 'team_contacts',
    subjectId: row!.id,
    contactId,
    action: 'add',
    after: { team_id: scope.team.id, group_id: scope.group.id, state: join.state, is_owner: false, from_team_id: join.fromTeamId },
  })
}

/**
 * add-user-from-parent-team: a church brings in a contact its conference holds, with the
 * fields the writer gives (checked as on update-user). A contact the church already holds
 * is a conflict; without the match token of the duplicate answer that showed the contact
 * to this caller, or for a contact the conference does not hold, it is not found.
 */
export async function addContactFromParentTeam(deps: Deps, viewer: Viewer, scope: GroupScope, input: ParentTeamInput) {
  const { team_id: _team, group_id: _group, user_id: contactId, match_token: token, ...fields } = input
  return withoutUniqueViolation(() =>
    deps.db.transaction(async (tx) => {
      await lockContactsOfConference(tx, scope.team)
      const [own] = await tx
        .select({ id: teamContacts.id })
        .from(teamContacts)
        .where(and(eq(teamContacts.team_id, scope.team.id), eq(teamContacts.person_id, contactId)))
      if (own) throw new AppError('conflict', { reason: 'in_team' }, 'The contact is already in this team.')
      if (!isValidMatchToken(deps, token, { personId: viewer.personId, teamId: scope.team.id, contactId })) throw new AppError('not_found')
      const parentId = scope.team.kind === 'team' ? scope.team.parent_id : null
      const [held] = parentId
        ? await tx
            .select({ team_id: teamContacts.team_id })
            .from(teamContacts)
            .where(and(eq(teamContacts.team_id, parentId), eq(teamContacts.person_id, contactId), eq(teamContacts.state, 'active')))
        : []
      if (!held) throw new AppError('not_found')
      // A match token outlives a change of the caller's checks: the gate is asked again now.
      await assertMayTouch(tx, scope, [contactId], deps.now())
      await joinTeam(tx, deps.now(), viewer, scope, contactId, { state: 'active', fromTeamId: held.team_id })
      await applyContactFields(tx, deps, viewer, scope, contactId, fields)
      return { id: contactId }
    }),
  )
}
