import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Paper, Stack, Text, Title } from '@mantine/core'
import { contactCalls, type Suggestion, type TeamGroupParams } from '@crm/domain'
import { FormActions } from '../../../../components/form-actions'
import { SuggestionInput } from '../../../../components/suggestion-input'
import { useFormSubmission } from '../../../../lib/form-submission'
import { useAddExistingContact } from '../../queries'

/**
 * The add-existing-contact form of /contacts/new (spec 2 §2, §5): a contact of the team not
 * yet in this group; a selection is required.
 */
export function AddExistingForm({ scope, onAdded }: { scope: TeamGroupParams; onAdded?: () => void }) {
  const { t } = useTranslation('contact-form')
  const navigate = useNavigate()
  const addExisting = useAddExistingContact()
  const submission = useFormSubmission()
  const [picked, setPicked] = useState<Suggestion | null>(null)
  const [missing, setMissing] = useState(false)

  const submit = async () => {
    if (!picked) {
      setMissing(true)
      return submission.reportInvalid()
    }
    const result = await submission.submit(() => addExisting.mutateAsync({ ...scope, user_id: Number(picked.id) }))
    if (!result.ok) return
    onAdded?.()
    await navigate(`/contacts/view/${result.value.id}`)
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-existing-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-existing-title">
            {t('addExisting.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('addExisting.hint')}
          </Text>
          <SuggestionInput
            call={contactCalls.teamContactSuggestions}
            input={{ ...scope, exclude_group_id: scope.group_id }}
            label={t('addExisting.search')}
            required
            value={picked}
            onChange={(value) => {
              setPicked(value)
              if (value) setMissing(false)
            }}
            error={missing ? t('addExisting.selectContact') : undefined}
          />
          <FormActions submission={submission} submitLabel={t('addExisting.submit')} submitVariant="light" />
        </Stack>
      </form>
    </Paper>
  )
}
