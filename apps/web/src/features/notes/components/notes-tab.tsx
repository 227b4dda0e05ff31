import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Stack, Title } from '@mantine/core'
import { mayChangeNote, type Capability, type NoteItem } from '@crm/domain'
import { useSession } from '../../session/session'
import { TabListState, TabPagination } from '../../../components/tab-list-state'
import type { ContactTabProps } from '../../../components/contact-tab'
import { useAddNote, useContactNotes, useDeleteNote, useUpdateNote } from '../queries'
import { NoteForm } from './note-form'
import { NoteEntries, NoteText } from './note-entries'

/** Notes (spec 2 §2, §3): the team's notes on the contact, public ones where the team keeps them. */
export function NotesTab({ item, contact, scope }: ContactTabProps) {
  const { t } = useTranslation('notes')
  const { account } = useSession()
  const [page, setPage] = useState(1)
  const notes = useContactNotes(contact.id, scope, 'team', page)
  const addNote = useAddNote(contact.id, scope)
  const updateNote = useUpdateNote(contact.id, scope)
  const deleteNote = useDeleteNote(contact.id, scope)
  const capabilities = item.auth.user_capabilities
  const holds = (capability: Capability) => capabilities[capability] === true
  const may = (action: 'update' | 'delete') => (note: NoteItem) => mayChangeNote(action, note, account?.user_id ?? 0, holds)
  const offerType = notes.data?.public_notes === true
  const items = notes.data?.items ?? []

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <TabListState isPending={notes.isPending} isError={notes.isError} count={items.length}>
          <NoteEntries
            notes={items}
            body={(note) => <NoteText>{note.content}</NoteText>}
            mayUpdate={may('update')}
            mayDelete={may('delete')}
            renderEdit={(note, close) => (
              <NoteForm
                label={t('editTitle')}
                initial={{ content: note.content, type: note.is_public ? 'public' : 'private' }}
                offerType={offerType}
                submitLabel={t('save')}
                onCancel={close}
                onSave={async (values) => {
                  await updateNote.mutateAsync({
                    noteId: note.id,
                    content: values.content,
                    isEncrypted: false,
                    type: offerType ? values.type : undefined,
                  })
                  close()
                }}
              />
            )}
            onDelete={(note) => deleteNote.mutateAsync(note.id)}
          />
        </TabListState>
        <TabPagination page={page} maxPages={notes.data?.max_pages ?? 1} onChange={setPage} />
      </Stack>
      {holds('update_own_note') && notes.data && (
        <Stack component="section" gap="sm" aria-labelledby="add-note-title">
          <Title order={3} size="h5" id="add-note-title">
            {t('addTitle')}
          </Title>
          <NoteForm
            label={t('addTitle')}
            offerType={offerType}
            readers={t('readersTeam')}
            submitLabel={t('add')}
            onSave={(values) => addNote.mutateAsync({ content: values.content, isEncrypted: false, type: offerType ? values.type : undefined })}
          />
        </Stack>
      )}
    </Stack>
  )
}
