import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Checkbox, Stack, TextInput, Title } from '@mantine/core'
import { teamCalls, type Team } from '@crm/domain'
import { useSession } from '../../session/session'
import { useFormSubmission } from '../../../lib/form-submission'
import { FormActions } from '../../../components/form-actions'
import { useAddGroup } from '../queries'

const addGroupForm = teamCalls.addGroup.request.pick({ title: true }).extend({ is_private: z.boolean().optional() })
type AddGroupForm = z.input<typeof addGroupForm>

/** 'Add new': creates a group in the team; a failure shows 'Error' (spec 1 §8). */
export function AddGroupForm({ team }: { team: Team }) {
  const { t } = useTranslation(['teams', 'common'])
  const { reload } = useSession()
  const addGroup = useAddGroup()
  // Only team administrators may add public groups; everyone may add a private one.
  const mayAddPublic = team.user_capabilities.update_team === true
  const form = useForm<AddGroupForm, unknown, z.output<typeof addGroupForm>>({
    resolver: zodResolver(addGroupForm),
    defaultValues: { title: '', is_private: !mayAddPublic },
  })
  const submission = useFormSubmission({ errorMessage: t('addGroup.error') })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await submission.submit(() =>
      addGroup.mutateAsync({ team_id: team.id, title: values.title, is_private: !mayAddPublic || values.is_private === true }),
    )
    if (result.ok) {
      form.reset({ title: '', is_private: !mayAddPublic })
      await reload()
    }
  }, submission.reportInvalid)

  return (
    <Stack component="section" gap="sm" aria-labelledby="add-group-title">
      <Title order={2} size="h4" id="add-group-title">
        {t('addGroup.title')}
      </Title>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm" maw={420}>
          <TextInput
            label={t('addGroup.name')}
            withAsterisk
            required
            maxLength={120}
            error={errors.title ? t('common:fieldRequired') : undefined}
            {...form.register('title')}
          />
          <Checkbox label={t('addGroup.private')} description={t('addGroup.privateHint')} disabled={!mayAddPublic} {...form.register('is_private')} />
          <FormActions submission={submission} submitLabel={t('addGroup.submit')} />
        </Stack>
      </form>
    </Stack>
  )
}
