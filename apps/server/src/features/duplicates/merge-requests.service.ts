import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { hasCapability, mergeFieldGroups, type ContactMergeRequest, type MergeFieldGroup, type MergeRequestStatus } from '@crm/domain'
import { rowsOf, type Executor } from '../../db/client'
import { accounts, contactMergeRequests, contactMergeRequestTeams, notifications, people, teams } from '../../db/schema/index'
import { loadTeamScope, type TeamScope, type Viewer } from '../../platform/access'
import { personGate } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { fullName } from '../../platform/format'
import { escapeHtml } from '../../platform/sanitize'
import { assertMergeable, lockPair, mergeLockedPair, teamsNotActedFor } from './contact-merge.service'

// A merge that needs the agreement of teams the asker does not act for (issue 40 §1), as a
// team's request to take in another team's contact goes to that team's owners: each such
// team's owners agree or decline on the contact's page; the last agreement carries the merge
// out as it was asked (by its asker, in the team it was asked in), one that declines ends it.

type RequestRow = typeof contactMergeRequests.$inferSelect

const requestedBy = alias(people, 'requested_by')
const keptPerson = alias(people, 'kept_person')
const otherPerson = alias(people, 'other_person')

/** The requests under `where`, with the records' names, the asker and the team asked in. */
function requestsWhere(db: Executor, where: ReturnType<typeof and>) {
  return db
    .select({
      request: contactMergeRequests,
      team_title: teams.title,
      requested: { first_name: requestedBy.first_name, last_name: requestedBy.last_name },
      kept: { first_name: keptPerson.first_name, last_name: keptPerson.last_name, dob_year: keptPerson.dob_year, dob_month: keptPerson.dob_month },
      other: { first_name: otherPerson.first_name, last_name: otherPerson.last_name, dob_year: otherPerson.dob_year, dob_month: otherPerson.dob_month },
    })
    .from(contactMergeRequests)
    .innerJoin(teams, eq(teams.id, contactMergeRequests.team_id))
    .innerJoin(keptPerson, eq(keptPerson.id, contactMergeRequests.contact_id))
    .innerJoin(otherPerson, eq(otherPerson.id, contactMergeRequests.other_contact_id))
    .leftJoin(requestedBy, eq(requestedBy.id, contactMergeRequests.requested_by_id))
    .where(where)
}

/** The requests as the team of `scope` reads them, each with its teams' answers. */
async function answersOf(db: Executor, scope: TeamScope, rows: Awaited<ReturnType<typeof requestsWhere>>, now: Date): Promise<ContactMergeRequest[]> {
  if (rows.length === 0) return []
  const asked = await db
    .select({
      request_id: contactMergeRequestTeams.request_id,
      team_id: contactMergeRequestTeams.team_id,
      title: teams.title,
      approved: contactMergeRequestTeams.approved,
    })
    .from(contactMergeRequestTeams)
    .innerJoin(teams, eq(teams.id, contactMergeRequestTeams.team_id))
    .where(
      inArray(
        contactMergeRequestTeams.request_id,
        rows.map((row) => row.request.id),
      ),
    )
    .orderBy(teams.title, teams.id)
  const gate = personGate(scope, now)
  return rows.map(({ request, team_title, requested, kept, other }) => {
    const teamsAsked = asked.filter((team) => team.request_id === request.id)
    return {
      id: request.id,
      contact_id: request.contact_id,
      other_contact_id: request.other_contact_id,
      contact_name: gate.nameOf(kept),
      other_name: gate.nameOf(other),
      from_other: request.from_other.filter((group): group is MergeFieldGroup => (mergeFieldGroups as readonly string[]).includes(group)),
      requesting_team_id: request.team_id,
      requesting_team_name: team_title,
      requested_by_name: requested?.first_name ? fullName(requested.first_name, requested.last_name) : '',
      created_at: request.created_at.toISOString(),
      status: request.status as MergeRequestStatus,
      teams: teamsAsked.map((team) => ({ team_id: team.team_id, title: team.title, approved: team.approved })),
      awaits_this_team: request.status === 'pending' && teamsAsked.some((team) => team.team_id === scope.team.id && team.approved === null),
      merge_id: request.merge_id,
    }
  })
}

async function answerOf(db: Executor, scope: TeamScope, requestId: number, now: Date): Promise<ContactMergeRequest> {
  const [answer] = await answersOf(db, scope, await requestsWhere(db, eq(contactMergeRequests.id, requestId)), now)
  return answer!
}

/**
 * Tells the owners (and a conference's staff for its churches) of each team asked: one
 * notification each, linking to the record their team holds (the kept one where it holds both).
 */
