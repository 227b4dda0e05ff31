import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { isEmail, maxRuleDays } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { isApiError } from '../../../lib/api'
import { useFormSubmission } from '../../../lib/form-submission'

export type RuleKind = 'missed' | 'unassigned'

/** A rule as both pages show it: after_days or every_days is `days`. */
export interface RuleValues<To extends string> {
  days: number
  to: To
  to_email: string | null
}

interface RuleFormProps<To extends string> {
  kind: RuleKind
  recipients: readonly To[]
  initial?: RuleValues<To>
  submitLabel: string
  onSave: (values: RuleValues<To>) => Promise<unknown>
  onSaved?: () => void
  onCancel?: () => void
}

type Errors = Partial<Record<'days' | 'to' | 'to_email', string>>

/** The Add new and quick-edit form of a rule: days 1..365, to, and to_email only when to is email (spec 3 §5). */
export function RuleForm<To extends string>({ kind, recipients, initial, submitLabel, onSave, onSaved, onCancel }: RuleFormProps<To>) {
  const { t } = useTranslation('manage-notifications')
  const first = recipients[0] as To
  const [days, setDays] = useState<number | string>(initial?.days ?? '')
  const [to, setTo] = useState<To>(initial?.to ?? first)
  const [toEmail, setToEmail] = useState(initial?.to_email ?? '')
  const [errors, setErrors] = useState<Errors>({})
  const submission = useFormSubmission({
    errorMessage: (error) => (isApiError(error) && Object.keys(error.fieldErrors).length > 0 ? t('form.fieldsRefused') : t('form.saveFailed')),
  })
  const daysField = kind === 'missed' ? 'after_days' : 'every_days'

  const validate = (): Errors => {
    const found: Errors = {}
    const number = typeof days === 'number' ? days : Number.NaN
    if (!Number.isInteger(number) || number < 1 || number > maxRuleDays) found.days = t('rules.daysInvalid', { max: maxRuleDays })
    if (to === 'email' && !isEmail(toEmail.trim())) found.to_email = t('rules.toEmailInvalid')
    return found
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validate()
    setErrors(found)
    if (Object.keys(found).length > 0) {
      submission.reportInvalid()
      return
    }
    // to_email goes only with to = email (spec 3 §5).
    const values: RuleValues<To> = { days: days as number, to, to_email: to === 'email' ? toEmail.trim() : null }
    const result = await submission.submit(() => onSave(values))
    if (result.ok) {
      if (!initial) {
        setDays('')
        setTo(first)
        setToEmail('')
      }
      onSaved?.()
    } else if (isApiError(result.error)) {
      const server = result.error.fieldErrors
      setErrors({ days: server[daysField], to: server['to'], to_email: server['to_email'] })
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: to === 'email' ? 3 : 2 }} spacing="sm">
          <NumberInput
            label={kind === 'missed' ? t('rules.afterDaysLabel') : t('rules.everyDaysLabel')}
            description={t('rules.daysHint', { max: maxRuleDays })}
            withAsterisk
            required
            min={1}
            max={maxRuleDays}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={days}
            onChange={setDays}
            error={errors.days}
          />
          <Select
            label={t('rules.to')}
            data={recipients.map((value) => ({ value, label: t(`rules.recipientOption.${value as 'email'}`) }))}
            value={to}
            onChange={(value) => setTo(recipients.find((known) => known === value) ?? first)}
            allowDeselect={false}
            error={errors.to}
          />
          {to === 'email' && (
            <TextInput
              type="email"
              label={t('rules.toEmail')}
              withAsterisk
              required
              value={toEmail}
              onChange={(event) => setToEmail(event.currentTarget.value)}
              error={errors.to_email}
            />
          )}
        </SimpleGrid>
        <FormActions submission={submission} submitLabel={submitLabel} cancel={onCancel && { label: t('cancel'), onClick: onCancel }} />
      </Stack>
    </form>
  )
}
