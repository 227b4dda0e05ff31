import { granularityOf, type ReportChart, type ReportPeriod, type ReportsSummary } from '@crm/domain'

const monthLabels = ['2026-01', '2026-02', '2026-03']

/** A chart with the given series over three months; values[key][i] is bucket i's number. */
export function buildChart(
  values: Record<string, number[]>,
  { type = 'line', period = 'this_year', labels = monthLabels }: { type?: ReportChart['type']; period?: ReportPeriod; labels?: string[] } = {},
): ReportChart {
  const keys = Object.keys(values)
  return {
    type,
    period,
    granularity: granularityOf(period),
    keys,
    points: labels.map((label, index) => ({ label, values: Object.fromEntries(keys.map((key) => [key, values[key]?.[index] ?? 0])) })),
    totals: Object.fromEntries(keys.map((key) => [key, (values[key] ?? []).reduce((sum, value) => sum + value, 0)])),
  }
}

export function buildReportsSummary(overrides: Partial<ReportsSummary> = {}): ReportsSummary {
  return {
    contacts: buildChart({ contacts: [4, 7, 2] }),
    followups: { outstanding: 12, response_time_average: 51, active_members: 5 },
    baptism_decisions: buildChart({ baptism_decisions: [1, 0, 3], baptisms: [0, 1, 0] }),
    contact_sources: { ...buildChart({ facebook: [2, 3, 1], friend: [1, 1, 0] }, { type: 'pie' }), primary: 'facebook' },
    events_non_recurring: buildChart({ events: [1, 2, 0], attendance: [30, 45, 0] }, { type: 'bar' }),
    events_multi_day: buildChart({ events: [0, 1, 0], attendance: [0, 80, 0] }, { type: 'multi_line' }),
    events_recurring: buildChart({ occurrences: [4, 4, 5], attendance: [60, 58, 71] }, { type: 'multi_line' }),
    ...overrides,
  }
}
