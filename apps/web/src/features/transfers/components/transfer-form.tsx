import { useId, useMemo, useState, type ReactNode } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import { Alert, Button, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { earliestTransferDate, suggestionCalls, transferMinDaysAhead } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { SuggestionInput } from '../../../components/suggestion-input'
import { isApiError } from '../../../lib/api'
import { useFormSubmission } from '../../../lib/form-submission'
import { useChurchOwners } from '../queries'
import { conflictOf, conflictText } from '../transfer-errors'
import { transferFormFields, transferFormSchema, type TransferFormField, type TransferFormOutput, type TransferFormValues } from './transfer-form-values'

export interface ConferenceChoice {
  id: number
  title: string
}

export interface TransferFormProps {
  initial: TransferFormValues
  /** The conference choices of each side (useTransferConferences). */
  conferences: { from: ConferenceChoice[]; to: ConferenceChoice[] }
  /** The stored date (edit): left as it was, it may be nearer than 7 days. */
  storedDate?: string | null
  label: string
  /** Saves the fields; resolves to the transfer's id. */
  onSave: (fields: TransferFormOutput) => Promise<number>
  onSaved: (id: number) => void
  /** Buttons beside Save: Cancel, or 'Cancel this transfer'. */
  actions?: ReactNode
}

function isFormField(field: string): field is TransferFormField {
  return (transferFormFields as readonly string[]).includes(field)
}

/**
 * The transfer form of /transfers/new and /transfers/edit/{id} (spec 3 §2.2, §5): section
 * 'Basic info' with both conferences, both churches (suggested from the chosen conference),
 * the pastor (an owner of the from-church) and an optional date at least 7 days ahead.
 */
export function TransferForm({ initial, conferences, storedDate = null, label, onSave, onSaved, actions }: TransferFormProps) {
  const { t } = useTranslation('transfers')
  const headingId = useId()
  const schema = useMemo(() => transferFormSchema(storedDate), [storedDate])
  const form = useForm<TransferFormValues, unknown, TransferFormOutput>({
    // The schema reads the ids and date of the values; the titles are the form's own.
    resolver: zodResolver(schema) as never,
    defaultValues: initial,
  })
  const { errors } = form.formState
  // The server's errors of fields the form does not show (team_id, …), in the reader's words.
  const [unmarked, setUnmarked] = useState<Array<[string, string]>>([])
  const values = useWatch({ control: form.control })
  const owners = useChurchOwners(values.from_team_id ?? null, values.from_conference_id ?? null)
  const earliest = earliestTransferDate()
  const submission = useFormSubmission({
    successMessage: t('form.saved'),
    errorMessage: (error) => {
      if (!isApiError(error)) return t('form.notSaved')
      const conflict = conflictText(error, t)
      if (conflict) return conflict
      if (error.status === 400 && Object.keys(error.fieldErrors).length > 0) return t('form.checkFields')
      if (error.status === 403) return t('form.forbidden')
      if (error.status === 404) return t('form.notFound')
      return t('form.notSaved')
    },
  })

  const errorOf = (field: TransferFormField): string | undefined => {
    const error = errors[field]
    if (!error) return undefined
    if (error.type === 'server') return String(error.message)
    if (field === 'date') return t('form.dateTooSoon', { days: transferMinDaysAhead })
    return t('form.required')
  }

  const conferenceOptions = useMemo(() => {
    const options = (choices: ConferenceChoice[]) => [
      { value: '', label: t('form.choose') },
      ...choices.map((choice) => ({ value: String(choice.id), label: choice.title })),
    ]
    return { from: options(conferences.from), to: options(conferences.to) }
  }, [conferences, t])

  const ownerOptions = useMemo(() => {
    const choices = new Map<string, string>((owners.data?.items ?? []).map((item) => [String(item.id), item.title]))
    // The stored pastor stays a choice while their church is unchanged.
    if (values.user_id && values.user_name && !choices.has(String(values.user_id))) choices.set(String(values.user_id), values.user_name)
    return [{ value: '', label: t('form.choose') }, ...[...choices].map(([value, title]) => ({ value, label: title }))]
  }, [owners.data, values.user_id, values.user_name, t])

  const setValue = <K extends keyof TransferFormValues>(key: K, value: TransferFormValues[K]) =>
    // react-hook-form cannot relate a generic key to its value's type.
    form.setValue(key, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
  const clearPastor = () => {
    setValue('user_id', null)
    setValue('user_name', '')
  }
  const chooseConference = (side: 'from' | 'to', raw: string) => {
    setValue(`${side}_conference_id`, raw ? Number(raw) : null)
    // A church belongs to its conference; the pastor to the from-church.
    setValue(`${side}_team_id`, null)
    setValue(`${side}_team_name`, '')
    if (side === 'from') clearPastor()
  }

  const submit = form.handleSubmit(async (fields) => {
    setUnmarked([])
    const result = await submission.submit(() => onSave(fields))
    if (result.ok) {
      onSaved(result.value)
      return
    }
    if (!isApiError(result.error)) return
    const others: Array<[string, string]> = []
    const pastorTaken = conflictOf(result.error) === 'pastor_has_upcoming_transfer'
    for (const [field, message] of Object.entries(result.error.fieldErrors)) {
      if (field === 'user_id' && pastorTaken) form.setError(field, { type: 'server', message: t('form.pastorHasTransfer') })
      else if (isFormField(field)) form.setError(field, { type: 'server', message })
      else others.push([field, message])
    }
    setUnmarked(others)
  }, submission.reportInvalid)

  const churchField = (side: 'from' | 'to') => {
    const conferenceId = values[`${side}_conference_id`] ?? null
    const teamId = values[`${side}_team_id`] ?? null
    return (
      <SuggestionInput
        // A new conference starts the church afresh.
        key={`${side}-${conferenceId ?? 0}`}
        call={suggestionCalls.entityTeams}
        input={{ team_id: conferenceId ?? 0 }}
        label={t(side === 'from' ? 'fields.fromChurch' : 'fields.toChurch')}
        placeholder={t('form.churchPlaceholder')}
        required
        disabled={!conferenceId}
        value={teamId ? { id: teamId, title: values[`${side}_team_name`] ?? '' } : null}
        error={errorOf(`${side}_team_id`)}
        onChange={(picked) => {
          if (side === 'from' && (picked ? Number(picked.id) : null) !== teamId) clearPastor()
          setValue(`${side}_team_id`, picked ? Number(picked.id) : null)
          setValue(`${side}_team_name`, picked?.title ?? '')
        }}
      />
    )
  }

  const conferenceField = (side: 'from' | 'to') => (
    <Controller
      control={form.control}
      name={`${side}_conference_id`}
      render={({ field }) => (
        <NativeSelect
          label={t(side === 'from' ? 'fields.fromConference' : 'fields.toConference')}
          required
          withAsterisk
          data={conferenceOptions[side]}
          value={field.value ? String(field.value) : ''}
          error={errorOf(`${side}_conference_id`)}
          onBlur={field.onBlur}
          onChange={(event) => chooseConference(side, event.currentTarget.value)}
        />
      )}
    />
  )

  const hasChurch = !!values.from_team_id
  const noOwners = hasChurch && owners.isSuccess && ownerOptions.length === 1

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      <Stack component="section" aria-labelledby={headingId} gap="md" maw={820}>
        <Title order={2} size="h3" id={headingId}>
          {t('form.basicInfo')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Stack gap="sm">
            {conferenceField('from')}
            {churchField('from')}
            <Controller
              control={form.control}
              name="user_id"
              render={({ field }) => (
                <NativeSelect
                  label={t('fields.pastor')}
                  required
                  withAsterisk
                  disabled={!hasChurch}
                  description={!hasChurch ? t('form.pastorHint') : noOwners ? t('form.noOwners') : undefined}
                  data={ownerOptions}
                  value={field.value ? String(field.value) : ''}
                  error={errorOf('user_id')}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    const chosen = event.currentTarget.value
                    setValue('user_id', chosen ? Number(chosen) : null)
                    setValue('user_name', ownerOptions.find((option) => option.value === chosen)?.label ?? '')
                  }}
                />
              )}
            />
          </Stack>
          <Stack gap="sm">
            {conferenceField('to')}
            {churchField('to')}
            <Stack gap={4}>
              <TextInput
                type="date"
                label={t('fields.date')}
                description={t('form.dateHint', { days: transferMinDaysAhead })}
                min={earliest}
                error={errorOf('date')}
                {...form.register('date')}
              />
              {values.date && (
                <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }} onClick={() => setValue('date', '')}>
                  {t('form.clearDate')}
                </Button>
              )}
            </Stack>
          </Stack>
        </SimpleGrid>
        {unmarked.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {unmarked.map(([field, message]) => (
              <div key={field}>{message}</div>
            ))}
          </Alert>
        )}
        <FormActions submission={submission} submitLabel={t('form.save')}>
          {actions}
        </FormActions>
      </Stack>
    </form>
  )
}
