import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { defaultUserImportTitle, userImportCalls, type InputOf, type UserImport, type UserImportType } from '@crm/domain'
import { callApi, fetchApiBlob } from '../../lib/api'

export type UserImportsQuery = InputOf<typeof userImportCalls.userImports>
export type UserImportQuery = InputOf<typeof userImportCalls.userImport>
export type UserImportAllQuery = InputOf<typeof userImportCalls.userImportAll>
export type CreateUserImportWrite = InputOf<typeof userImportCalls.createUserImport>
export type UpdateUserImportWrite = InputOf<typeof userImportCalls.updateUserImport>
export type ProcessUserImportWrite = InputOf<typeof userImportCalls.processUserImport>

/**
 * Every key of import-and-share, under ['user-imports']: a write invalidates them all (an
 * import moves from Not processed to Processed, its people's state changes, the processed
 * people across imports grow).
 */
export const userImportKeys = {
  all: ['user-imports'] as const,
  list: (type: UserImportType, query: UserImportsQuery) => [...userImportKeys.all, 'list', type, query] as const,
  detail: (id: number) => [...userImportKeys.all, 'detail', id] as const,
  item: (id: number, query: UserImportQuery) => [...userImportKeys.detail(id), query] as const,
  processed: (query: UserImportAllQuery) => [...userImportKeys.all, 'processed', query] as const,
  open: (id: number, teamId: number) => [...userImportKeys.all, 'open', id, teamId] as const,
}

/** GET user-imports: one page of the Not processed or the Processed imports. */
export function userImportsQueryOptions(type: UserImportType, query: UserImportsQuery, enabled: boolean) {
  return queryOptions({
    queryKey: userImportKeys.list(type, query),
    queryFn: ({ signal }) => callApi(userImportCalls.userImports, { input: { ...query, type }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useUserImports(type: UserImportType, query: UserImportsQuery, enabled: boolean) {
  return useQuery(userImportsQueryOptions(type, query, enabled))
}

/** GET user-import/{id}: the import with one page of its people, the choices and the churches. */
export function userImportQueryOptions(id: number, query: UserImportQuery, enabled: boolean) {
  return queryOptions({
    queryKey: userImportKeys.item(id, query),
    queryFn: ({ signal }) => callApi(userImportCalls.userImport, { params: { id }, input: query, signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && Number.isInteger(id) && id > 0,
  })
}

export function useUserImport(id: number, query: UserImportQuery, enabled: boolean) {
  return useQuery(userImportQueryOptions(id, query, enabled))
}

/** The largest page the server gives: an import of maxUserImportRows people is five pages. */
const widestPage = 200

/**
 * The ids of an import's people not processed yet: every page of GET user-import/{id} with
 * is_processed=0. The record's team_id_by_user also names the processed people (their church
 * is history), and processing one of them again is refused.
 */
export function openPeopleIdsQueryOptions(id: number, teamId: number, enabled: boolean) {
  return queryOptions({
    queryKey: userImportKeys.open(id, teamId),
    queryFn: async ({ signal }) => {
      const ids: number[] = []
      for (let page = 1; ; page += 1) {
        const input = { team_id: teamId, is_processed: 0, page, per_page: widestPage, order_by: 'name', order: 'asc' } as const
        const answer = await callApi(userImportCalls.userImport, { params: { id }, input, signal })
        ids.push(...answer.users.map((user) => user.id))
        if (page >= answer.max_pages || answer.users.length === 0) return ids
      }
    },
    enabled,
  })
}

export function useOpenPeopleIds(id: number, teamId: number, enabled: boolean) {
  return useQuery(openPeopleIdsQueryOptions(id, teamId, enabled))
}

/** GET user-import/all: one page of every processed person of the conference's imports. */
export function processedUserImportPeopleQueryOptions(query: UserImportAllQuery, enabled: boolean) {
  return queryOptions({
    queryKey: userImportKeys.processed(query),
    queryFn: ({ signal }) => callApi(userImportCalls.userImportAll, { input: query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useProcessedUserImportPeople(query: UserImportAllQuery, enabled: boolean) {
  return useQuery(processedUserImportPeopleQueryOptions(query, enabled))
}

/** The CSV of an import's people (export=1), fetched with the session's token. */
export function fetchUserImportCsv(id: number, query: UserImportQuery): Promise<Blob> {
  return fetchApiBlob(userImportCalls.userImport, { params: { id }, input: { ...query, export: 1 } })
}

/** The CSV of every processed person (export=1). */
export function fetchProcessedUserImportCsv(query: UserImportAllQuery): Promise<Blob> {
  return fetchApiBlob(userImportCalls.userImportAll, { input: { ...query, export: 1 } })
}

function useUserImportWrite<T, R>(write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userImportKeys.all }),
  })
}

/** POST create-user-import. */
export function useCreateUserImport() {
  return useUserImportWrite((input: CreateUserImportWrite) => callApi(userImportCalls.createUserImport, { input }))
}

/**
 * POST create-user-import as a dry run (issue 35 item 9): what Save would do with each row,
 * nothing kept. The details are not the rows' concern, so the default title stands in for them.
 */
export function checkUserImport(teamId: number, data: CreateUserImportWrite['data']) {
  return callApi(userImportCalls.createUserImport, { input: { team_id: teamId, data, title: defaultUserImportTitle(new Date()), dry_run: true } })
}

/** POST update-user-import/{id}: the details, or the church chosen for some people. */
export function useUpdateUserImport(id: number) {
  return useUserImportWrite((input: UpdateUserImportWrite) => callApi(userImportCalls.updateUserImport, { params: { id }, input }))
}

/**
 * POST update-user-import/{id} with one person's church (null: none). The cached pages of the
 * import take the choice at once; nothing else changes, so nothing is fetched again, but for a
 * page being read as the choice was saved: that answer may have been read before the choice,
 * and landing after it would take the choice away, so the page is asked for again instead.
 */
export function useChooseChurch(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ teamId, userId, churchId }: { teamId: number; userId: number; churchId: number | null }) =>
      callApi(userImportCalls.updateUserImport, { params: { id }, input: { team_id: teamId, team_id_by_user: { [String(userId)]: churchId } } }),
    onSuccess: (_answer, { userId, churchId }) => {
      queryClient.setQueriesData<UserImport>({ queryKey: userImportKeys.detail(id) }, (record) => {
        if (!record) return record
        const chosen = { ...record.team_id_by_user }
        if (churchId === null) delete chosen[String(userId)]
        else chosen[String(userId)] = churchId
        const users = record.users.map((user) => (user.id === userId ? { ...user, team_id: churchId } : user))
        return { ...record, team_id_by_user: chosen, users }
      })
      // Drops the answer on its way and asks again (cancelRefetch); the choice shows meanwhile.
      void queryClient.invalidateQueries({ queryKey: userImportKeys.detail(id), predicate: (query) => query.state.fetchStatus === 'fetching' })
    },
  })
}

/** POST process-user-import/{id}. */
export function useProcessUserImport(id: number) {
  return useUserImportWrite((input: ProcessUserImportWrite) => callApi(userImportCalls.processUserImport, { params: { id }, input }))
}

/** POST delete-user-import/{id}; the contacts stay. */
export function useDeleteUserImport(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (teamId: number) => callApi(userImportCalls.deleteUserImport, { params: { id }, input: { team_id: teamId } }),
    onSuccess: () => {
      // The record is gone: its page must not ask for it again on the way out.
      queryClient.removeQueries({ queryKey: userImportKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: userImportKeys.all })
    },
  })
}
