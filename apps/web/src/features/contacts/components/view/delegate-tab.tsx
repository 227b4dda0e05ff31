import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { NativeSelect, Stack, Text, Title } from '@mantine/core'
import { useSession } from '../../../session/session'
import { isPublicGroup } from '../../../session/selection'
import { FormActions } from '../../../../components/form-actions'
import { useFormSubmission } from '../../../../lib/form-submission'
import { useAddContactToGroup, useContactGroups } from '../../queries'
import type { ContactTabProps } from '../../../../components/contact-tab'

const delegateForm = z.object({ group_id: z.string().min(1) })
type DelegateForm = z.infer<typeof delegateForm>

/** Delegate (spec 2 §2): put the contact into a public group of the team (add-user-to-group). */
export function DelegateTab({ item, contact, scope, team }: ContactTabProps) {
  const { t } = useTranslation(['contact-view', 'contacts', 'common'])
  const { groups } = useSession()
  const publicGroups = groups.filter(isPublicGroup)
  // The contact's groups are known only to those who may read them.
  const mayReadGroups = item.auth.user_capabilities.read_user_groups === true
  const contactGroups = useContactGroups(contact.id, scope, 1, mayReadGroups)
  const memberOf = new Set((contactGroups.data?.items ?? []).map((group) => group.id))
  const addToGroup = useAddContactToGroup(contact.id, team.id)
  const submission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('contacts:saved'), errorMessage: t('contacts:error') })
  const form = useForm<DelegateForm>({ resolver: zodResolver(delegateForm), defaultValues: { group_id: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await submission.submit(() => addToGroup.mutateAsync(Number(values.group_id)))
    if (result.ok) form.reset({ group_id: '' })
  }, submission.reportInvalid)

  return (
    <Stack component="section" gap="sm" aria-labelledby="delegate-title">
      <Title order={3} size="h5" id="delegate-title">
        {t('delegate.title')}
      </Title>
      {publicGroups.length === 0 ? (
        <Text>{t('delegate.noGroups')}</Text>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack gap="sm" maw={420}>
            <NativeSelect
              label={t('delegate.group')}
              description={t('delegate.hint')}
              required
              withAsterisk
              error={errors.group_id ? t('common:fieldRequired') : undefined}
              data={[
                { value: '', label: '' },
                ...publicGroups.map((group) => ({
                  value: String(group.id),
                  label: memberOf.has(group.id) ? `${group.title} (${t('delegate.alreadyIn')})` : group.title,
                  disabled: memberOf.has(group.id),
                })),
              ]}
              {...form.register('group_id')}
            />
            <FormActions submission={submission} submitLabel={t('delegate.submit')} />
          </Stack>
        </form>
      )}
    </Stack>
  )
}
