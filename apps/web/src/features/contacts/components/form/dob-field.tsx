import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Fieldset, Group, NativeSelect } from '@mantine/core'
import { useDateFormat } from '../../../../lib/date-format'

/** The earliest birth year offered (the contract's lower bound). */
export const firstBirthYear = 1900

export interface DobFieldProps {
  legend: string
  /** '' or '1'…'12' */
  month: string
  /** '' or a year */
  year: string
  onMonthChange: (month: string) => void
  onYearChange: (year: string) => void
  /** The year list ends here (the current year). */
  today: Date
  disabled?: boolean
  error?: string
}

/** A date of birth as a month and a year, without a day (spec 2 §3). */
export function DobField({ legend, month, year, onMonthChange, onYearChange, today, disabled, error }: DobFieldProps) {
  const { t } = useTranslation('contact-form')
  const format = useDateFormat()
  const months = useMemo(() => Array.from({ length: 12 }, (_, index) => ({ value: String(index + 1), label: format.month(index + 1) })), [format])
  const lastYear = today.getFullYear()
  const years = useMemo(() => Array.from({ length: lastYear - firstBirthYear + 1 }, (_, index) => String(lastYear - index)), [lastYear])
  const none = { value: '', label: t('widgets.dob.none') }

  return (
    <Fieldset legend={legend} variant="unstyled" disabled={disabled}>
      <Group grow align="flex-start" gap="xs">
        <NativeSelect
          label={t('widgets.dob.month')}
          data={[none, ...months]}
          value={month}
          onChange={(event) => onMonthChange(event.currentTarget.value)}
          disabled={disabled}
        />
        <NativeSelect
          label={t('widgets.dob.year')}
          data={[none, ...years]}
          value={year}
          onChange={(event) => onYearChange(event.currentTarget.value)}
          disabled={disabled}
          error={error}
        />
      </Group>
    </Fieldset>
  )
}
