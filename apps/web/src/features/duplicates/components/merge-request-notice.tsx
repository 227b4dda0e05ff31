import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Stack, Text } from '@mantine/core'
import { IconUsersGroup } from '@tabler/icons-react'
import type { ContactMergeRequest } from '@crm/domain'
import { ActionFailureAlert, useActionFailure, type ActionFailure } from '../../../components/action-failure'
import { listText } from '../../../lib/errors'
import { withFlash } from '../../../lib/flash'
import { useContactMergePreview, useContactMergeRequests } from '../queries'
import { AskedBy, DecideMergeRequest, MergeRequestTeams, useDecisionText, useRequestNames, waitingTeams } from './merge-request-state'
import { DoneMessage } from '../../../components/done-message'

/**
 * On a contact's page, for who may merge in the team (delete_contact): each pending request to
 * merge this record with another (issue 40 §1). A team whose answer is missing sees what is asked
 * and agrees or declines; the team that asked sees whom it waits for. Answered, the page says
 * what happened; merged away, the page moves to the record kept.
 */
export function MergeRequestNotice({ contactId, teamId }: { contactId: number; teamId: number }) {
  const navigate = useNavigate()
  const requests = useContactMergeRequests(contactId, teamId)
  const failure = useActionFailure()
  const decisionText = useDecisionText()
  const [decided, setDecided] = useState<string | null>(null)

  const onDecided = (result: ContactMergeRequest) => {
    // This record was merged away: its page is now the kept one's, which says so.
    if (result.status === 'merged' && result.other_contact_id === contactId)
      void navigate(`/contacts/view/${result.contact_id}`, { replace: true, state: withFlash(decisionText(result)) })
    else setDecided(decisionText(result))
  }

  return (
    <>
      {/* Announced when it appears; it stays while the contact and its requests are read again. */}
      <DoneMessage message={decided} onClose={() => setDecided(null)} />
      <ActionFailureAlert failure={failure} />
      {(requests.data?.data ?? [])
        .filter((request) => request.status === 'pending')
        .map((request) => (
          <MergeRequestItem
            key={request.id}
            request={request}
            contactId={contactId}
            teamId={teamId}
            failure={failure}
            onDecided={(result) => {
              failure.clear()
              onDecided(result)
            }}
          />
        ))}
    </>
  )
}

interface MergeRequestItemProps {
  request: ContactMergeRequest
  contactId: number
  teamId: number
  failure: ActionFailure
  onDecided: (result: ContactMergeRequest) => void
}

function MergeRequestItem({ request, contactId, teamId, failure, onDecided }: MergeRequestItemProps) {
  const { t } = useTranslation('duplicates')
  const names = useRequestNames()(request)
  const deciding = request.awaits_this_team
  // The merge page compares the two where this team holds both: its preview answers then.
  const pair = { team_id: teamId, contact_id: request.contact_id, other_contact_id: request.other_contact_id }
  const comparable = useContactMergePreview(pair, deciding).isSuccess

  if (!deciding) {
    return (
      <Alert role="note" color="blue" variant="light" icon={<IconUsersGroup size={18} aria-hidden="true" />}>
        <Stack gap={4}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('request.waiting', { ...names, teams: listText(waitingTeams(request)) })}
          </Text>
          <AskedBy request={request} />
        </Stack>
      </Alert>
    )
  }

  const groups = request.from_other.map((group) => t(`merge.groups.${group}`))
  return (
    <Alert role="note" color="blue" variant="light" icon={<IconUsersGroup size={18} aria-hidden="true" />}>
      <Stack gap="xs">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t('request.asks', { ...names, team: request.requesting_team_name })}
        </Text>
        <AskedBy request={request} />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {request.other_contact_id === contactId ? t('request.thisClosed', names) : t('request.thisKept', names)}{' '}
          {groups.length > 0 ? t('request.fromOther', { other: names.other, groups: listText(groups) }) : t('request.fromNone', names)}
        </Text>
        {request.teams.length > 1 && <MergeRequestTeams request={request} />}
        {comparable && (
          <Anchor component={Link} to={`/contacts/duplicates/merge?contact_id=${request.contact_id}&other_contact_id=${request.other_contact_id}`} size="sm">
            {t('request.compare')}
          </Anchor>
        )}
        <DecideMergeRequest request={request} teamId={teamId} failure={failure} onDecided={onDecided} />
      </Stack>
    </Alert>
  )
}
