import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { notificationCalls } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'
import { notificationKeys } from './notifications-queries'

type ManageQuery = InputOf<typeof notificationCalls.manageNotifications>

export const manageNotificationKeys = {
  all: ['manage-notifications'] as const,
  list: (query: ManageQuery) => [...manageNotificationKeys.all, 'list', query] as const,
  missed: (teamId: number) => [...manageNotificationKeys.all, 'missed-interaction-rules', teamId] as const,
  unassigned: (teamId: number) => [...manageNotificationKeys.all, 'unassigned-contacts-rules', teamId] as const,
}

/** GET manage-notifications: one page of the conference's notifications. */
export function useManagedNotifications(query: ManageQuery, enabled: boolean) {
  return useQuery({
    queryKey: manageNotificationKeys.list(query),
    queryFn: ({ signal }) => callApi(notificationCalls.manageNotifications, { input: query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

// Every change refreshes the lists of this screen and the panel's, which shows the same notifications.
function useRefreshing<I, O>(run: (input: I) => Promise<O>) {
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
  return useRefreshing((input: InputOf<typeof notificationCalls.addNotification>) => callApi(notificationCalls.addNotification, { input }))
}

/** POST update-notification. */
export function useUpdateNotification() {
  return useRefreshing((input: InputOf<typeof notificationCalls.updateNotification>) => callApi(notificationCalls.updateNotification, { input }))
}

/** POST delete-notification. */
export function useDeleteNotification() {
  return useRefreshing((input: InputOf<typeof notificationCalls.deleteNotification>) => callApi(notificationCalls.deleteNotification, { input }))
}

/** GET manage-missed-interaction-notifications. */
export function useMissedInteractionRules(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: manageNotificationKeys.missed(teamId),
    queryFn: ({ signal }) => callApi(notificationCalls.missedInteractionRules, { input: { team_id: teamId }, signal }),
    enabled,
  })
}

export function useAddMissedInteractionRule() {
  return useRefreshing((input: InputOf<typeof notificationCalls.addMissedInteractionRule>) => callApi(notificationCalls.addMissedInteractionRule, { input }))
}

export function useUpdateMissedInteractionRule() {
  return useRefreshing((input: InputOf<typeof notificationCalls.updateMissedInteractionRule>) =>
    callApi(notificationCalls.updateMissedInteractionRule, { input }),
  )
}

export function useDeleteMissedInteractionRule() {
  return useRefreshing((input: InputOf<typeof notificationCalls.deleteMissedInteractionRule>) =>
    callApi(notificationCalls.deleteMissedInteractionRule, { input }),
  )
}

/** GET manage-unassigned-contacts-notifications. */
export function useUnassignedContactsRules(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: manageNotificationKeys.unassigned(teamId),
    queryFn: ({ signal }) => callApi(notificationCalls.unassignedContactsRules, { input: { team_id: teamId }, signal }),
    enabled,
  })
}

export function useAddUnassignedContactsRule() {
  return useRefreshing((input: InputOf<typeof notificationCalls.addUnassignedContactsRule>) =>
    callApi(notificationCalls.addUnassignedContactsRule, { input }),
  )
}

export function useUpdateUnassignedContactsRule() {
  return useRefreshing((input: InputOf<typeof notificationCalls.updateUnassignedContactsRule>) =>
    callApi(notificationCalls.updateUnassignedContactsRule, { input }),
  )
}

export function useDeleteUnassignedContactsRule() {
  return useRefreshing((input: InputOf<typeof notificationCalls.deleteUnassignedContactsRule>) =>
    callApi(notificationCalls.deleteUnassignedContactsRule, { input }),
  )
}
