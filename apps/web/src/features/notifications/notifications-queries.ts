import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { notificationCalls, notificationPollMs } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'

export type NotificationQuery = InputOf<typeof notificationCalls.notifications>
export type NotificationTab = 'unread' | 'read'

// manage-queries.ts invalidates ['notifications'] after every change, so the panel follows.
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: NotificationQuery) => [...notificationKeys.all, 'list', query] as const,
  unread: (teamId: number, groupId: number) => [...notificationKeys.all, 'unread-count', teamId, groupId] as const,
}

/**
 * GET notifications: one page of a tab. While `poll` is on (the panel is open) it is fetched
 * again every 60 s (spec 1 §7, §9); closed, nothing polls.
 */
export function useNotifications(query: NotificationQuery, { enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => callApi(notificationCalls.notifications, { input: query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? notificationPollMs : false,
    enabled,
  })
}

/**
 * The header's unread count: fetched once for the selected team and group, and again after
 * marking (invalidation) or when the open panel's poll brings a new count (setUnreadCount).
 */
export function useUnreadCount(teamId: number, groupId: number, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread(teamId, groupId),
    queryFn: async ({ signal }) => {
      const list = await callApi(notificationCalls.notifications, {
        input: { team_id: teamId, group_id: groupId, filter: 'unread', page: 1, per_page: 4 },
        signal,
      })
      return list.count_unread
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    enabled,
  })
}

function useRefreshing<I>(run: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}

/** POST seen-notification/{id}. */
export function useSeenNotification() {
  return useRefreshing((id: number) => callApi(notificationCalls.seenNotification, { params: { id }, input: {} }))
}

/** POST seen-all-notifications. */
export function useSeenAllNotifications() {
  return useRefreshing(() => callApi(notificationCalls.seenAllNotifications, { input: {} }))
}
