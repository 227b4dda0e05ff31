import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core'
import { mayChangeNote, type Capability, type NoteItem } from '@crm/domain'
import { decryptNote, encryptNote } from '../../../lib/crypto'
import { loadNoteKey } from '../../../lib/note-key'
import { useSession } from '../../session/session'
import { TabListState, TabPagination } from '../../../components/tab-list-state'
import type { ContactTabProps } from '../../../components/contact-tab'
import { useAddNote, useContactNotes, useDeleteNote, useUpdateNote } from '../queries'
import { NoteForm } from './note-form'
import { NoteEntries, NoteText } from './note-entries'

/** The private-notes key of the signed-in person on this device: undefined while it loads. */
function useNoteKey(userId: number | undefined): CryptoKey | null | undefined {
  const [key, setKey] = useState<{ userId: number | undefined; key: CryptoKey | null } | null>(null)
  useEffect(() => {
    let live = true
    void loadNoteKey(userId).then((found) => live && setKey({ userId, key: found }))
    return () => {
      live = false
    }
  }, [userId])
  return key && key.userId === userId ? key.key : undefined
}

/**
 * The plain text of each note by id, or null for one this key cannot open (written before a
 * password reset, or altered): such a note is shown as unreadable, never as ciphertext. The
 * texts already known stay while a new page or a new note is decrypted.
 */
function useDecrypted(key: CryptoKey | null | undefined, notes: NoteItem[]): ReadonlyMap<number, string | null> {
  const [texts, setTexts] = useState<ReadonlyMap<number, string | null>>(() => new Map())
  useEffect(() => {
    if (!key) return
    let live = true
    void Promise.all(notes.map(async (note): Promise<[number, string | null]> => [note.id, await decryptNote(key, note.content).catch(() => null)])).then(
      (pairs) => live && setTexts((known) => new Map([...known, ...pairs])),
    )
    return () => {
      live = false
    }
  }, [key, notes])
  return texts
}

const emptyNotes: NoteItem[] = []

/**
 * Private notes (spec 1 §1, DESIGN.md §6): the caller's own notes, encrypted on this device
 * before they leave it and decrypted here; the server holds only ciphertext.
 */
export function PrivateNotesTab({ item, contact, scope }: ContactTabProps) {
  const { t } = useTranslation(['notes', 'common'])
  const { account } = useSession()
  const [page, setPage] = useState(1)
  const key = useNoteKey(account?.user_id)
  const notes = useContactNotes(contact.id, scope, 'private', page)
  const items = notes.data?.items ?? emptyNotes
  const texts = useDecrypted(key, items)
  const addNote = useAddNote(contact.id, scope)
  const updateNote = useUpdateNote(contact.id, scope)
  const deleteNote = useDeleteNote(contact.id, scope)
  const holds = (capability: Capability) => item.auth.user_capabilities[capability] === true
  const userId = account?.user_id ?? 0

  if (key === undefined) {
    return (
      <Center py="md">
        <Loader size="sm" role="status" aria-label={t('common:loading')} />
      </Center>
    )
  }
  if (key === null) {
    return (
      <Alert color="yellow" role="alert">
        {t('private.noKey')}
      </Alert>
    )
  }

  // undefined while a note is being decrypted; null when it cannot be.
  const textOf = (note: NoteItem) => texts.get(note.id)
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('private.intro')}
      </Text>
      <Stack gap="sm">
        <TabListState isPending={notes.isPending} isError={notes.isError} count={items.length}>
          <NoteEntries
            notes={items}
            body={(note) => {
              const text = textOf(note)
              if (text === undefined) return <Loader size="xs" role="status" aria-label={t('common:loading')} />
              return text === null ? (
                <Alert color="yellow" p="xs" title={t('private.unreadableTitle')}>
                  {t('private.unreadable')}
                </Alert>
              ) : (
                <NoteText>{text}</NoteText>
              )
            }}
            // An unreadable note can only be deleted: there is no text to edit.
            mayUpdate={(note) => typeof textOf(note) === 'string' && mayChangeNote('update', note, userId, holds)}
            mayDelete={(note) => mayChangeNote('delete', note, userId, holds)}
            renderEdit={(note, close) => (
              <NoteForm
                label={t('editTitle')}
                initial={{ content: textOf(note) ?? '' }}
                offerType={false}
                placeholder={t('private.placeholder')}
                submitLabel={t('save')}
                onCancel={close}
                onSave={async (values) => {
                  await updateNote.mutateAsync({ noteId: note.id, content: await encryptNote(key, values.content), isEncrypted: true })
                  close()
                }}
              />
            )}
            onDelete={(note) => deleteNote.mutateAsync(note.id)}
          />
        </TabListState>
        <TabPagination page={page} maxPages={notes.data?.max_pages ?? 1} onChange={setPage} />
      </Stack>
      {holds('update_own_note') && (
        <Stack component="section" gap="sm" aria-labelledby="add-private-note-title">
          <Title order={3} size="h5" id="add-private-note-title">
            {t('private.addTitle')}
          </Title>
          <NoteForm
            label={t('private.addTitle')}
            offerType={false}
            placeholder={t('private.placeholder')}
            submitLabel={t('add')}
            onSave={async (values) => addNote.mutateAsync({ content: await encryptNote(key, values.content), isEncrypted: true })}
          />
        </Stack>
      )}
    </Stack>
  )
}
