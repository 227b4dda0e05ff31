import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { retentionNoticeDays, type ContactDue, type ContactRetention, type RetentionMonths } from '@crm/domain'
import { rowsOf } from '../../db/client'
import { teamContacts, teams } from '../../db/schema/index'
import type { TeamScope } from '../../platform/access'
import { boundedPage } from '../../platform/bounded-page'
import { personGate } from '../../platform/child-gate'
import type { ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { lastActivity } from './contact-retention'

// The calls of retention on schedule (issue 40 §2): the team's setting, the contacts its
// owners were told of, and keeping one. The job is contact-retention.ts.

const dayMs = 24 * 60 * 60_000

/** The team's contacts the owners were told of, still due. */
const dueIn = (teamId: number) => and(eq(teamContacts.team_id, teamId), isNotNull(teamContacts.retention_notice_at), eq(teamContacts.state, 'active'))

/** GET contact-retention. */
export async function readContactRetention(deps: Deps, scope: TeamScope): Promise<ContactRetention> {
  const [team] = await deps.db.select({ settings: teams.settings }).from(teams).where(eq(teams.id, scope.team.id))
  const [due] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamContacts)
    .where(dueIn(scope.team.id))
  return { months: team?.settings.contact_retention_months ?? null, notice_days: retentionNoticeDays, due_count: due?.n ?? 0 }
}

/**
 * POST set-contact-retention. The contacts already told of are no longer due: with another
 * setting the job tells the owners again of those it makes due.
 */
export async function setContactRetention(deps: Deps, scope: TeamScope, input: { months: RetentionMonths | null }): Promise<ContactRetention> {
  await deps.db.transaction(async (tx) => {
    const setting =
      input.months === null
        ? sql`${teams.settings} - 'contact_retention_months'`
        : sql`${teams.settings} || ${JSON.stringify({ contact_retention_months: input.months })}::jsonb`
    const [before] = await tx.select({ settings: teams.settings }).from(teams).where(eq(teams.id, scope.team.id)).for('update')
    if ((before?.settings.contact_retention_months ?? null) === input.months) return
    await tx.update(teams).set({ settings: setting }).where(eq(teams.id, scope.team.id))
    await tx
      .update(teamContacts)
      .set({ retention_notice_at: null })
      .where(and(eq(teamContacts.team_id, scope.team.id), isNotNull(teamContacts.retention_notice_at)))
  })
  return readContactRetention(deps, scope)
}

/** GET contacts-due-for-de-identification: soonest first, named through the child gate. */
export async function listContactsDue(deps: Deps, scope: TeamScope, input: { page: number; per_page: number }) {
  const where = dueIn(scope.team.id)
  const { rows, counts } = await boundedPage(deps.db, { table: teamContacts, where, page: input.page, per_page: input.per_page }, async (page) =>
    rowsOf<{
      id: number
      first_name: string
      last_name: string
      dob_year: number | null
      dob_month: number | null
      last_activity_at: Date | string
      notice_at: Date | string
    }>(
      await deps.db.execute(sql`select p.id, p.first_name, p.last_name, p.dob_year, p.dob_month, ${lastActivity} as last_activity_at,
          tc.retention_notice_at as notice_at
        from team_contacts tc join people p on p.id = tc.person_id
        where tc.team_id = ${scope.team.id} and tc.retention_notice_at is not null and tc.state = 'active'
        order by tc.retention_notice_at, tc.person_id
        limit ${input.per_page} offset ${(page - 1) * input.per_page}`),
    ),
  )
  const gate = personGate(scope, deps.now())
  const items = rows.map((row): ContactDue => ({
    id: row.id,
    name: gate.nameOf(row),
    last_activity_at: new Date(row.last_activity_at).toISOString(),
    due_at: new Date(new Date(row.notice_at).getTime() + retentionNoticeDays * dayMs).toISOString(),
  }))
  return { items, ...counts }
}

/**
 * POST keep-contact: an owner keeps the contact; it counts as activity, so its time starts
 * again and any notice about it is withdrawn.
 */
export async function keepContact(deps: Deps, scope: ContactScope): Promise<{ success: true }> {
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    await tx
      .update(teamContacts)
      .set({ retention_kept_at: now })
      .where(and(eq(teamContacts.team_id, scope.team.id), eq(teamContacts.person_id, scope.contact.id)))
    await tx
      .update(teamContacts)
      .set({ retention_notice_at: null })
      .where(and(eq(teamContacts.person_id, scope.contact.id), isNotNull(teamContacts.retention_notice_at)))
  })
  return { success: true as const }
}
