import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Group, List, Text } from '@mantine/core'
import { mergeUndoDays, type ContactMergeRequest } from '@crm/domain'
import type { ActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { useDateFormat } from '../../../lib/date-format'
import { errorText, listText } from '../../../lib/errors'
import { useDecideContactMergeRequest } from '../queries'

// A merge that waits for other teams' owners (issue 40 §1), as the merge page and the contact's
// page both show it: the teams and their answers, who asked, and the deciding team's buttons.

/** The titles of the teams whose answer is still missing. */
export function waitingTeams(request: ContactMergeRequest): string[] {
  return request.teams.filter((team) => team.approved === null).map((team) => team.title)
}

/** The two records' names as the reader may see them; a child the reader may not see is "A child". */
export function useRequestNames(): (request: ContactMergeRequest) => { kept: string; other: string } {
  const { t } = useTranslation('duplicates')
  return (request) => ({ kept: request.contact_name || t('request.child'), other: request.other_name || t('request.child') })
}

/**
 * What an answer did, in words: merged (said on the kept record's page), agreed while other
 * teams still have to, or declined.
 */
export function useDecisionText(): (result: ContactMergeRequest) => string {
  const { t } = useTranslation('duplicates')
  const namesOf = useRequestNames()
  return (result) => {
    const names = namesOf(result)
    if (result.status === 'merged') return t('merge.done', { other: names.other, count: mergeUndoDays })
    if (result.status === 'declined') return t('request.declined', names)
    return t('request.agreed', { ...names, teams: listText(waitingTeams(result)) })
  }
}

/** Who asked and when; the asker's name is gone once they have left. */
export function AskedBy({ request }: { request: ContactMergeRequest }) {
  const { t } = useTranslation('duplicates')
  const format = useDateFormat()
  const date = format.date(request.created_at)
  return <Text size="sm">{request.requested_by_name ? t('request.askedBy', { name: request.requested_by_name, date }) : t('request.askedOn', { date })}</Text>
}

/** Each team whose owners must agree, with its answer so far. */
export function MergeRequestTeams({ request }: { request: ContactMergeRequest }) {
  const { t } = useTranslation('duplicates')
  return (
    <List size="sm" spacing={4} listStyleType="none" aria-label={t('request.teams')}>
      {request.teams.map((team) => {
        const answer = team.approved === null ? 'waiting' : team.approved ? 'agreed' : 'declined'
        return (
          <List.Item key={team.team_id}>
            <Group gap="xs" wrap="wrap" component="span">
              <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                {team.title}
              </Text>
              <Badge variant="light" color={answer === 'agreed' ? 'teal' : answer === 'declined' ? 'red' : 'gray'}>
                {t(`request.answers.${answer}`)}
              </Badge>
            </Group>
          </List.Item>
        )
      })}
    </List>
  )
}

interface DecideMergeRequestProps {
  request: ContactMergeRequest
  teamId: number
  /** Where the page says why an answer failed: it outlives the request's notice. */
  failure: ActionFailure
  /** The request after the answer (merged, still pending, or declined). */
  onDecided: (result: ContactMergeRequest) => void
}

/**
 * The deciding team's answer: "Agree" ("Agree and merge" when it is the last answer missing,
 * which carries the merge out) and "Decline", confirmed first.
 */
export function DecideMergeRequest({ request, teamId, failure, onDecided }: DecideMergeRequestProps) {
  const { t } = useTranslation('duplicates')
  const names = useRequestNames()(request)
  const decide = useDecideContactMergeRequest()
  const [declining, setDeclining] = useState(false)
  const last = waitingTeams(request).length <= 1

  const answer = async (approve: boolean) => {
    const result = await failure.attempt(
      () => decide.mutateAsync({ team_id: teamId, request_id: request.id, approve }),
      (error) => errorText(error, t('request.decideFailed')),
    )
    onDecided(result)
  }

  return (
    <>
      <Group gap="sm">
        <Button
          size="xs"
          loading={decide.isPending && decide.variables?.approve === true}
          disabled={decide.isPending}
          // A failure is said by the page (failure.attempt); nothing else to do here.
          onClick={() => void answer(true).catch(() => undefined)}
          aria-label={t(last ? 'request.agreeAndMergeOf' : 'request.agreeOf', names)}
        >
          {t(last ? 'request.agreeAndMerge' : 'request.agree')}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={decide.isPending}
          onClick={() => {
            failure.clear()
            setDeclining(true)
          }}
          aria-label={t('request.declineOf', names)}
        >
          {t('request.decline')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={declining}
        title={t('request.declineTitle')}
        message={t('request.declineQuestion', { ...names, team: request.requesting_team_name })}
        confirmLabel={t('request.decline')}
        danger
        onConfirm={() => answer(false)}
        onClose={() => setDeclining(false)}
      />
    </>
  )
}
