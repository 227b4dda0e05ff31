import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import type { Ownership, TeamGroupParams } from '@crm/domain'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { useAnswerApprovalRequest, type ApprovalAnswer } from '../../queries'

type ApprovalRequest = Ownership['other_team_is_awaiting_approval_data'][number]

/**
 * Another team asks to use this contact: accept or reject, each confirmed; the contact is
 * refreshed after either (D2-4.3-04/05). Failures are silent (spec 2 §8); the dialog closes.
 */
export function ApprovalRequestBanner({ contactId, scope, requests }: { contactId: number; scope: TeamGroupParams; requests: ApprovalRequest[] }) {
  const { t } = useTranslation('contact-view')
  const answerRequest = useAnswerApprovalRequest(contactId, scope)
  const [pending, setPending] = useState<{ answer: ApprovalAnswer; request: ApprovalRequest } | null>(null)
  if (requests.length === 0) return null
  const team = pending?.request.team.title ?? ''

  return (
    <>
      {requests.map((request) => (
        <Alert key={request.team.id} color="indigo" title={t('banners.approvalTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('banners.approvalText', { team: request.team.title })}</Text>
            {request.requested_by && <Text size="sm">{t('banners.approvalRequestedBy', { name: request.requested_by.name })}</Text>}
            <Group gap="sm">
              <Button size="xs" onClick={() => setPending({ answer: 'accept', request })}>
                {t('banners.accept')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setPending({ answer: 'reject', request })}>
                {t('banners.reject')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.answer === 'reject' ? t('banners.rejectTitle') : t('banners.acceptTitle')}
        message={pending?.answer === 'reject' ? t('banners.rejectMessage', { team }) : t('banners.acceptMessage', { team })}
        confirmLabel={pending?.answer === 'reject' ? t('banners.reject') : t('banners.accept')}
        danger={pending?.answer === 'reject'}
        onConfirm={() => (pending ? answerRequest.mutateAsync({ answer: pending.answer, requestingTeamId: pending.request.team.id }) : undefined)}
        onClose={() => setPending(null)}
      />
    </>
  )
}