async function notifyTeamsAsked(tx: Executor, request: RequestRow, teamIds: readonly number[], church: string, name: string, now: Date): Promise<void> {
  const recipients = rowsOf<{ person_id: number; team_id: number; locale: string | null; holds_kept: boolean }>(
    await tx.execute(sql`select distinct m.person_id, t.id as team_id, a.locale,
        exists (select 1 from team_contacts h where h.team_id = t.id and h.person_id = ${request.contact_id}) as holds_kept
      from teams t
      join memberships m on (m.team_id = t.id and m.role in ('owner', 'entity_admin')) or (m.team_id = t.parent_id and m.role = 'entity_admin')
      left join accounts a on a.person_id = m.person_id
      where t.id in (${sql.join(
        teamIds.map((teamId) => sql`${teamId}`),
        sql`, `,
      )})`),
  )
  if (recipients.length === 0) return
  await tx.insert(notifications).values(
    recipients.map((recipient) => {
      const es = recipient.locale === 'es'
      const text = es ? `${church} pide fusionar dos registros de ${name}.` : `${church} asks to merge two records of ${name}.`
      return {
        level: 'team' as const,
        team_id: recipient.team_id,
        recipient_user_id: recipient.person_id,
        content: `<p>${escapeHtml(text)}</p>`,
        kind: 'contact_merge_requested' as const,
        params: { church, name },
        link_url: `/contacts/view/${recipient.holds_kept ? request.contact_id : request.other_contact_id}`,
        link_text: es ? 'Abrir contacto' : 'Open contact',
        importance: 'medium' as const,
        date: now,
      }
    }),
  )
}

/** Tells the asker what a team said, and whether the records are merged now. */
async function notifyAsker(tx: Executor, request: RequestRow, church: string, name: string, approved: boolean, merged: boolean, now: Date): Promise<void> {
  if (request.requested_by_id === null) return
  const [account] = await tx.select({ locale: accounts.locale }).from(accounts).where(eq(accounts.person_id, request.requested_by_id))
  const es = account?.locale === 'es'
  const text = !approved
    ? es
      ? `${church} no aceptó fusionar los registros de ${name}.`
      : `${church} declined merging the records of ${name}.`
    : merged
      ? es
        ? `${church} aceptó: los registros de ${name} están fusionados.`
        : `${church} agreed: the records of ${name} are merged.`
      : es
        ? `${church} aceptó fusionar los registros de ${name}; faltan otros equipos.`
        : `${church} agreed to merging the records of ${name}; other teams still have to.`
  await tx.insert(notifications).values({
    level: 'team',
    team_id: request.team_id,
    recipient_user_id: request.requested_by_id,
    content: `<p>${escapeHtml(text)}</p>`,
    kind: 'contact_merge_decided',
    params: { church, name, approved, merged },
    link_url: `/contacts/view/${request.contact_id}`,
    link_text: es ? 'Abrir contacto' : 'Open contact',
    importance: 'normal',
    date: now,
  })
}

/**
 * POST request-contact-merge: the merge as merge-contacts would do it, asked of the teams the
 * caller does not act for. The merge's other refusals come first; where the caller acts for
 * every team it is 409 merge_approval_not_needed. The pair's pending request, either way
 * round, answers again.
 */
export async function requestContactMerge(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  input: { contact_id: number; other_contact_id: number; from_other: readonly MergeFieldGroup[] },
): Promise<ContactMergeRequest> {
  if (input.contact_id === input.other_contact_id) throw new AppError('not_found')
  const now = deps.now()
  const requestId = await deps.db.transaction(async (tx) => {
    const { kept, other } = await lockPair(tx, input.contact_id, input.other_contact_id)
    await assertMergeable(tx, viewer, scope, kept, other, now)
    const [pending] = await tx
      .select({ id: contactMergeRequests.id })
      .from(contactMergeRequests)
      .where(
        and(
          eq(contactMergeRequests.status, 'pending'),
          sql`least(${contactMergeRequests.contact_id}, ${contactMergeRequests.other_contact_id}) = ${Math.min(kept.id, other.id)}`,
          sql`greatest(${contactMergeRequests.contact_id}, ${contactMergeRequests.other_contact_id}) = ${Math.max(kept.id, other.id)}`,
        ),
      )
    if (pending) return pending.id
    const asked = await teamsNotActedFor(tx, viewer, [kept.id, other.id])
    if (asked.length === 0) throw new AppError('merge_approval_not_needed')
    const [request] = await tx
      .insert(contactMergeRequests)
      .values({
        contact_id: kept.id,
        other_contact_id: other.id,
        team_id: scope.team.id,
        requested_by_id: viewer.personId,
        from_other: [...input.from_other],
        created_at: now,
      })
      .returning()
    await tx.insert(contactMergeRequestTeams).values(asked.map((team) => ({ request_id: request!.id, team_id: team.id })))
    await notifyTeamsAsked(
      tx,
      request!,
      asked.map((team) => team.id),
      scope.team.title,
      fullName(kept.first_name, kept.last_name),
      now,
    )
    return request!.id
  })
  return answerOf(deps.db, scope, requestId, now)
}

