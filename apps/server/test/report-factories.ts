import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { reportPeriods, type ReportChart, type ReportsSummary } from '@crm/domain'
import { teamContacts } from '../src/db/schema/index'
import { get } from './contact-factories'
import { body, type TestApp } from './harness'

// What the report tests share: a chart's figures as a test reads them, and a team's row of a
// contact set directly, as the totals' triggers must follow any write.

/** The non-zero buckets of one series: { label: n }. */
export function nonZero(chart: ReportChart, key: string): Record<string, number> {
  return Object.fromEntries(chart.points.filter((point) => point.values[key] !== 0).map((point) => [point.label, point.values[key]!]))
}

/** Updates the team's row of a contact (team_contacts) in one statement. */
export function setTeamContact(t: TestApp, team: number, person: number, values: Partial<typeof teamContacts.$inferInsert>) {
  return t.db
    .update(teamContacts)
    .set(values)
    .where(and(eq(teamContacts.team_id, team), eq(teamContacts.person_id, person)))
}

/**
 * Every widget of a team's reports in each period, as the reports page reads them, with and
 * without the member-status filter: what a de-identification must leave as it was (issue 40 §2).
 */
export async function reportsInEveryPeriod(t: TestApp, teamId: number, token: string, memberStatus = 'interested'): Promise<ReportsSummary[]> {
  const read: ReportsSummary[] = []
  for (const period of reportPeriods) {
    for (const filter of [undefined, memberStatus]) {
      const query = {
        contacts_period: period,
        baptism_decisions_period: period,
        contact_sources_period: period,
        events_non_recurring_period: period,
        events_multi_day_period: period,
        events_recurring_period: period,
        ...(filter ? { member_status: filter } : {}),
      }
      const response = await get(t, `reports-summary/${teamId}`, token, query)
      expect(response.statusCode, response.body).toBe(200)
      read.push(body<ReportsSummary>(response))
    }
  }
  return read
}
