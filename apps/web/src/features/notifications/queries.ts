import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { notificationCalls, notificationPollMs } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'

export type NotificationQuery = InputOf<typeof notificationCalls.notifications>
export type NotificationTab = 'unread' | 'read'

// The manage screens' writes invalidate ['notifications'] after every change, so the panel follows.
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: NotificationQuery) => [...notificationKeys.all, 'list', query] as const,
  unread: (teamId: number, groupId: number) => [...notificationKeys.all, 'unread-count', teamId, groupId] as const,
}

/**
 * GET notifications: one page of a tab. While `poll` is on (the panel is open) it is fetched
 * again every 60 s (spec 1 §7, §9); closed, nothing polls.
 */
export function notificationsQueryOptions(query: NotificationQuery, { enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  return queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => callApi(notificationCalls.notifications, { input: query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? notificationPollMs : false,
    enabled,
  })
}

export function useNotifications(query: NotificationQuery, options: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery(notificationsQueryOptions(query, options))
}

/**
 * The header's unread count: fetched once for the selected team and group, and again after
 * marking (invalidation) or when the open panel's poll brings a new count (setUnreadCount).
 */
export function unreadCountQueryOptions(teamId: number, groupId: number, enabled: boolean) {
  return queryOptions({
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

export function useUnreadCount(teamId: number, groupId: number, enabled: boolean) {
  return useQuery(unreadCountQueryOptions(teamId, groupId, enabled))
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

// ---------------------------------------------------------------------------------------
// The manage screens: the conference's notifications and its rules

type ManageQuery = InputOf<typeof notificationCalls.manageNotifications>

export const manageNotificationKeys = {
  all: ['manage-notifications'] as const,
  list: (query: ManageQuery) => [...manageNotificationKeys.all, 'list', query] as const,
  missed: (teamId: number) => [...manageNotificationKeys.all, 'missed-interaction-rules', teamId] as const,
  unassigned: (teamId: number) => [...manageNotificationKeys.all, 'unassigned-contacts-rules', teamId] as const,
}

/** GET manage-notifications: one page of the conference's notifications. */
export function managedNotificationsQueryOptions(query: ManageQuery, enabled: boolean) {
  return queryOptions({
    queryKey: manageNotificationKeys.list(query),
    queryFn: ({ signal }) => callApi(notificationCalls.manageNotifications, { input: query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useManagedNotifications(query: ManageQuery, enabled: boolean) {
  return useQuery(managedNotificationsQueryOptions(query, enabled))
}

// Every change refreshes the lists of this screen and the panel's, which shows the same notifications.
function useManageWrite<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: manageNotificationKeys.all })
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all })
    },
  })
}

/** POST add-notification. */
export function useAddNotification() {
  return useManageWrite((input: InputOf<typeof notificationCalls.addNotification>) => callApi(notificationCalls.addNotification, { input }))
}

/** POST update-notification. */
export function useUpdateNotification() {
  return useManageWrite((input: InputOf<typeof notificationCalls.updateNotification>) => callApi(notificationCalls.updateNotification, { input }))
}

/** POST delete-notification. */
export function useDeleteNotification() {
  return useManageWrite((input: InputOf<typeof notificationCalls.deleteNotification>) => callApi(notificationCalls.deleteNotification, { input }))
}

/** GET manage-missed-interaction-notifications. */
export function missedInteractionRulesQueryOptions(teamId: number, enabled: boolean) {
  return queryOptions({
    queryKey: manageNotificationKeys.missed(teamId),
    queryFn: ({ signal }) => callApi(notificationCalls.missedInteractionRules, { input: { team_id: teamId }, signal }),
    enabled,
  })
}

export function useMissedInteractionRules(teamId: number, enabled: boolean) {
  return useQuery(missedInteractionRulesQueryOptions(teamId, enabled))
}

export function useAddMissedInteractionRule() {
  return useManageWrite((input: InputOf<typeof notificationCalls.addMissedInteractionRule>) => callApi(notificationCalls.addMissedInteractionRule, { input }))
}

export function useUpdateMissedInteractionRule() {
  return useManageWrite((input: InputOf<typeof notificationCalls.updateMissedInteractionRule>) =>
    callApi(notificationCalls.updateMissedInteractionRule, { input }),
  )
}

export function useDeleteMissedInteractionRule() {
  return useManageWrite((input: InputOf<typeof notificationCalls.deleteMissedInteractionRule>) =>
    callApi(notificationCalls.deleteMissedInteractionRule, { input }),
  )
}

/** GET manage-unassigned-contacts-notifications. */
export function unassignedContactsRulesQueryOptions(teamId: number, enabled: boolean) {
  return queryOptions({
    queryKey: manageNotificationKeys.unassigned(teamId),
    queryFn: ({ signal }) => callApi(notificationCalls.unassignedContactsRules, { input: { team_id: teamId }, signal }),
    enabled,
  })
}

export function useUnassignedContactsRules(teamId: number, enabled: boolean) {
  return useQuery(unassignedContactsRulesQueryOptions(teamId, enabled))
}

export function useAddUnassignedContactsRule() {
  return useManageWrite((input: InputOf<typeof notificationCalls.addUnassignedContactsRule>) => callApi(notificationCalls.addUnassignedContactsRule, { input }))
}

export function useUpdateUnassignedContactsRule() {
  return useManageWrite((input: InputOf<typeof notificationCalls.updateUnassignedContactsRule>) =>
    callApi(notificationCalls.updateUnassignedContactsRule, { input }),
  )
}

export function useDeleteUnassignedContactsRule() {
  return useManageWrite((input: InputOf<typeof notificationCalls.deleteUnassignedContactsRule>) =>
    callApi(notificationCalls.deleteUnassignedContactsRule, { input }),
  )
}
