import { useTranslation } from 'react-i18next'
import { Button, Group, Paper, Stack, Title } from '@mantine/core'
import { ActionFailureAlert } from '../../../../components/action-failure'
import { useContactActions, type ContactActionsOptions } from '../view/contact-status-actions'

export type ActionsSectionProps = ContactActionsOptions

/**
 * The Actions section of the edit page (spec 2 §2; shown with delete_contact): archive or
 * restore, and remove from the team or the group, each confirmed; then /contacts.
 */
export function ActionsSection(props: ActionsSectionProps) {
  const { t } = useTranslation(['contact-form', 'contacts'])
  const { statusAction, labels, ask, failure, dialog } = useContactActions(props)

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="contact-actions-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="contact-actions-title">
          {t('actions.title')}
        </Title>
        <Group>
          <Button variant="default" onClick={() => ask(statusAction)}>
            {labels[statusAction]}
          </Button>
          <Button variant="outline" color="red" onClick={() => ask('remove')}>
            {labels.remove}
          </Button>
        </Group>
        <ActionFailureAlert failure={failure} />
      </Stack>
      {dialog}
    </Paper>
  )
}
