import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core'
import type { ProcessUserImportResult, UserImport } from '@crm/domain'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { isApiError } from '../../../lib/api'
import { errorText } from '../../../lib/errors'
import { useOpenPeopleIds, useProcessUserImport } from '../queries'
import { ProblemRows } from './problem-rows'

/**
 * The people to process now: each not processed yet with a church chosen. The record's choices
 * cover the whole import, processed people included; `openIds` are the ones not processed (all
 * of them when nobody is processed yet), null while they load.
 */
export function peopleToProcess(
  record: Pick<UserImport, 'team_id_by_user' | 'count_processed'>,
  openIds: readonly number[] | undefined,
): Record<string, number> | null {
  if (record.count_processed === 0) return record.team_id_by_user
  if (!openIds) return null
  const open = new Set(openIds.map(String))
  return Object.fromEntries(Object.entries(record.team_id_by_user).filter(([userId]) => open.has(userId)))
}

type Outcome = { kind: 'done'; result: ProcessUserImportResult } | { kind: 'failed'; message: string }

/**
 * Process (spec 2 §4 "Import-and-share", §8): confirmed first, as it cannot be undone; while it
 * runs 'Processing, please wait a few seconds…'; then the counts and the people not processed,
 * or 'The import failed with an error.' It may run again for the people left.
 */
export function ProcessImport({ record, importId, teamId }: { record: UserImport; importId: number; teamId: number }) {
  const { t } = useTranslation('import-and-share')
  const process = useProcessUserImport(importId)
  const [confirming, setConfirming] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const open = useOpenPeopleIds(importId, teamId, record.count_processed > 0)
  // While the people left are fetched again (after a processing), nothing is offered.
  const chosen = open.isFetching ? null : peopleToProcess(record, open.data)
  const count = chosen ? Object.keys(chosen).length : 0

  const run = async () => {
    if (!chosen) return
    setOutcome(null)
    try {
      const result = await process.mutateAsync({ team_id: teamId, add_team_id_by_user_id: chosen })
      setOutcome({ kind: 'done', result })
    } catch (failure) {
      // A refused choice (a contact no longer on the import, a team that is no church of the conference) says why, worded from its code.
      const why = isApiError(failure) ? [...new Set(Object.values(failure.fieldErrors))] : []
      setOutcome({ kind: 'failed', message: [errorText(failure, t('process.failed')), ...why].join(' ') })
    }
  }

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="center">
        <Button onClick={() => setConfirming(true)} disabled={count === 0 || process.isPending}>
          {t('process.button')}
        </Button>
        <Text size="sm" c="dimmed">
          {chosen === null ? (open.isError ? t('process.openFailed') : t('loading')) : count === 0 ? t('process.none') : t('process.hint', { count })}
        </Text>
      </Group>
      <div role="status" aria-live="polite">
        {process.isPending && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('process.running')}</Text>
          </Group>
        )}
      </div>
      {outcome?.kind === 'failed' && (
        <Alert color="red" role="alert">
          {outcome.message}
        </Alert>
      )}
      {outcome?.kind === 'done' && (
        <Stack gap="xs">
          <Alert color={outcome.result.count_unsuccessful > 0 ? 'yellow' : 'teal'} role="status" title={t('process.done')}>
            {t('process.counts', { successful: outcome.result.count_successful, unsuccessful: outcome.result.count_unsuccessful })}
          </Alert>
          <ProblemRows title={t('process.errorRows')} rows={outcome.result.unsuccessful_error} />
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('process.title')}
        message={t('process.message', { count })}
        confirmLabel={t('process.button')}
        // The dialog closes at once; the page says how the processing goes.
        onConfirm={() => {
          void run()
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  )
}
