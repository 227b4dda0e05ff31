import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, List, Stack, Text } from '@mantine/core'
import type { ContactImportUndo, TeamGroupParams } from '@crm/domain'
import { ActionFailureAlert, useActionFailure, type ActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { DoneMessage } from '../../../components/done-message'
import { errorText } from '../../../lib/errors'
import { useUndoContactImport } from '../queries'

// Undo a contact import (issue 41 item 3), from its result or from the team's recent imports:
// asked first, then what it removed and gave back, and each contact it left as it is and why
// (someone worked on it since, merged it into another, or it is a child's record closed to the
// reader).

export interface ImportUndo {
  /** Asks before undoing the import `id`. */
  ask: (id: number) => void
  /** Whether the import `id` was undone here. */
  undone: (id: number) => boolean
  asking: number | null
  /** The last undo's answer while it is shown. */
  answer: ContactImportUndo | null
  failure: ActionFailure
  confirm: () => Promise<void>
  closeDialog: () => void
  dismissAnswer: () => void
}

/** The undo of the team's imports: one question at a time, its answer, and why one failed. */
export function useImportUndo(scope: TeamGroupParams): ImportUndo {
  const { t } = useTranslation('contacts')
  const undo = useUndoContactImport(scope)
  const failure = useActionFailure()
  const [asking, setAsking] = useState<number | null>(null)
  const [answer, setAnswer] = useState<{ undo: ContactImportUndo; shown: boolean } | null>(null)
  return {
    ask: (id) => {
      failure.clear()
      setAsking(id)
    },
    undone: (id) => answer?.undo.import.id === id,
    asking,
    answer: answer?.shown ? answer.undo : null,
    failure,
    confirm: async () => {
      if (asking === null) return
      const done = await failure.attempt(
        () => undo.mutateAsync(asking),
        (error) => errorText(error, t('import.undo.failed')),
      )
      setAnswer({ undo: done, shown: true })
    },
    closeDialog: () => setAsking(null),
    dismissAnswer: () => setAnswer((shown) => shown && { ...shown, shown: false }),
  }
}

/** The question before an undo, its answer (announced when it appears) and why one failed. */
export function ImportUndoFeedback({ undo }: { undo: ImportUndo }) {
  const { t } = useTranslation('contacts')
  return (
    <>
      <DoneMessage message={undo.answer && <UndoAnswer answer={undo.answer} />} onClose={undo.dismissAnswer} />
      <ActionFailureAlert failure={undo.failure} />
      <ConfirmDialog
        opened={undo.asking !== null}
        title={t('import.undo.title')}
        message={t('import.undo.question')}
        confirmLabel={t('import.undo.confirm')}
        danger
        onConfirm={undo.confirm}
        onClose={undo.closeDialog}
      />
    </>
  )
}

/** "Removed 3 contacts, restored 2.", then the contacts left as they are, each with why. */
function UndoAnswer({ answer }: { answer: ContactImportUndo }) {
  const { t } = useTranslation('contacts')
  const keptId = useId()
  const removed = t('import.undo.removed', { count: answer.removed })
  const restored = t('import.undo.restored', { count: answer.restored })
  return (
    <Stack gap={4}>
      <Text size="sm">{t('import.undo.done', { removed, restored })}</Text>
      {answer.kept.length > 0 && (
        <>
          <Text size="sm" id={keptId}>
            {t('import.undo.kept')}
          </Text>
          <List size="sm" aria-labelledby={keptId}>
            {answer.kept.map((kept) => (
              <List.Item key={kept.user_id} style={{ overflowWrap: 'anywhere' }}>
                {/* A child the reader may not see is named as the merge requests name one. */}
                {t('import.undo.keptContact', { name: kept.name || t('import.undo.child'), reason: t(`import.undo.reasons.${kept.reason}`) })}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  )
}

/** "Undo this import" under an import's result; hidden once it is undone. */
export function UndoThisImport({ scope, importId }: { scope: TeamGroupParams; importId: number }) {
  const { t } = useTranslation('contacts')
  const undo = useImportUndo(scope)
  return (
    <>
      {!undo.undone(importId) && (
        <Button variant="default" color="red" onClick={() => undo.ask(importId)} style={{ alignSelf: 'flex-start' }}>
          {t('import.undo.thisImport')}
        </Button>
      )}
      <ImportUndoFeedback undo={undo} />
    </>
  )
}
