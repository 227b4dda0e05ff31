import { and, asc, eq } from 'drizzle-orm'
import { zonedDate, type ReportsSummary, type reportsSummaryQuery } from '@crm/domain'
import type { z } from 'zod'
import { teams } from '../../db/schema/index'
import { teamSettingsOf, type TeamScope } from '../../platform/access'
import { onReadReplica, type Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { countBaptismDecisions, countFollowUps, countNewContacts, type ReportTarget } from './report-contacts'
import { countEvents, countRecurringEvents } from './report-events'
import { periodDates } from './report-periods'

// GET reports-summary/{team id} (spec 3 §2.3, §3 Report summary, §7 Reports). The route holds
// read_own_report in the path's team (leader and up), who read every contact of their team:
// a report counts exactly the contacts such a caller may read (held by the team, active, not
// archived), and answers numbers only, so no child's details can leave through it.

type ReportsSummaryInput = z.output<typeof reportsSummaryQuery>

/**
 * The teams whose figures the report adds up, and the time zone of its buckets. A church: its
 * own. A conference: with for_team_id one of its churches (another team is not found), with
 * combined=1 all its churches (in the conference's time zone), otherwise its own figures (a
 * conference seldom holds contacts itself; the page asks for a church or all of them first).
 * Reading the conference's reports is reading its churches' numbers: read_own_report there
 * is the permission, as the spec's conference selector implies.
 */
export async function resolveReportTarget(deps: Deps, scope: TeamScope, input: ReportsSummaryInput): Promise<ReportTarget> {
  const memberStatus = input.member_status ? input.member_status : null
  const own: ReportTarget = { teamIds: [scope.team.id], timeZone: scope.settings.timeZone, memberStatus }
  const forTeamId = input.for_team_id
  if (!scope.isConference) {
    // A church has no churches: for_team_id may only name itself, and combined is its own figures.
    if (forTeamId !== undefined && forTeamId !== scope.team.id) throw new AppError('not_found')
    return own
  }
  const churches = await deps.db
    .select({ id: teams.id, settings: teams.settings })
    .from(teams)
    .where(and(eq(teams.parent_id, scope.team.id), eq(teams.kind, 'team')))
    .orderBy(asc(teams.id))
  const chosen = forTeamId === undefined ? undefined : churches.find((church) => church.id === forTeamId)
  if (forTeamId !== undefined && !chosen) throw new AppError('not_found')
  if (input.combined) return { ...own, teamIds: churches.map((church) => church.id) }
  if (chosen) return { teamIds: [chosen.id], timeZone: teamSettingsOf(chosen.settings).timeZone, memberStatus }
  return own
}

/** Every widget, each over its own period; the queries run side by side. */
export async function readReportsSummary(primary: Deps, scope: TeamScope, input: ReportsSummaryInput): Promise<ReportsSummary> {
  const deps = onReadReplica(primary)
  const target = await resolveReportTarget(deps, scope, input)
  const now = deps.now()
  const today = zonedDate(now, target.timeZone)
  const dates = (period: ReportsSummaryInput['contacts_period']) => periodDates(period, today)
  const { db } = deps
  const [{ contacts, sources }, followups, baptisms, nonRecurring, multiDay, recurring] = await Promise.all([
    countNewContacts(db, target, { contacts: dates(input.contacts_period), sources: dates(input.contact_sources_period) }),
    countFollowUps(db, target, now),
    countBaptismDecisions(db, target, dates(input.baptism_decisions_period)),
    countEvents(db, target, dates(input.events_non_recurring_period), 'non_recurring'),
    countEvents(db, target, dates(input.events_multi_day_period), 'multi_day'),
    countRecurringEvents(db, target, dates(input.events_recurring_period)),
  ])
  return {
    contacts,
    followups,
    baptism_decisions: baptisms,
    contact_sources: sources,
    events_non_recurring: nonRecurring,
    events_multi_day: multiDay,
    events_recurring: recurring,
  }
}
