import { useTranslation } from 'react-i18next'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconUsersGroup } from '@tabler/icons-react'
import type { ContactMergeRequest, mergeCalls } from '@crm/domain'
import type { ActionFailure } from '../../../components/action-failure'
import { isApiError, type InputOf } from '../../../lib/api'
import { errorText, listText } from '../../../lib/errors'
import { useRequestContactMerge } from '../queries'
import { AskedBy, DecideMergeRequest, MergeRequestTeams, useRequestNames, waitingTeams } from './merge-request-state'

// The merge page's part in a merge other teams must agree to (issue 40 §1): merge-contacts named
// the teams (409 merge_other_team), so the page asks them; or a request for the pair is pending.

type MergeContactsInput = InputOf<typeof mergeCalls.mergeContacts>

/** The teams a refused merge named (409 merge_other_team), else null. */
export function otherTeamsOf(error: unknown): string[] | null {
  if (!isApiError(error) || error.code !== 'merge_other_team') return null
  const teams = error.data['teams']
  return Array.isArray(teams) ? teams.filter((team): team is string => typeof team === 'string') : []
}

interface AskOtherTeamsProps {
  teams: string[]
  /** The merge as it was asked for: the same kept record and choices. */
  body: () => MergeContactsInput
  /** Where the page says why asking failed: it outlives this panel. */
  failure: ActionFailure
  onAsked: (request: ContactMergeRequest) => void
  /** request-contact-merge answered that no one need agree (merge_approval_not_needed): merge instead. */
  onNotNeeded: () => void
}

/** Who must agree, and "Ask them to agree", which sends the merge as a request. */
export function AskOtherTeams({ teams, body, failure, onAsked, onNotNeeded }: AskOtherTeamsProps) {
  const { t } = useTranslation('duplicates')
  const ask = useRequestContactMerge()

  const run = async () => {
    try {
      onAsked(
        await failure.attempt(
          () => ask.mutateAsync(body()),
          (error) => errorText(error, t('request.askFailed')),
        ),
      )
    } catch (error) {
      if (isApiError(error) && error.code === 'merge_approval_not_needed') onNotNeeded()
    }
  }

  return (
    <Alert color="yellow" role="alert" icon={<IconUsersGroup size={18} aria-hidden="true" />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('request.otherTeams', { teams: listText(teams) })}</Text>
        <Text size="sm">{t('request.askHelp')}</Text>
        <Button size="xs" loading={ask.isPending} onClick={() => void run()}>
          {t('request.ask')}
        </Button>
      </Stack>
    </Alert>
  )
}

interface PendingMergeRequestProps {
  request: ContactMergeRequest
  teamId: number
  /** Asked just now on this page: the page says so. */
  justAsked: boolean
  failure: ActionFailure
  onDecided: (result: ContactMergeRequest) => void
}

/**
 * A request for the pair that waits: in place of "Merge records", what was asked, by whom, each
 * team's answer, and, for a team whose answer is missing, its buttons.
 */
export function PendingMergeRequest({ request, teamId, justAsked, failure, onDecided }: PendingMergeRequestProps) {
  const { t } = useTranslation('duplicates')
  const names = useRequestNames()(request)
  const text = justAsked
    ? t('request.asked', { teams: listText(request.teams.map((team) => team.title)) })
    : request.awaits_this_team
      ? t('request.asks', { ...names, team: request.requesting_team_name })
      : t('request.waiting', { ...names, teams: listText(waitingTeams(request)) })
  return (
    <Alert color="blue" variant="light" role="status" icon={<IconUsersGroup size={18} aria-hidden="true" />}>
      <Stack gap="xs">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {text}
        </Text>
        <AskedBy request={request} />
        <MergeRequestTeams request={request} />
        {request.awaits_this_team && <DecideMergeRequest request={request} teamId={teamId} failure={failure} onDecided={onDecided} />}
      </Stack>
    </Alert>
  )
}
