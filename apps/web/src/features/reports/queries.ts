import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { reportCalls, type ReportsSummaryQuery } from '@crm/domain'
import { callApi } from '../../lib/api'

export const reportKeys = {
  all: ['reports'] as const,
  summary: (teamId: number, query: ReportsSummaryQuery) => [...reportKeys.all, 'summary', teamId, query] as const,
}

/**
 * GET reports-summary/{team id}: one call for every widget, each period in the query (and the
 * key). The last answer stays on screen while a new one loads, so charts do not jump. A
 * failure is not shown (spec 3 §7): the caller reads only `data`.
 */
export function reportsSummaryQueryOptions(teamId: number, query: ReportsSummaryQuery, enabled: boolean) {
  return queryOptions({
    queryKey: reportKeys.summary(teamId, query),
    queryFn: ({ signal }) => callApi(reportCalls.reportsSummary, { params: { teamId }, input: query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useReportsSummary(teamId: number, query: ReportsSummaryQuery, enabled: boolean) {
  return useQuery(reportsSummaryQueryOptions(teamId, query, enabled))
}
