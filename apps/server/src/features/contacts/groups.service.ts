import { and, asc, eq } from 'drizzle-orm'
import { capabilityMap, clampPage, hasCapability, maxPages, pageOffset } from '@crm/domain'
import { groupContacts, memberships, teams } from '../../db/schema/index'
import { loadGroupScope, resolveGroupRole, type TeamScope, type Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertChildDataAllowed, loadContactScope, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { refuseField } from '../../platform/field-refusals'

/**
 * contact-groups/{id}: the groups of the team the contact is in (the primary group, which
 * holds every contact of the team, aside), only those the caller can see, each with what
 * the caller may do with the contact there: the team role's capabilities, and
 * set_user_public_group (taking the contact out of the group) from the group's role.
 */
export async function listContactGroups(deps: Deps, viewer: Viewer, scope: ContactScope, query: { page: number; per_page: number }) {
  // A child's tabs are closed as its record is (spec 2 §5, issue 33).
  assertChildDataAllowed(scope)
  const rows = await deps.db
    .select({ id: teams.id, title: teams.title, is_public: teams.is_public, role: memberships.role })
    .from(groupContacts)
    .innerJoin(teams, and(eq(teams.id, groupContacts.group_id), eq(teams.parent_id, scope.team.id), eq(teams.kind, 'group')))
    .leftJoin(memberships, and(eq(memberships.team_id, teams.id), eq(memberships.person_id, viewer.personId)))
    .where(eq(groupContacts.person_id, scope.contact.id))
    .orderBy(asc(teams.title), asc(teams.id))
  const visible = rows.flatMap((row) => {
    const groupRole = resolveGroupRole({ teamRole: scope.role, isPrimary: false, isPublic: row.is_public, groupRole: row.role })
    if (!groupRole) return []
    return [
      {
        id: row.id,
        title: row.title,
        is_public: row.is_public,
        is_active: true,
        // The team's powers on the contact; the group's role only says who is in the group.
        user_capabilities: { ...capabilityMap(scope.contactRole), set_user_public_group: hasCapability(groupRole, 'set_user_public_group') },
      },
    ]
  })
  const pages = maxPages(visible.length, query.per_page)
  const offset = pageOffset(clampPage(query.page, pages), query.per_page)
  return { items: visible.slice(offset, offset + query.per_page), count: visible.length, max_pages: pages }
}

/**
 * The target group of add-user-to-group / remove-user-from-group (a group of the team the
 * caller can see, not the primary group) and the contact, which the team must hold.
 */
async function loadGroupChange(deps: Deps, viewer: Viewer, scope: TeamScope, input: { group_id: number; user_id: number }) {
  if (input.group_id === scope.team.id) {
    throw refuseField('group_id', 'group_of_team')
  }
  const target = await loadGroupScope(deps.db, viewer, scope.team.id, input.group_id)
  // Who is in a group is the group's own business: its role decides, as contact-groups shows.
  if (!hasCapability(target.groupRole, 'set_user_public_group')) throw new AppError('forbidden')
  const contact = await loadContactScope(deps.db, viewer, { ...scope, group: scope.team, groupRole: scope.role }, input.user_id, deps.now())
  if (contact.teamContact.state !== 'active') throw new AppError('forbidden')
  // Which groups a child is in is the child's data: a caller under the child data gate changes none.
  assertChildDataAllowed(contact)
  return { target, contact }
}

/** add-user-to-group and remove-user-from-group (set_user_public_group in the target group). */
export async function setContactInGroup(deps: Deps, viewer: Viewer, scope: TeamScope, input: { group_id: number; user_id: number }, inGroup: boolean) {
  const { target, contact } = await loadGroupChange(deps, viewer, scope, input)
  await deps.db.transaction(async (tx) => {
    const changed = inGroup
      ? await tx
          .insert(groupContacts)
          .values({ group_id: target.group.id, person_id: contact.contact.id, added_by_id: viewer.personId })
          .onConflictDoNothing()
          .returning({ id: groupContacts.id })
      : await tx
          .delete(groupContacts)
          .where(and(eq(groupContacts.group_id, target.group.id), eq(groupContacts.person_id, contact.contact.id)))
          .returning({ id: groupContacts.id })
    // Already so: nothing to record.
    if (changed.length === 0) return
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'team_contacts',
      subjectId: contact.teamContact.id,
      contactId: contact.contact.id,
      action: 'update',
      before: { group_id: target.group.id, in_group: !inGroup },
      after: { group_id: target.group.id, in_group: inGroup },
    })
  })
  return { success: true as const }
}
