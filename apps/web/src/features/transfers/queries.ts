import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { contactCalls, suggestionCalls, transferCalls, type ContactListQuery, type TransfersQuery } from '@crm/domain'
import { callApi, type InputOf } from '../../lib/api'
import { contactKeys } from '../contacts/queries'
import { dashboardKeys } from '../dashboard/queries'

/**
 * Every key of the transfers feature, under ['transfers']: a write invalidates them all (a
 * transfer moves between Upcoming and Processed; its counts show in the list).
 */
export const transferKeys = {
  all: ['transfers'] as const,
  lists: () => [...transferKeys.all, 'list'] as const,
  list: (query: TransfersQuery) => [...transferKeys.lists(), query] as const,
  item: (id: number, teamId: number) => [...transferKeys.all, 'item', id, teamId] as const,
  /** The pastor's assigned contacts in the from-church (the selection form). */
  contacts: (query: TransferContactsQuery) => [...transferKeys.all, 'assigned-contacts', query] as const,
  owners: (churchId: number, conferenceId: number) => [...transferKeys.all, 'owners', churchId, conferenceId] as const,
}

function sameTeam(key: QueryKey, query: TransfersQuery): boolean {
  const previous = key[key.length - 1] as TransfersQuery | undefined
  return previous?.team_id === query.team_id && previous?.processed === query.processed
}

/** GET transfers: Upcoming (processed 0) or Processed (1); rows stay while the next page loads. */
export function transferListQueryOptions(query: TransfersQuery) {
  return queryOptions({
    queryKey: transferKeys.list(query),
    queryFn: ({ signal }) => callApi(transferCalls.transfers, { input: query, signal }),
    placeholderData: (previous, previousQuery) => (previousQuery && sameTeam(previousQuery.queryKey, query) ? previous : undefined),
  })
}

export function useTransferList(query: TransfersQuery) {
  return useQuery(transferListQueryOptions(query))
}

/** GET transfer/{id}: team_id is the selected team (the conference for staff, the from-church for the pastor). */
export function transferQueryOptions(id: number, teamId: number, options: { fresh?: boolean } = {}) {
  return queryOptions({
    queryKey: transferKeys.item(id, teamId),
    queryFn: ({ signal }) => callApi(transferCalls.transfer, { params: { id }, input: { team_id: teamId }, signal }),
    enabled: Number.isInteger(id) && id > 0 && teamId > 0,
    // What is edited must be what is stored now.
    ...(options.fresh ? { staleTime: 0, refetchOnMount: 'always' as const } : {}),
  })
}

export function useTransfer(id: number, teamId: number, options: { fresh?: boolean } = {}) {
  return useQuery(transferQueryOptions(id, teamId, options))
}

/**
 * GET assigned-contacts with transfer_team_id (spec 2 §7.1, D2-7.1-04): the caller's assigned
 * contacts in the from-church. team_id and group_id name the same church (its primary group),
 * so a server that reads them instead answers the same rows.
 */
export type TransferContactsQuery = ContactListQuery & { transfer_team_id: number }

export function transferContactsQueryOptions(query: TransferContactsQuery, enabled: boolean) {
  return queryOptions({
    queryKey: transferKeys.contacts(query),
    queryFn: ({ signal }) => callApi(contactCalls.assignedContacts, { input: query, signal }),
    enabled,
    placeholderData: keepPreviousData,
  })
}

export function useTransferContacts(query: TransferContactsQuery, enabled: boolean) {
  return useQuery(transferContactsQueryOptions(query, enabled))
}

/** The owners of a church of the conference (input-suggestions/entity-team-owners, every one). */
export function churchOwnersQueryOptions(churchId: number | null, conferenceId: number | null) {
  return queryOptions({
    queryKey: transferKeys.owners(churchId ?? 0, conferenceId ?? 0),
    queryFn: ({ signal }) =>
      callApi(suggestionCalls.entityTeamOwners, { input: { team_id: churchId ?? 0, conference_team_id: conferenceId ?? 0, search: '' }, signal }),
    enabled: !!churchId && !!conferenceId,
    staleTime: 30_000,
  })
}

export function useChurchOwners(churchId: number | null, conferenceId: number | null) {
  return useQuery(churchOwnersQueryOptions(churchId, conferenceId))
}

function useTransfersWrite<T, R>(write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      // The dashboard's upcoming transfers show the same rows.
      await Promise.all([queryClient.invalidateQueries({ queryKey: transferKeys.all }), queryClient.invalidateQueries({ queryKey: dashboardKeys.all })])
    },
  })
}

export type CreateTransferWrite = InputOf<typeof transferCalls.createTransfer>
export type UpdateTransferWrite = InputOf<typeof transferCalls.updateTransfer>

/** POST create-transfer. */
export function useCreateTransfer() {
  return useTransfersWrite((input: CreateTransferWrite) => callApi(transferCalls.createTransfer, { input }))
}

/** POST update-transfer/{id}. */
export function useUpdateTransfer(id: number) {
  return useTransfersWrite((input: UpdateTransferWrite) => callApi(transferCalls.updateTransfer, { params: { id }, input }))
}

/** POST delete-transfer: cancels an upcoming transfer. */
export function useDeleteTransfer() {
  return useTransfersWrite((input: InputOf<typeof transferCalls.deleteTransfer>) => callApi(transferCalls.deleteTransfer, { input }))
}

/** POST set-contacts-to-transfer/{id}: the pastor's whole selection. */
export function useSetContactsToTransfer(id: number) {
  return useTransfersWrite((input: InputOf<typeof transferCalls.setContactsToTransfer>) =>
    callApi(transferCalls.setContactsToTransfer, { params: { id }, input }),
  )
}

/** POST process-transfer/{id}: carries out an upcoming transfer without a date now. */
export function useProcessTransfer(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: InputOf<typeof transferCalls.processTransfer>) => callApi(transferCalls.processTransfer, { params: { id }, input }),
    onSuccess: async () => {
      // Its contacts moved or are shared now: every contact list may differ.
      await Promise.all([transferKeys.all, dashboardKeys.all, contactKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
  })
}
