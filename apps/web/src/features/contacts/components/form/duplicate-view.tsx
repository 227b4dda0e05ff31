import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { DuplicateDetails } from '@crm/domain'
import { FormStatus } from '../../../../components/form-status'
import type { FormSubmission } from '../../../../lib/form-submission'

export interface Duplicate {
  /** user_exists_in_this_team or user_exists_in_other_team */
  inOtherTeam: boolean
  details: DuplicateDetails
}

export interface DuplicateViewProps {
  duplicate: Duplicate
  /** The name entered for the new contact. */
  enteredName: string
  /** update_contact in the group: another team's contact is added directly. */
  canUpdate: boolean
  submission: FormSubmission
  /** Set once the owning team was asked for permission. */
  requested: { id: number } | null
  onAddExisting: () => void
  onIgnore: () => void
  onBack: () => void
}

/**
 * A create that matched an existing contact (spec 2 §4, §8): add the existing one (or ask
 * its team), ignore it and create a new one (another team's only), or go back to the form.
 * A match in this team is named as a link to its page.
 * A match the caller may not see (a child, under the child data gate) names nobody: the
 * message, no contact to pick, and Ignore (another team's) or Go back.
 */
export function DuplicateView({ duplicate, enteredName, canUpdate, submission, requested, onAddExisting, onIgnore, onBack }: DuplicateViewProps) {
  const { t } = useTranslation('contact-form')
  const { details, inOtherTeam } = duplicate
  const match = details.data
  const key = `duplicate.${details.field}_${inOtherTeam ? 'other' : 'this'}` as const
  const addLabel = !inOtherTeam ? t('duplicate.addExisting') : canUpdate ? t('duplicate.add') : t('duplicate.requestPermission')

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="duplicate-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="duplicate-title">
          {t('duplicate.title')}
        </Title>
        <Text>{t(key, { name: enteredName })}</Text>
        {match && !inOtherTeam ? (
          // Only a match in this team is linked: another team's contact is not opened from here (it would not be found).
          <Text fw={700}>
            <Anchor component={Link} to={`/contacts/view/${match.id}`} inherit>
              {match.name}
            </Anchor>
          </Text>
        ) : match ? (
          <Text fw={700}>{details.team_name ? t('duplicate.inTeam', { name: match.name, team: details.team_name }) : match.name}</Text>
        ) : (
          <Text c="dimmed">{t('duplicate.hidden')}</Text>
        )}
        {requested ? (
          <Alert color="teal" role="status">
            <Stack gap={4}>
              <Text size="sm">{t('duplicate.requested', { team: details.team_name ?? '' })}</Text>
              <Anchor component={Link} to={`/contacts/view/${requested.id}`} size="sm">
                {t('duplicate.openContact')}
              </Anchor>
            </Stack>
          </Alert>
        ) : (
          <Group>
            {match && (
              <Button onClick={onAddExisting} loading={submission.isProcessing} disabled={submission.isProcessing}>
                {addLabel}
              </Button>
            )}
            {inOtherTeam && (
              <Button variant="light" onClick={onIgnore} disabled={submission.isProcessing}>
                {t('duplicate.ignore')}
              </Button>
            )}
            <Button variant="default" onClick={onBack} disabled={submission.isProcessing}>
              {t('duplicate.goBack')}
            </Button>
          </Group>
        )}
        <FormStatus submission={submission} />
      </Stack>
    </Paper>
  )
}
