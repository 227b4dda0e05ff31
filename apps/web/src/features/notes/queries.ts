import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { noteCalls, type NoteType, type TeamGroupParams } from '@crm/domain'
import { callApi } from '../../lib/api'
import { contactKeys } from '../contacts/queries'

/** Under the contact's key: a write about the contact reads its notes again too. */
export const noteKeys = {
  all: (id: number) => [...contactKeys.detail(id), 'notes'] as const,
  list: (id: number, scope: TeamGroupParams, kind: NoteListKind, page: number) => [...noteKeys.all(id), kind, scope.team_id, scope.group_id, page] as const,
}

/** The Notes tab reads the team's notes; the Private notes tab the caller's own private ones. */
export type NoteListKind = 'team' | 'private'

/** GET contact-notes/{id}: newest first, a page at a time. */
export function contactNotesQueryOptions(id: number, scope: TeamGroupParams, kind: NoteListKind, page: number) {
  return queryOptions({
    queryKey: noteKeys.list(id, scope, kind, page),
    queryFn: ({ signal }) =>
      callApi(noteCalls.contactNotes, {
        params: { id },
        input: { ...scope, page, is_encrypted: kind === 'private' ? 1 : 0 },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

export function useContactNotes(id: number, scope: TeamGroupParams, kind: NoteListKind, page: number) {
  return useQuery(contactNotesQueryOptions(id, scope, kind, page))
}

/** What the note forms send: a private note's content is already ciphertext. */
export interface NoteWrite {
  content: string
  isEncrypted: boolean
  type?: NoteType | undefined
}

function useNoteMutation<T, R>(id: number, write: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.all(id) }),
  })
}

const noteInput = (note: NoteWrite) => ({
  content: note.content,
  is_encrypted: note.isEncrypted,
  ...(note.type ? { type: note.type } : {}),
})

/** POST add-contact-note. */
export function useAddNote(id: number, scope: TeamGroupParams) {
  return useNoteMutation(id, (note: NoteWrite) => callApi(noteCalls.addContactNote, { input: { ...scope, user_id: id, ...noteInput(note) } }))
}

/** POST update-contact-note. */
export function useUpdateNote(id: number, scope: TeamGroupParams) {
  return useNoteMutation(id, ({ noteId, ...note }: NoteWrite & { noteId: number }) =>
    callApi(noteCalls.updateContactNote, { input: { ...scope, user_id: id, id: noteId, ...noteInput(note) } }),
  )
}

/** POST delete-contact-note. */
export function useDeleteNote(id: number, scope: TeamGroupParams) {
  return useNoteMutation(id, (noteId: number) => callApi(noteCalls.deleteContactNote, { input: { ...scope, user_id: id, id: noteId } }))
}
