import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { activityLogCalls, recentActivityCalls, type ActivityDateRange, type ActivityTypeFilter, type TeamGroupParams } from '@crm/domain'
import { callApi } from '../../lib/api'
import { contactKeys } from '../contacts/queries'

export interface ActivityFilters {
  date_range: ActivityDateRange
  type: ActivityTypeFilter | ''
  user_id: number | null
}

/** Under the contact's detail key: every write about the contact reads its log again. */
export const activityKeys = {
  contact: (id: number, scope: TeamGroupParams, filters: ActivityFilters, page: number) =>
    [...contactKeys.detail(id), 'activity', scope.team_id, scope.group_id, filters, page] as const,
}

/** GET activity-log-for-contact/{id} with the tab's filters; a new filter aborts the earlier request. */
export function contactActivityQueryOptions(id: number, scope: TeamGroupParams, filters: ActivityFilters, page = 1) {
  return queryOptions({
    queryKey: activityKeys.contact(id, scope, filters, page),
    queryFn: ({ signal }) =>
      callApi(activityLogCalls.activityLog, {
        params: { type: 'contact', id },
        input: {
          ...scope,
          page,
          ...(filters.date_range !== 'all' ? { date_range: filters.date_range } : {}),
          ...(filters.type ? { type: filters.type } : {}),
          ...(filters.user_id !== null ? { user_id: filters.user_id } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

export function useContactActivity(id: number, scope: TeamGroupParams, filters: ActivityFilters, page = 1) {
  return useQuery(contactActivityQueryOptions(id, scope, filters, page))
}

/** Whose recent activity: a team's, or a group's of the team (spec 3 §2.4). */
export type RecentActivityScope = { kind: 'team'; team_id: number } | { kind: 'group'; team_id: number; group_id: number }

export const recentActivityKeys = {
  all: ['recent-activity'] as const,
  list: (scope: RecentActivityScope, filters: ActivityFilters, page: number, perPage: number) =>
    [...recentActivityKeys.all, scope, filters, page, perPage] as const,
}

/** GET team-recent-activity or group-recent-activity with the page's filters. */
export function recentActivityQueryOptions(scope: RecentActivityScope, filters: ActivityFilters, page: number, perPage: number) {
  return queryOptions({
    queryKey: recentActivityKeys.list(scope, filters, page, perPage),
    queryFn: ({ signal }) => {
      const input = {
        page,
        per_page: perPage,
        ...(filters.date_range !== 'all' ? { date_range: filters.date_range } : {}),
        ...(filters.type ? { type: filters.type } : {}),
        ...(filters.user_id !== null ? { user_id: filters.user_id } : {}),
      }
      return scope.kind === 'team'
        ? callApi(recentActivityCalls.teamRecentActivity, { input: { team_id: scope.team_id, ...input }, signal })
        : callApi(recentActivityCalls.groupRecentActivity, { input: { team_id: scope.team_id, group_id: scope.group_id, ...input }, signal })
    },
    placeholderData: keepPreviousData,
  })
}

export function useRecentActivity(scope: RecentActivityScope, filters: ActivityFilters, page: number, perPage: number) {
  return useQuery(recentActivityQueryOptions(scope, filters, page, perPage))
}
