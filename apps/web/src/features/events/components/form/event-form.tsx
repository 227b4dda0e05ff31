import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Checkbox, Group, NativeSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { defaultRecurrenceForm, disciplePhases, growPhases, otherEventType, type FieldError, type RecurrenceForm } from '@crm/domain'
import { FormActions } from '../../../../components/form-actions'
import { RecurrenceField } from '../../../../components/recurrence-field'
import { isApiError } from '../../../../lib/api'
import { useFormSubmission } from '../../../../lib/form-submission'
import { AddressField, type AddressValue } from '../../../places/components/address-field'
import { useLookup } from '../../../lookups/queries'
import { wordFieldError } from '../../../../lib/field-errors'
import { eventFormErrors, eventWriteOf, type EventFormErrorKey, type EventFormValues } from './event-form-values'
import type { CreateEventWrite } from '../../queries'

export interface EventFormProps {
  initial: EventFormValues
  /** A stored rule the form cannot show (its refusal), shown under the schedule. */
  ruleError?: FieldError | null
  label: string
  submitLabel: string
  /** Saves the fields; resolves to the event's id. */
  onSave: (fields: Omit<CreateEventWrite, 'team_id'>) => Promise<number>
  /** After a save: the view of the event. */
  onSaved: (id: number) => void
  onCancel: () => void
  countryCode?: string | null
}

type ServerErrors = Partial<Record<string, string>>

// The wire's names of the fields and their labels (events:fields.*), to name a refused field.
const fieldLabels: Record<string, string> = {
  title: 'title',
  is_public: 'isPublic',
  type: 'type',
  type_other: 'typeOther',
  no_address: 'noAddress',
  is_recurring: 'isRecurring',
  rrule: 'schedule',
  is_all_day: 'isAllDay',
  is_multi_day: 'isMultiDay',
  start_time: 'startDate',
  start_time_hour: 'startTime',
  end_time_hour: 'endTime',
  end_time: 'endDate',
  auc_disciple_phase: 'disciplePhase',
  grow_phase: 'growPhase',
}

/**
 * The event form of /events/new and /events/edit/{id} (spec 3 §2.1): title, public, type
 * (with 'other' typed in), the address unless 'No address', the schedule of a recurring event,
 * all-day and multi-day, the dates and times, and the two phases. The server's field errors
 * show on their fields.
 */
