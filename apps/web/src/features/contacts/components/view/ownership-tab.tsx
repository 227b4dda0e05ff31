import { useTranslation } from 'react-i18next'
import { Button, Group, List, Stack, Text, Title } from '@mantine/core'
import { FormStatus } from '../../../../components/form-status'
import { useFormSubmission } from '../../../../lib/form-submission'
import { useTakeOwnership } from '../../queries'
import type { ContactTabProps } from '../../../../components/contact-tab'

/** Ownership (spec 2 §4): who owns the contact; with no owner, the team may take it. */
export function OwnershipTab({ item, contact, scope }: ContactTabProps) {
  const { t } = useTranslation(['contact-view', 'contacts'])
  const { ownership, auth } = item
  const takeOwnership = useTakeOwnership(contact.id, scope)
  const submission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('contacts:saved'), errorMessage: t('contacts:error') })
  const mayUpdate = auth.user_capabilities.update_contact === true || auth.user_capabilities.update_assigned_contact === true

  return (
    <Stack gap="sm">
      {ownership.has_owner ? (
        <>
          <Text>{ownership.is_owned_by_current_team ? t('ownership.ownedByYourTeam') : t('ownership.hasOwner')}</Text>
          {ownership.primary_owner && <Text>{t('ownership.primaryOwner', { team: ownership.primary_owner.title })}</Text>}
          {ownership.is_owned_by_current_team && ownership.has_multiple_owners && (
            <Stack component="section" gap="xs" aria-labelledby="contact-owners-title">
              <Title order={3} size="h5" id="contact-owners-title">
                {t('ownership.owners')}
              </Title>
              <List aria-labelledby="contact-owners-title">
                {ownership.owners.map((owner) => (
                  <List.Item key={owner.id}>{owner.title}</List.Item>
                ))}
              </List>
            </Stack>
          )}
        </>
      ) : (
        <Text>{t('ownership.noOwner')}</Text>
      )}
      <Group>
        {!ownership.has_owner && mayUpdate && (
          <Button
            loading={submission.isProcessing}
            disabled={submission.isProcessing}
            onClick={() => void submission.submit(() => takeOwnership.mutateAsync(undefined))}
          >
            {t('ownership.take')}
          </Button>
        )}
        {/* Outside the condition: 'Saved' stays while the refreshed contact hides the button. */}
        <FormStatus submission={submission} />
      </Group>
    </Stack>
  )
}
