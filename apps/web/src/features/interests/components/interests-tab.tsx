import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, NativeSelect, Stack, Table, TextInput, Title } from '@mantine/core'
import { maxInterestOtherLength, type InterestItem } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { isApiError } from '../../../lib/api'
import { useFormSubmission } from '../../../lib/form-submission'
import { TabListState, TabPagination } from '../../../components/tab-list-state'
import type { ContactTabProps } from '../../../components/contact-tab'
import { useLookup } from '../../lookups/queries'
import { useAddInterest, useContactInterests, useDeleteInterest } from '../queries'

type FieldError = 'required' | 'otherRequired' | 'exists' | 'invalid'

/**
 * The add form: an interest of the list; 'other' reveals its free text (spec 1 §3). Failures
 * are silent (spec 2 §8) but for what is wrong with a field.
 */
function AddInterestForm({ contactId, scope, current }: Pick<ContactTabProps, 'scope'> & { contactId: number; current: InterestItem[] }) {
  const { t } = useTranslation(['interests', 'contacts', 'common'])
  const types = useLookup('interest-types').data ?? []
  const addInterest = useAddInterest(contactId, scope)
  const submission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('contacts:saved') })
  const [interest, setInterest] = useState('')
  const [other, setOther] = useState('')
  const [errors, setErrors] = useState<{ interest?: FieldError; other?: FieldError }>({})
  const isOther = types.find((type) => String(type.id) === interest)?.is_other === true
  // A listed interest the contact has is not offered again; 'other' always is.
  const held = new Set(current.filter((item) => !item.is_other).map((item) => item.value))
  const choices = types.filter((type) => type.is_other || !held.has(String(type.id)))

  const submit = async () => {
    const text = other.trim()
    const missing = { ...(interest === '' ? { interest: 'required' as const } : {}), ...(isOther && !text ? { other: 'otherRequired' as const } : {}) }
    setErrors(missing)
    if (Object.keys(missing).length > 0) return submission.reportInvalid()
    const result = await submission.submit(() => addInterest.mutateAsync({ interest, ...(isOther ? { interestOther: text } : {}) }))
    if (result.ok) {
      setInterest('')
      setOther('')
    } else if (isApiError(result.error)) {
      const fields = result.error.fieldErrors
      if (result.error.code === 'conflict') setErrors({ [isOther ? 'other' : 'interest']: 'exists' })
      else if (fields['interest'] || fields['interest_other'])
        setErrors({ ...(fields['interest'] ? { interest: 'invalid' } : {}), ...(fields['interest_other'] ? { other: 'invalid' } : {}) })
    }
  }
  // Spec 2 §8: only 'Please correct the errors to continue.' is said; a failed call is silent.
  const shown =
    submission.status === 'error' && submission.message !== t('common:correctErrors')
      ? { status: 'idle' as const, message: null, isProcessing: submission.isProcessing }
      : submission

  return (
    <Stack component="section" gap="sm" aria-labelledby="add-interest-title">
      <Title order={3} size="h5" id="add-interest-title">
        {t('add.title')}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <Stack gap="sm" maw={420}>
          <NativeSelect
            label={t('interest')}
            required
            value={interest}
            onChange={(event) => setInterest(event.currentTarget.value)}
            error={errors.interest ? t(`errors.${errors.interest}`) : undefined}
            data={[{ value: '', label: '' }, ...choices.map((type) => ({ value: String(type.id), label: type.title }))]}
          />
          {isOther && (
            <TextInput
              label={t('other')}
              required
              maxLength={maxInterestOtherLength}
              value={other}
              onChange={(event) => setOther(event.currentTarget.value)}
              error={errors.other ? t(`errors.${errors.other}`) : undefined}
            />
          )}
          <FormActions submission={shown} submitLabel={t('add.submit')} />
        </Stack>
      </form>
    </Stack>
  )
}

/** Interests (spec 2 §2, §3): the contact's interests; add and remove with the right to edit. */
export function InterestsTab({ item, contact, scope }: ContactTabProps) {
  const { t } = useTranslation(['interests', 'contacts'])
  const [page, setPage] = useState(1)
  const interests = useContactInterests(contact.id, scope, page)
  const deleteInterest = useDeleteInterest(contact.id, scope)
  const mayEdit = item.auth.user_capabilities.update_assigned_contact === true
  const items = interests.data?.items ?? []

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <TabListState isPending={interests.isPending} isError={interests.isError} count={items.length}>
          <Table aria-label={t('title')}>
            <Table.Tbody>
              {items.map((interest) => (
                <Table.Tr key={`${interest.value}/${interest.title}`}>
                  <Table.Td>{interest.name}</Table.Td>
                  <Table.Td ta="right">
                    {mayEdit && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        aria-label={t('deleteLabel', { name: interest.name })}
                        // Spec 2 §8: a failed removal is silent; the list shows what is stored.
                        onClick={() =>
                          void deleteInterest
                            .mutateAsync({ interest: interest.value, ...(interest.is_other ? { interestOther: interest.title } : {}) })
                            .catch(() => undefined)
                        }
                      >
                        {t('delete')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TabListState>
        <TabPagination page={page} maxPages={interests.data?.max_pages ?? 1} onChange={setPage} />
      </Stack>
      {mayEdit && <AddInterestForm contactId={contact.id} scope={scope} current={items} />}
    </Stack>
  )
}
