import { and, eq } from 'drizzle-orm'
import type { ReportChart } from '@crm/domain'
import { teamContacts } from '../src/db/schema/index'
import type { TestApp } from './harness'

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