export function EventForm({ initial, ruleError, label, submitLabel, onSave, onSaved, onCancel, countryCode }: EventFormProps) {
  const { t } = useTranslation(['events', 'interactions', 'common'])
  const [values, setValues] = useState(initial)
  const [showErrors, setShowErrors] = useState(false)
  const [server, setServer] = useState<ServerErrors>(ruleError ? { rrule: wordFieldError(ruleError) } : {})
  const types = useLookup('event-types')
  const submission = useFormSubmission({
    successMessage: t('form.saved'),
    errorMessage: (error) => {
      if (isApiError(error) && error.status === 404) return t('form.notFound')
      if (isApiError(error) && error.status === 403) return t('form.forbidden')
      return t('form.notSaved')
    },
  })
  const own = eventFormErrors(values)

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }))
    setServer((current) => {
      if (!(key in current) && key !== 'address' && key !== 'recurrence') return current
      const next = { ...current }
      delete next[key]
      if (key === 'recurrence' || key === 'is_recurring') delete next.rrule
      if (key === 'address') for (const field of Object.keys(next)) if (field.startsWith('address_')) delete next[field]
      return next
    })
  }

  const fieldError = (key: EventFormErrorKey): string | undefined => {
    const serverText = server[key]
    if (serverText) return serverText
    return showErrors && own.fields[key] ? t('form.required') : undefined
  }
  const recurrenceErrors: Partial<Record<keyof RecurrenceForm | 'rrule', string>> = {}
  if (showErrors) for (const [key, text] of Object.entries(own.recurrence)) recurrenceErrors[key as keyof RecurrenceForm] = wordFieldError(text)
  if (server.rrule) recurrenceErrors.rrule = server.rrule
  const addressErrors = Object.fromEntries(
    Object.entries(server)
      .filter(([field]) => field.startsWith('address_'))
      .map(([field, text]) => [field, String(text)]),
  ) as Partial<Record<keyof AddressValue, string>>

  // Server errors of fields not on screen are listed above the buttons.
  const onScreen = new Set<string>([
    'title',
    'is_public',
    'type',
    'no_address',
    'is_recurring',
    'rrule',
    'is_all_day',
    'is_multi_day',
    'start_time',
    'auc_disciple_phase',
    'grow_phase',
    ...(values.type === otherEventType ? ['type_other'] : []),
    ...(values.no_address ? [] : Object.keys(values.address)),
    ...(values.is_all_day ? [] : ['start_time_hour', 'end_time_hour']),
    ...(values.is_multi_day ? ['end_time'] : []),
  ])
  const unmarked = Object.entries(server).filter(([field]) => !onScreen.has(field))

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setShowErrors(true)
    if (Object.keys(own.fields).length > 0 || Object.keys(own.recurrence).length > 0) {
      submission.reportInvalid()
      return
    }
    setServer({})
    const result = await submission.submit(() => onSave(eventWriteOf(values)))
    if (result.ok) onSaved(result.value)
    else if (isApiError(result.error)) setServer(result.error.fieldErrors)
  }

  const typeOptions = (types.data ?? []).map((item) => ({ value: String(item.id), label: item.title }))
  if (!typeOptions.some((option) => option.value === otherEventType)) typeOptions.push({ value: otherEventType, label: t('fields.typeOther') })
  const toggleRecurring = (on: boolean) => {
    set('is_recurring', on)
    if (on && values.recurrence.frequency === 'NEVER') set('recurrence', defaultRecurrenceForm(values.start_time || initial.start_time))
  }
  const changeRecurrence = (next: RecurrenceForm) => {
    set('recurrence', next)
    // Never is not recurring (D3-2.1-12).
    if (next.frequency === 'NEVER') set('is_recurring', false)
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      <Stack gap="md" maw={720}>
        <TextInput
          label={t('fields.title')}
          required
          maxLength={200}
          value={values.title}
          error={fieldError('title')}
          onChange={(event) => set('title', event.currentTarget.value)}
        />
        <Checkbox label={t('fields.isPublic')} checked={values.is_public} onChange={(event) => set('is_public', event.currentTarget.checked)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('fields.type')}
            data={typeOptions}
            value={values.type}
            clearable
            error={fieldError('type')}
            onChange={(value) => set('type', value)}
          />
          {values.type === otherEventType && (
            <TextInput
              label={t('fields.typeOther')}
              required
              maxLength={120}
              value={values.type_other}
              error={fieldError('type_other')}
              onChange={(event) => set('type_other', event.currentTarget.value)}
            />
          )}
        </SimpleGrid>
        <Checkbox label={t('fields.noAddress')} checked={values.no_address} onChange={(event) => set('no_address', event.currentTarget.checked)} />
        {!values.no_address && (
          <AddressField
            legend={t('fields.address')}
            value={values.address}
            onChange={(address) => set('address', address)}
            countryCode={countryCode}
            errors={addressErrors}
          />
        )}
        <Group gap="lg" wrap="wrap">
          <Checkbox label={t('fields.isRecurring')} checked={values.is_recurring} onChange={(event) => toggleRecurring(event.currentTarget.checked)} />
          <Checkbox label={t('fields.isAllDay')} checked={values.is_all_day} onChange={(event) => set('is_all_day', event.currentTarget.checked)} />
          <Checkbox label={t('fields.isMultiDay')} checked={values.is_multi_day} onChange={(event) => set('is_multi_day', event.currentTarget.checked)} />
        </Group>
        {values.is_recurring && (
          <RecurrenceField value={values.recurrence} onChange={changeRecurrence} errors={recurrenceErrors} legend={t('fields.schedule')} />
        )}
        {!values.is_recurring && recurrenceErrors.rrule && (
          <Alert color="red" variant="light">
            {recurrenceErrors.rrule}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label={t('fields.startDate')}
            required
            value={values.start_time}
            error={fieldError('start_time')}
            onChange={(event) => set('start_time', event.currentTarget.value)}
          />
          {!values.is_all_day && (
            <TextInput
              type="time"
              label={t('fields.startTime')}
              required
              value={values.start_time_hour}
              error={fieldError('start_time_hour')}
              onChange={(event) => set('start_time_hour', event.currentTarget.value)}
            />
          )}
          {values.is_multi_day && (
            <TextInput
              type="date"
              label={t('fields.endDate')}
              required
              value={values.end_time}
              error={fieldError('end_time')}
              onChange={(event) => set('end_time', event.currentTarget.value)}
            />
          )}
          {!values.is_all_day && (
            <TextInput
              type="time"
              label={t('fields.endTime')}
              value={values.end_time_hour}
              error={fieldError('end_time_hour')}
              onChange={(event) => set('end_time_hour', event.currentTarget.value)}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label={t('fields.disciplePhase')}
            data={[{ value: '', label: '—' }, ...disciplePhases.map((phase) => ({ value: phase, label: t(`disciplePhases.${phase}`) }))]}
            value={values.auc_disciple_phase ?? ''}
            error={fieldError('auc_disciple_phase')}
            onChange={(event) => set('auc_disciple_phase', (event.currentTarget.value || null) as EventFormValues['auc_disciple_phase'])}
          />
          <NativeSelect
            label={t('fields.growPhase')}
            data={[{ value: '', label: '—' }, ...growPhases.map((phase) => ({ value: phase, label: t(`interactions:growPhases.${phase}`) }))]}
            value={values.grow_phase ?? ''}
            error={fieldError('grow_phase')}
            onChange={(event) => set('grow_phase', (event.currentTarget.value || null) as EventFormValues['grow_phase'])}
          />
        </SimpleGrid>
        {unmarked.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {unmarked.map(([field, text]) => (
              <div key={field}>
                {fieldLabels[field] ? t(`fields.${fieldLabels[field]}` as 'fields.title') : field}: {text}
              </div>
            ))}
          </Alert>
        )}
        <FormActions submission={submission} submitLabel={submitLabel} cancel={{ label: t('form.cancel'), onClick: onCancel }} />
      </Stack>
    </form>
  )
}
