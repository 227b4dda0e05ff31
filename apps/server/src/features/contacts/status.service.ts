import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { accounts, assignments, groupContacts, memberships, people, teamContacts, teams } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import type { ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { deletePersonWithFiles } from '../consent/contact-files'

const done = { success: true as const }

/** archive-user and unarchive-user: the archive is the team's, whichever group asks. */
export async function setContactArchived(deps: Deps, viewer: Viewer, scope: ContactScope, archived: boolean) {
  if ((scope.teamContact.archived_at !== null) === archived) return done
  await deps.db.transaction(async (tx) => {
    const archivedAt = archived ? deps.now() : null
    await tx.update(teamContacts).set({ archived_at: archivedAt }).where(eq(teamContacts.id, scope.teamContact.id))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'team_contacts',
      subjectId: scope.teamContact.id,
      contactId: scope.contact.id,
      action: 'update',
      before: { archived_at: scope.teamContact.archived_at },
      after: { archived_at: archivedAt },
    })
  })
  return done
}

/**
 * remove-contact-from-team: from a group, only the group's row goes; from the primary
 * group the team lets the contact go (removeContactFromTeam).
 */
export async function removeContact(deps: Deps, viewer: Viewer, scope: ContactScope) {
  const contactId = scope.contact.id
  if (scope.group.id !== scope.team.id) {
    if (!scope.inGroup) throw new AppError('not_found')
    await deps.db.transaction(async (tx) => {
      await tx.delete(groupContacts).where(and(eq(groupContacts.group_id, scope.group.id), eq(groupContacts.person_id, contactId)))
      await recordActivity(tx, {
        authorId: viewer.personId,
        teamId: scope.team.id,
        subjectType: 'team_contacts',
        subjectId: scope.teamContact.id,
        contactId,
        action: 'update',
        before: { group_id: scope.group.id, in_group: true },
        after: { group_id: scope.group.id, in_group: false },
      })
    })
    return done
  }

  await deps.db.transaction((tx) =>
    removeContactFromTeam(deps, tx, { authorId: viewer.personId, teamId: scope.team.id, teamContact: scope.teamContact, contact: scope.contact }),
  )
  return done
}

export interface TeamRemoval {
  /** Who removes the contact; null for the scheduled clean-up of archived contacts. */
  authorId: number | null
  teamId: number
  teamContact: { id: number; is_owner: boolean }
  contact: { id: number; first_name: string; last_name: string }
}

/**
 * The team lets the contact go: its row, the contact's place in the team's groups and the
 * team's assignments. A person no team holds any more, who has no account and no place in
 * a team, is deleted with everything recorded about them. Shared by remove-contact-from-team
 * and the clean-up of archived contacts; call it in a transaction, with the activity entry.
 * A deleted person's files are removed too.
 */
export async function removeContactFromTeam(deps: Pick<Deps, 'config'>, tx: Executor, removal: TeamRemoval): Promise<void> {
  const { teamId, teamContact, contact } = removal
  const teamGroups = tx.select({ id: teams.id }).from(teams).where(eq(teams.parent_id, teamId))
  await tx.delete(groupContacts).where(and(eq(groupContacts.person_id, contact.id), inArray(groupContacts.group_id, teamGroups)))
  await tx.delete(assignments).where(and(eq(assignments.team_id, teamId), eq(assignments.contact_id, contact.id)))
  await tx.delete(teamContacts).where(eq(teamContacts.id, teamContact.id))

  const [kept] = await tx
    .select({ id: people.id })
    .from(people)
    .where(
      and(
        eq(people.id, contact.id),
        or(
          sql`exists (select 1 from ${teamContacts} where ${teamContacts.person_id} = ${people.id})`,
          sql`exists (select 1 from ${accounts} where ${accounts.person_id} = ${people.id})`,
          sql`exists (select 1 from ${memberships} where ${memberships.person_id} = ${people.id})`,
        ),
      ),
    )
  const deleted = !kept
  // The files kept about the person (photo, consent signatures and photos) go with them.
  if (deleted) await deletePersonWithFiles(deps, tx, contact.id)
  // The contact's own log goes with a deleted person; this entry stays in the team's log.
  await recordActivity(tx, {
    authorId: removal.authorId,
    teamId,
    subjectType: 'team_contacts',
    subjectId: teamContact.id,
    contactId: deleted ? null : contact.id,
    action: 'delete',
    before: { team_id: teamId, person_id: contact.id, name: `${contact.first_name} ${contact.last_name}`.trim(), is_owner: teamContact.is_owner },
    after: deleted ? { person_deleted: true } : null,
  })
}