/** GET contact-merge-requests: the pending requests the team asked or must decide, newest first; with contact_id, those naming it. */
export async function listContactMergeRequests(
  deps: Deps,
  scope: TeamScope,
  input: { contact_id?: number | undefined },
): Promise<{ data: ContactMergeRequest[] }> {
  const asksTeam = sql`exists (select 1 from ${contactMergeRequestTeams} where ${contactMergeRequestTeams.request_id} = ${contactMergeRequests.id}
    and ${contactMergeRequestTeams.team_id} = ${scope.team.id})`
  const where = and(
    eq(contactMergeRequests.status, 'pending'),
    or(eq(contactMergeRequests.team_id, scope.team.id), asksTeam),
    input.contact_id === undefined
      ? undefined
      : or(eq(contactMergeRequests.contact_id, input.contact_id), eq(contactMergeRequests.other_contact_id, input.contact_id)),
  )
  // A team has a few pending requests at most: no paging.
  const rows = await requestsWhere(deps.db, where).orderBy(desc(contactMergeRequests.created_at), desc(contactMergeRequests.id)).limit(100)
  return { data: await answersOf(deps.db, scope, rows, deps.now()) }
}

/** The asker as a caller, and their scope in the team the merge was asked in (404 when they can no longer act there). */
async function askerOf(tx: Executor, request: RequestRow): Promise<{ viewer: Viewer; scope: TeamScope }> {
  const [account] = request.requested_by_id
    ? await tx
        .select({ email: accounts.email, site_role: accounts.site_role, locale: accounts.locale })
        .from(accounts)
        .where(eq(accounts.person_id, request.requested_by_id))
    : []
  if (!account || request.requested_by_id === null) throw new AppError('not_found')
  const viewer: Viewer = {
    personId: request.requested_by_id,
    email: account.email,
    isSiteAdmin: account.site_role === 'admin',
    sessionId: 0,
    locale: account.locale,
  }
  const scope = await loadTeamScope(tx, viewer, request.team_id)
  if (!hasCapability(scope.role, 'delete_contact')) throw new AppError('not_found')
  return { viewer, scope }
}

/**
 * POST decide-contact-merge-request: the team's answer. Declined, the request ends. Agreed by
 * the last team asked, the merge is carried out in the same transaction, as its asker in the
 * team it was asked in, with every team asked counted as agreeing; a refusal of the merge
 * then (a record merged or to be erased since, a new team holding it) records nothing.
 */
export async function decideContactMergeRequest(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  input: { request_id: number; approve: boolean },
): Promise<ContactMergeRequest> {
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const [request] = await tx.select().from(contactMergeRequests).where(eq(contactMergeRequests.id, input.request_id)).for('update')
    const [asked] = request
      ? await tx
          .select()
          .from(contactMergeRequestTeams)
          .where(and(eq(contactMergeRequestTeams.request_id, request.id), eq(contactMergeRequestTeams.team_id, scope.team.id)))
      : []
    if (!request || !asked) throw new AppError('not_found')
    if (asked.approved !== null) return
    if (request.status !== 'pending') throw new AppError('merge_request_decided')
    await tx
      .update(contactMergeRequestTeams)
      .set({ approved: input.approve, decided_by_id: viewer.personId, decided_at: now })
      .where(and(eq(contactMergeRequestTeams.request_id, request.id), eq(contactMergeRequestTeams.team_id, scope.team.id)))
    const [kept] = await tx.select({ first_name: people.first_name, last_name: people.last_name }).from(people).where(eq(people.id, request.contact_id))
    const name = kept ? fullName(kept.first_name, kept.last_name) : ''
    if (!input.approve) {
      await tx.update(contactMergeRequests).set({ status: 'declined', decided_at: now }).where(eq(contactMergeRequests.id, request.id))
      await notifyAsker(tx, request, scope.team.title, name, false, false, now)
      return
    }
    const [waiting] = await tx
      .select({ team_id: contactMergeRequestTeams.team_id })
      .from(contactMergeRequestTeams)
      .where(and(eq(contactMergeRequestTeams.request_id, request.id), isNull(contactMergeRequestTeams.approved)))
      .limit(1)
    if (waiting) {
      await notifyAsker(tx, request, scope.team.title, name, true, false, now)
      return
    }
    const asker = await askerOf(tx, request)
    const pair = await lockPair(tx, request.contact_id, request.other_contact_id)
    await assertMergeable(tx, asker.viewer, asker.scope, pair.kept, pair.other, now)
    const agreed = await tx
      .select({ team_id: contactMergeRequestTeams.team_id })
      .from(contactMergeRequestTeams)
      .where(eq(contactMergeRequestTeams.request_id, request.id))
    const left = await teamsNotActedFor(tx, asker.viewer, [request.contact_id, request.other_contact_id], new Set(agreed.map((team) => team.team_id)))
    if (left.length > 0) throw new AppError('merge_other_team', { teams: [...new Set(left.map((team) => team.title))] })
    const fromOther = request.from_other.filter((group): group is MergeFieldGroup => (mergeFieldGroups as readonly string[]).includes(group))
    const merge = await mergeLockedPair(tx, asker.viewer, asker.scope, pair, fromOther, now)
    await tx.update(contactMergeRequests).set({ status: 'merged', decided_at: now, merge_id: merge.id }).where(eq(contactMergeRequests.id, request.id))
    await notifyAsker(tx, request, scope.team.title, name, true, true, now)
  })
  return answerOf(deps.db, scope, input.request_id, now)
}
