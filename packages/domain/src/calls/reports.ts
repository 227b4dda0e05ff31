import { z } from 'zod'
import { flag, id, text } from '../rules/wire'
import { defineCall } from './define'

// Reports (spec 3 §2.3, §3 Report summary, §6 read_own_report, §7 Reports, §9): the board's
// questions about a church, or a conference's churches one by one or combined.

/** A chart's period (spec 3 §2.3). */
export const reportPeriods = ['all', 'this_year', 'last_year', 'this_month', 'last_month'] as const
export type ReportPeriod = (typeof reportPeriods)[number]
/** Spec 3 §9: a chart starts on this year. */
export const defaultReportPeriod: ReportPeriod = 'this_year'

/** How a chart draws (spec 3 §2.3). */
export const reportChartTypes = ['line', 'multi_line', 'pie', 'bar', 'stacked_bar'] as const
export type ReportChartType = (typeof reportChartTypes)[number]

/**
 * A chart's points are days in a month's period, months in a year's, years for 'all'.
 * Labels are YYYY-MM-DD, YYYY-MM or YYYY; every bucket of the period is present (zeros too).
 */
export const reportGranularities = ['day', 'month', 'year'] as const
export type ReportGranularity = (typeof reportGranularities)[number]

export function granularityOf(period: ReportPeriod): ReportGranularity {
  if (period === 'this_month' || period === 'last_month') return 'day'
  if (period === 'all') return 'year'
  return 'month'
}

/** The widgets with a period of their own, each asked for by `{widget}_period`. */
export const reportChartWidgets = ['contacts', 'baptism_decisions', 'contact_sources', 'events_non_recurring', 'events_multi_day', 'events_recurring'] as const
export type ReportChartWidget = (typeof reportChartWidgets)[number]

const period = z.enum(reportPeriods).default(defaultReportPeriod)

/**
 * GET reports-summary/{team id}. For a conference (the path's team), for_team_id names one of
 * its churches, or combined=1 adds up every church; the conference's own figures otherwise.
 * member_status keeps the contacts of one member status (a value of lookups/member-status-types).
 */
export const reportsSummaryQuery = z.object({
  for_team_id: id.optional(),
  combined: flag.optional(),
  member_status: text(60).optional(),
  contacts_period: period,
  baptism_decisions_period: period,
  contact_sources_period: period,
  events_non_recurring_period: period,
  events_multi_day_period: period,
  events_recurring_period: period,
})
export type ReportsSummaryQuery = z.input<typeof reportsSummaryQuery>

export const reportPointSchema = z.object({
  /** YYYY-MM-DD, YYYY-MM or YYYY (the chart's granularity). */
  label: z.string(),
  /** A number per series key. */
  values: z.record(z.string(), z.number()),
})

export const reportChartSchema = z.object({
  type: z.enum(reportChartTypes),
  period: z.enum(reportPeriods),
  granularity: z.enum(reportGranularities),
  /** The series, in drawing order. */
  keys: z.array(z.string()),
  points: z.array(reportPointSchema),
  /** Each series added up over the period. */
  totals: z.record(z.string(), z.number()),
})
export type ReportChart = z.infer<typeof reportChartSchema>

export const reportsSummarySchema = z.object({
  /** New contacts in each bucket (key 'contacts'); a line chart. */
  contacts: reportChartSchema,
  followups: z.object({
    /** Assigned contacts with no completed interaction by their assignee. */
    outstanding: z.number().int(),
    /** Mean hours from an assignment to the assignee's first completed interaction after it; null when none. */
    response_time_average: z.number().nullable(),
    /** Assignees who logged an interaction in the last 30 days (spec 3 §9). */
    active_members: z.number().int(),
  }),
  /** Decisions for baptism ('baptism_decisions') and baptisms ('baptisms') in each bucket; a line chart. */
  baptism_decisions: reportChartSchema,
  /** New contacts by source (one key per source): a pie, or a stacked bar over the period. */
  contact_sources: reportChartSchema.extend({
    /** The most frequent source over the period; null when no contact has one. */
    primary: z.string().nullable(),
  }),
  /** Non-recurring one-day events (key 'events') and their attendance ('attendance'); a bar chart. */
  events_non_recurring: reportChartSchema,
  /** Multi-day events ('events') and their attendance ('attendance'); a multi-line chart. */
  events_multi_day: reportChartSchema,
  /** Occurrences of recurring events ('occurrences') and their attendance ('attendance'); a multi-line chart. */
  events_recurring: reportChartSchema,
})
export type ReportsSummary = z.infer<typeof reportsSummarySchema>

export const reportCalls = {
  reportsSummary: defineCall({
    method: 'GET',
    path: '/reports-summary/:teamId',
    params: z.object({ teamId: id }),
    request: reportsSummaryQuery,
    response: reportsSummarySchema,
    summary: "The reports page's figures and charts for a church, or a conference's churches",
  }),
}
