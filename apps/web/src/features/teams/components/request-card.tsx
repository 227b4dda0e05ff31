import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { NotAllowedScreen } from '../../../components/status-screens'

export interface RequestCardProps {
  name: string
  /** Label and value lines under the name (email, team, date). */
  details: Array<{ label: string; value: string }>
  accept: { title: string; message: ReactNode }
  reject: { title: string; message: ReactNode }
  /** Decides the request; rejects on failure (the dialog closes and the card says why). */
  onDecide: (accept: boolean) => Promise<unknown>
}

/** A pending request with Accept and Reject, each asking first (spec 3 §2.4, §4). */
export function RequestCard({ name, details, accept, reject, onDecide }: RequestCardProps) {
  const { t } = useTranslation('requests')
  const [asking, setAsking] = useState<'accept' | 'reject' | null>(null)
  const failure = useActionFailure()
  const dialog = asking === 'accept' ? accept : reject

  const ask = (answer: 'accept' | 'reject') => {
    failure.clear()
    setAsking(answer)
  }

  const decide = () => failure.attempt(() => onDecide(asking === 'accept'), t('actionFailed'))

  return (
    <Paper withBorder p="md" role="listitem">
      <Stack gap={6}>
        <Text fw={600}>{name}</Text>
        {details.map((detail) => (
          <Text size="sm" key={detail.label}>
            <Text span c="dimmed" size="sm">
              {detail.label}:{' '}
            </Text>
            {detail.value}
          </Text>
        ))}
        <Group gap="sm" mt="xs">
          <Button size="compact-md" onClick={() => ask('accept')} aria-label={t('acceptOf', { name })}>
            {t('accept')}
          </Button>
          <Button size="compact-md" variant="light" color="red" onClick={() => ask('reject')} aria-label={t('rejectOf', { name })}>
            {t('reject')}
          </Button>
        </Group>
        <ActionFailureAlert failure={failure} />
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={dialog.title}
        message={dialog.message}
        confirmLabel={asking === 'accept' ? t('accept') : t('reject')}
        danger={asking === 'reject'}
        onConfirm={decide}
        onClose={() => setAsking(null)}
      />
    </Paper>
  )
}

/** The frame of a requests page: loading, failure, 'Nothing found.' or the cards. */
export function RequestList({ state, children }: { state: 'loading' | 'error' | 'empty' | 'ready'; children?: ReactNode }) {
  const { t } = useTranslation('requests')
  if (state === 'loading') return <Text c="dimmed">{t('loading')}</Text>
  if (state === 'error') return <Text c="dimmed">{t('loadFailed')}</Text>
  if (state === 'empty') return <Text c="dimmed">{t('nothingFound')}</Text>
  return (
    <Stack gap="sm" role="list">
      {children}
    </Stack>
  )
}

export function RequestsNotAllowed() {
  const { t } = useTranslation('requests')
  return <NotAllowedScreen message={t('notAllowed')} />
}
