import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core'
import type { EventView, Occurrence } from '@crm/domain'
import { FormStatus } from '../../../../components/form-status'
import { FormActions } from '../../../../components/form-actions'
import { isApiError } from '../../../../lib/api'
import { useFormSubmission } from '../../../../lib/form-submission'
import { useUpdateOccurrence } from '../../queries'

const maxNotes = 5000

interface OccurrenceEditorProps {
  event: EventView
  occurrence: Occurrence
  /** After a move: the occurrence's new day. */
  onMoved: (date: string) => void
}

/**
 * One occurrence's notes, and cancel, restore or move it (spec 3 §2.1, §3; update_event). The
 * notes save with the save indicator's timing (spec 2 §4): Saved for 1 s, then two 200 ms steps.
 */
export function OccurrenceEditor({ event, occurrence, onMoved }: OccurrenceEditorProps) {
  const { t } = useTranslation('events')
  const [notes, setNotes] = useState(occurrence.notes ?? '')
  const [moveTo, setMoveTo] = useState('')
  const [moveError, setMoveError] = useState<string | null>(null)
  const update = useUpdateOccurrence()
  const errorMessage = (error: unknown) => {
    const field = isApiError(error) ? Object.values(error.fieldErrors)[0] : undefined
    return field ?? t('form.notSaved')
  }
  const notesSubmission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('view.occurrenceSaved'), errorMessage })
  const actionSubmission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('view.occurrenceSaved'), errorMessage })
  const base = { team_id: event.team_id, event_id: event.id, event_date: occurrence.event_date }

  if (!event.can_update) {
    return occurrence.notes ? (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('view.notes')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {occurrence.notes}
        </Text>
      </Stack>
    ) : null
  }

  const saveNotes = async (formEvent: React.FormEvent) => {
    formEvent.preventDefault()
    await notesSubmission.submit(() => update.mutateAsync({ ...base, notes: notes.trim() === '' ? null : notes }))
  }

  const toggleCancelled = () => actionSubmission.submit(() => update.mutateAsync({ ...base, is_cancelled: !occurrence.is_cancelled }))

  const move = async () => {
    setMoveError(null)
    if (!moveTo) {
      setMoveError(t('form.required'))
      return
    }
    const result = await actionSubmission.submit(() => update.mutateAsync({ ...base, move_to: moveTo }))
    if (result.ok) onMoved(moveTo)
    else if (isApiError(result.error)) {
      const text = result.error.fieldErrors['move_to']
      if (text) setMoveError(text)
    }
  }

  return (
    <Stack gap="md">
      <form onSubmit={(formEvent) => void saveNotes(formEvent)} aria-label={t('view.notes')}>
        <Stack gap="xs">
          <Textarea
            label={t('view.notes')}
            autosize
            minRows={2}
            maxRows={10}
            maxLength={maxNotes}
            value={notes}
            onChange={(change) => setNotes(change.currentTarget.value)}
          />
          <FormActions submission={notesSubmission} submitLabel={t('view.saveNotes')} size="sm" />
        </Stack>
      </form>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Button variant="default" size="sm" onClick={() => void toggleCancelled()} disabled={actionSubmission.isProcessing}>
          {occurrence.is_cancelled ? t('view.restoreOccurrence') : t('view.cancelOccurrence')}
        </Button>
        <TextInput
          type="date"
          size="sm"
          label={t('view.moveTo')}
          value={moveTo}
          error={moveError}
          onChange={(change) => setMoveTo(change.currentTarget.value)}
        />
        <Button variant="default" size="sm" onClick={() => void move()} disabled={actionSubmission.isProcessing}>
          {t('view.move')}
        </Button>
        <FormStatus submission={actionSubmission} />
      </Group>
    </Stack>
  )
}
