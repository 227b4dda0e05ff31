import { and, asc, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { ageFrom, hasCapability, isChild, type Capability, type ChildGate, type ContactRole, type ContactTeam, type TeamRole } from '@crm/domain'
import type { Executor } from '../db/client'
import { assignments, groupContacts, memberships, people, teamContacts, teams } from '../db/schema/index'
import { resolveTeamRole, type GroupScope, type Viewer } from './access'
import { AppError } from './errors'

/** A contact as the caller reaches it through the selected team and group. */
export interface ContactScope extends GroupScope {
  contact: {
    id: number
    first_name: string
    last_name: string
    dob_year: number | null
    dob_month: number | null
    created_by_id: number | null
  }
  teamContact: {
    id: number
    is_owner: boolean
    state: 'active' | 'awaiting_approval'
    archived_at: Date | null
    added_by_id: number | null
  }
  /** The contact is in the selected group (always, for the primary group). */
  inGroup: boolean
  isAssigned: boolean
  /**
   * The caller's role on the contact: the TEAM role, `assigned_<role>` when assigned to them
   * (spec 2 §6). Every capability on the contact is read from it: a group role never gives
   * team-wide powers (archive, assignments, ownership, edits); it only lets the group's
   * members read the group's contacts (issue 8 item 2, docs/decisions.md).
   */
  contactRole: ContactRole
  /** The team lets the caller read the contact, whichever group they came through. */
  readsInTeam: boolean
  /** The contact is a child: the team's child gate (scope.childGate) applies to its details. */
  isChild: boolean
}

/** The role on a contact: assigned owners, leaders and members hold `assigned_<role>`. */
export function contactRoleOf(role: TeamRole, isAssigned: boolean): ContactRole {
  if (isAssigned && (role === 'owner' || role === 'leader' || role === 'member')) return `assigned_${role}`
  return role
}

/**
 * Who may read a contact: a role that reads the group's contacts (read_contact), or the
 * person assigned to it, or the person who added it (spec 2 §6; DESIGN.md §6).
 */
export function canReadContact(role: ContactRole, isAssigned: boolean, addedByCaller: boolean): boolean {
  return hasCapability(role, 'read_contact') || isAssigned || addedByCaller
}

/**
 * Loads a contact through the caller's team and group: 404 when the team does not hold it
 * (another team's contact is invisible), 403 when the caller may not read it.
 */
export async function loadContactScope(db: Executor, viewer: Viewer, scope: GroupScope, contactId: number, now: Date): Promise<ContactScope> {
  const isPrimary = scope.group.id === scope.team.id
  const [row] = await db
    .select({
      contact: {
        id: people.id,
        first_name: people.first_name,
        last_name: people.last_name,
        dob_year: people.dob_year,
        dob_month: people.dob_month,
        created_by_id: people.created_by_id,
      },
      teamContact: {
        id: teamContacts.id,
        is_owner: teamContacts.is_owner,
        // A de-identified contact is not held any more (issue 40 §2): the join leaves it out.
        state: sql<'active' | 'awaiting_approval'>`${teamContacts.state}`,
        archived_at: teamContacts.archived_at,
        added_by_id: teamContacts.added_by_id,
      },
      groupContactId: groupContacts.id,
      assignmentId: assignments.id,
    })
    .from(people)
    .innerJoin(teamContacts, and(eq(teamContacts.person_id, people.id), eq(teamContacts.team_id, scope.team.id), ne(teamContacts.state, 'de_identified')))
    .leftJoin(groupContacts, and(eq(groupContacts.person_id, people.id), eq(groupContacts.group_id, scope.group.id)))
    .leftJoin(assignments, and(eq(assignments.contact_id, people.id), eq(assignments.team_id, scope.team.id), eq(assignments.to_person_id, viewer.personId)))
    .where(eq(people.id, contactId))
    .limit(1)
  if (!row) throw new AppError('not_found')

  const inGroup = isPrimary || row.groupContactId !== null
  const isAssigned = row.assignmentId !== null
  const contactRole = contactRoleOf(scope.role, isAssigned)
  const addedByCaller = row.teamContact.added_by_id === viewer.personId || row.contact.created_by_id === viewer.personId
  const readsInTeam = canReadContact(contactRole, isAssigned, addedByCaller)
  // A group that holds the contact lets its members read it with their group role.
  const readsInGroup = inGroup && canReadContact(contactRoleOf(scope.groupRole, isAssigned), isAssigned, addedByCaller)
  if (!readsInTeam && !readsInGroup) throw new AppError('forbidden')

  const child = isChild(ageFrom(row.contact.dob_year, row.contact.dob_month, now))
  return {
    ...scope,
    contact: row.contact,
    teamContact: row.teamContact,
    inGroup,
    isAssigned,
    contactRole,
    readsInTeam,
    isChild: child,
  }
}

/** Why a field naming a child is refused to a caller under the child data gate. */
export const childRecordClosedMessage = 'A child’s record is closed to you without a Working with Children Check and AdSafe training.'

/** Why following up a minor (an assignment, an interaction, an event) is refused without consent on record. */
export const minorWithoutConsentMessage = 'A minor needs parental or carer consent on record before anyone follows them up.'

/** Refuses a call that would show or change a child's details the caller may not see. */
export function assertChildDataAllowed(scope: { isChild: boolean; childGate: ChildGate | null }): void {
  if (scope.isChild && scope.childGate) throw new AppError('child_data_gate', { ...scope.childGate })
}

/**
 * Another of the caller's teams holding the contact, for the 'not in the current team'
 * banner (spec 2 §2): only a team the caller belongs to or asked to join is named, so the
 * 404 tells nobody else anything. A team where the caller is a member comes first.
 */
export async function holdingTeamOfCaller(db: Executor, viewer: Viewer, currentTeamId: number, contactId: number): Promise<ContactTeam | null> {
  const [row] = await db
    .select({ id: teams.id, title: teams.title, role: memberships.role })
    .from(teamContacts)
    .innerJoin(teams, eq(teams.id, teamContacts.team_id))
    .innerJoin(memberships, and(eq(memberships.team_id, teamContacts.team_id), eq(memberships.person_id, viewer.personId)))
    .where(and(eq(teamContacts.person_id, contactId), eq(teamContacts.state, 'active'), ne(teamContacts.team_id, currentTeamId)))
    .orderBy(sql`${memberships.role} = 'member_request'`, asc(teams.title), asc(teams.id))
    .limit(1)
  return row ? { id: row.id, title: row.title, user_has_access: row.role !== 'member_request' } : null
}

/**
 * The record a merged-away contact now lives in (issue 40): its tombstone's merged_into_id,
 * null when the contact was never merged away. One step: a merge moves the pointers of the
 * records merged into its other record on to the kept one, so no tombstone points to another.
 */
export async function keptRecordOf(db: Executor, contactId: number): Promise<number | null> {
  const [row] = await db.select({ keptId: people.merged_into_id }).from(people).where(eq(people.id, contactId))
  return row?.keptId ?? null
}

/** A team holding a person, and whether the caller holds a capability there. */
export interface HoldingTeam {
  id: number
  title: string
  /** The team owns the person's record (rather than having it shared). */
  isOwner: boolean
  /** The caller's role there (a conference's staff stand for its churches) has the capability. */
  mayAct: boolean
}

/**
 * The teams holding any of the people, each with whether the caller may do `capability` there,
 * by title: a merge needs every one of them, an export covers those the caller acts for.
 */
export async function holdingTeams(db: Executor, viewer: Viewer, personIds: readonly number[], capability: Capability): Promise<HoldingTeam[]> {
  const parent = alias(memberships, 'parent_membership')
  const rows = await db
    .selectDistinct({ id: teams.id, title: teams.title, isOwner: teamContacts.is_owner, role: memberships.role, parentRole: parent.role })
    .from(teamContacts)
    .innerJoin(teams, eq(teams.id, teamContacts.team_id))
    .leftJoin(memberships, and(eq(memberships.team_id, teams.id), eq(memberships.person_id, viewer.personId)))
    .leftJoin(parent, and(eq(parent.team_id, teams.parent_id), eq(parent.person_id, viewer.personId)))
    .where(inArray(teamContacts.person_id, [...personIds]))
  return rows
    .map((row) => {
      const role = resolveTeamRole({ isSiteAdmin: viewer.isSiteAdmin, role: row.role, parentRole: row.parentRole })
      return { id: row.id, title: row.title, isOwner: row.isOwner, mayAct: role !== null && hasCapability(role, capability) }
    })
    .sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id)
}

/**
 * The person is not de-identified (issue 40 §2): for the few answers that reach a person by
 * another record (a processed transfer's contacts) rather than through a team's contact row,
 * which a de-identified contact no longer has as active.
 */
export function notDeIdentified(personId: AnyColumn): SQL {
  return sql`not exists (select 1 from ${teamContacts} where ${teamContacts.person_id} = ${personId} and ${teamContacts.state} = 'de_identified')`
}
