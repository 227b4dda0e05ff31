import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import type { UserImport, UserImportUser } from '@crm/domain'
import { errorText } from '../../../lib/errors'
import { useChooseChurch } from '../queries'

export const personName = (user: Pick<UserImportUser, 'first_name' | 'last_name'>) => [user.first_name, user.last_name].filter(Boolean).join(' ')

interface ImportPersonProps {
  user: UserImportUser
  record: UserImport
  importId: number
  teamId: number
}

/**
 * One person of an import's page (spec 2 §3 "Import-and-share record"): name, email, phone,
 * new or found, the churches that own them, and processed (with the church) or a church to
 * choose, saved as soon as it is chosen.
 */
export function ImportPerson({ user, record, importId, teamId }: ImportPersonProps) {
  const churches = record.teams.map((church) => ({ value: String(church.id), label: church.title }))
  return <PersonRow user={user} chosen={record.team_id_by_user[String(user.id)] ?? user.team_id} churches={churches} importId={importId} teamId={teamId} />
}

interface PersonRowProps {
  user: UserImportUser
  chosen: number | null
  churches: Array<{ value: string; label: string }>
  importId: number
  teamId: number
}

function PersonRow({ user, chosen, churches, importId, teamId }: PersonRowProps) {
  const { t } = useTranslation('import-and-share')
  const name = personName(user)
  return (
    <Paper withBorder p="sm" role="listitem" aria-label={name}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
        <Stack gap={4}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Group gap={4}>
            <Badge variant="light" color={user.is_new ? 'indigo' : 'gray'} size="sm" title={user.is_new ? t('edit.isNewHint') : t('edit.foundHint')}>
              {user.is_new ? t('edit.isNew') : t('edit.found')}
            </Badge>
          </Group>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" size="sm">
              {t('edit.email')}:{' '}
            </Text>
            {user.email ?? '—'}
          </Text>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {t('edit.phone')}:{' '}
            </Text>
            {user.phone ?? '—'}
          </Text>
        </Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed" size="sm">
            {t('edit.ownedBy')}:{' '}
          </Text>
          {user.team_owners_csv || t('edit.nobody')}
        </Text>
        {user.is_processed ? (
          <Group gap="xs" align="start">
            <Badge color="teal" variant="light" style={{ whiteSpace: 'normal', height: 'auto' }}>
              {user.processed_team_title ? t('edit.processedTo', { church: user.processed_team_title }) : t('edit.processed')}
            </Badge>
          </Group>
        ) : (
          <ChurchChoice name={name} userId={user.id} chosen={chosen} churches={churches} importId={importId} teamId={teamId} />
        )}
      </SimpleGrid>
    </Paper>
  )
}

interface ChurchChoiceProps {
  name: string
  userId: number
  chosen: number | null
  churches: Array<{ value: string; label: string }>
  importId: number
  teamId: number
}

/** The church of a not-processed person, saved with update-user-import as soon as it changes. */
function ChurchChoice({ name, userId, chosen, churches, importId, teamId }: ChurchChoiceProps) {
  const { t } = useTranslation('import-and-share')
  const choose = useChooseChurch(importId)
  const statusId = useId()
  // The choice on its way to the server, and once saved, until the record shows it. The
  // record comes down from the page, which hears of the saved choice a moment after this row
  // does (react-query tells a query's readers on a later tick): letting go of the choice at once
  // would blank it, next to 'Saved', until then. A refused choice goes back to the record's.
  const [held, setHeld] = useState<{ churchId: number | null; saving: boolean } | null>(null)
  const [recorded, setRecorded] = useState(chosen)
  if (chosen !== recorded) {
    setRecorded(chosen)
    if (held && !held.saving) setHeld(null)
  }
  const [state, setState] = useState<{ kind: 'saved' } | { kind: 'failed'; message: string } | null>(null)
  const value = held ? held.churchId : chosen

  const change = async (next: string | null) => {
    const churchId = next ? Number(next) : null
    setHeld({ churchId, saving: true })
    setState(null)
    try {
      await choose.mutateAsync({ teamId, userId, churchId })
      setHeld({ churchId, saving: false })
      setState({ kind: 'saved' })
    } catch (failure) {
      setHeld(null)
      setState({ kind: 'failed', message: errorText(failure, t('edit.choiceFailed')) })
    }
  }

  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {t('edit.notProcessed')}
      </Text>
      <Select
        aria-label={t('edit.church', { name })}
        placeholder={t('edit.chooseChurch')}
        data={churches}
        value={value === null ? null : String(value)}
        onChange={(next) => void change(next)}
        clearable
        searchable
        size="sm"
        aria-describedby={statusId}
        disabled={choose.isPending}
      />
      <Text id={statusId} size="xs" c={state?.kind === 'failed' ? 'red.8' : 'teal.8'} role={state?.kind === 'failed' ? 'alert' : 'status'}>
        {state?.kind === 'saved' ? t('edit.choiceSaved') : state?.kind === 'failed' ? state.message : ''}
      </Text>
    </Stack>
  )
}
