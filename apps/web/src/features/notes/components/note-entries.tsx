import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import type { NoteItem } from '@crm/domain'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { useFormSubmission } from '../../../lib/form-submission'
import { FormStatus } from '../../../components/form-status'

export interface NoteEntriesProps {
  notes: NoteItem[]
  /** What a note says, or what stands in its place (an unreadable private note). */
  body: (note: NoteItem) => ReactNode
  mayUpdate: (note: NoteItem) => boolean
  mayDelete: (note: NoteItem) => boolean
  /** The edit form of a note; `close` ends the edit. */
  renderEdit: (note: NoteItem, close: () => void) => ReactNode
  onDelete: (note: NoteItem) => Promise<unknown>
}

/** The notes of a tab, newest first as served, each with its edit and delete (after confirmation). */
export function NoteEntries({ notes, body, mayUpdate, mayDelete, renderEdit, onDelete }: NoteEntriesProps) {
  const { t } = useTranslation(['notes', 'contacts'])
  const [editing, setEditing] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<NoteItem | null>(null)
  const submission = useFormSubmission({ timing: 'saveIndicator', errorMessage: t('contacts:error') })

  const remove = async (note: NoteItem) => {
    const result = await submission.submit(() => onDelete(note))
    if (!result.ok) throw result.error
  }

  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('notes:listLabel')}>
        {notes.map((note) => (
          <Paper component="li" key={note.id} withBorder p="sm" radius="sm">
            {editing === note.id ? (
              renderEdit(note, () => setEditing(null))
            ) : (
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    {t('notes:byline', { name: note.author_name || t('notes:formerUser'), date: note.created_display })}
                    {note.updated_display && ` · ${t('notes:edited', { date: note.updated_display })}`}
                  </Text>
                  {note.is_public && (
                    <Badge variant="light" size="sm">
                      {t('notes:typePublic')}
                    </Badge>
                  )}
                </Group>
                {body(note)}
                {(mayUpdate(note) || mayDelete(note)) && (
                  <Group gap="xs">
                    {mayUpdate(note) && (
                      <Button variant="subtle" size="xs" onClick={() => setEditing(note.id)}>
                        {t('notes:edit')}
                      </Button>
                    )}
                    {mayDelete(note) && (
                      <Button variant="subtle" color="red" size="xs" onClick={() => setDeleting(note)}>
                        {t('notes:delete')}
                      </Button>
                    )}
                  </Group>
                )}
              </Stack>
            )}
          </Paper>
        ))}
      </Stack>
      <FormStatus submission={submission} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('notes:deleteTitle')}
        message={t('notes:deleteMessage')}
        confirmLabel={t('notes:delete')}
        danger
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  )
}

/** A note's text as typed: line breaks kept, never read as markup (React escapes it). */
export function NoteText({ children }: { children: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  )
}
