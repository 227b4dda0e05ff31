import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, Fieldset, Group, NativeSelect, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core'
import {
  maxRecurrenceCount,
  monthDayMax,
  monthDayMin,
  monthlyDayChoices,
  monthlyModes,
  monthlyPositions,
  recurrenceEnds,
  recurrenceFrequencies,
  recurrenceIntervalMax,
  recurrenceIntervalMin,
  weekdays,
  type MonthlyDayChoice,
  type MonthlyMode,
  type MonthlyPosition,
  type RecurrenceEnd,
  type RecurrenceForm,
  type RecurrenceFrequency,
  type Weekday,
} from '@crm/domain'

export interface RecurrenceFieldProps {
  value: RecurrenceForm
  onChange: (value: RecurrenceForm) => void
  /** Translated errors by part of the form (recurrenceFormErrors, or the server's under 'rrule'). */
  errors?: Partial<Record<keyof RecurrenceForm | 'rrule', string>>
  disabled?: boolean
  /** The legend; 'Schedule' by default. */
  legend?: string
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index)

/**
 * The schedule of a recurring event (spec 3 §2.1, D3-2.1-12..19), a controlled widget over the
 * domain's RecurrenceForm: how often (never, weekly, fortnightly, monthly, yearly), every how
 * many, on which weekdays, which day of the month, and when it ends. toRRule and parseRRule
 * turn it into the rule text and back.
 */
export function RecurrenceField({ value, onChange, errors = {}, disabled, legend }: RecurrenceFieldProps) {
  const { t } = useTranslation('events')
  const weekdaysId = useId()
  const set = <K extends keyof RecurrenceForm>(key: K, part: RecurrenceForm[K]) => onChange({ ...value, [key]: part })
  const frequency = value.frequency
  const weekly = frequency === 'WEEKLY' || frequency === 'FORTNIGHTLY'
  const repeats = frequency !== 'NEVER'

  const toggleDay = (day: Weekday, on: boolean) => {
    const next = on ? [...value.weekdays, day] : value.weekdays.filter((other) => other !== day)
    set(
      'weekdays',
      weekdays.filter((each) => next.includes(each)),
    )
  }

  return (
    <Fieldset legend={legend ?? t('recurrence.legend')} disabled={disabled} variant="filled">
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NativeSelect
            label={t('recurrence.frequency')}
            w={{ base: '100%', xs: 200 }}
            data={recurrenceFrequencies.map((each) => ({ value: each, label: t(`recurrence.frequencies.${each}`) }))}
            value={frequency}
            onChange={(event) => set('frequency', event.currentTarget.value as RecurrenceFrequency)}
          />
          {repeats && frequency !== 'FORTNIGHTLY' && (
            <NativeSelect
              label={t('recurrence.interval')}
              w={{ base: '100%', xs: 160 }}
              data={range(recurrenceIntervalMin, recurrenceIntervalMax).map((count) => ({
                value: String(count),
                label: t(`recurrence.intervalUnit.${frequency}`, { count }),
              }))}
              value={String(value.interval)}
              error={errors.interval}
              onChange={(event) => set('interval', Number(event.currentTarget.value))}
            />
          )}
        </Group>
        {weekly && (
          <div role="group" aria-labelledby={weekdaysId} aria-describedby={errors.weekdays ? `${weekdaysId}-error` : undefined}>
            <Text size="sm" fw={500} id={weekdaysId} mb={4}>
              {t('recurrence.weekdaysLegend')}
            </Text>
            <Group gap="xs" wrap="wrap">
              {weekdays.map((day) => (
                <Checkbox
                  key={day}
                  label={t(`weekdaysShort.${day}`)}
                  aria-label={t(`weekdays.${day}`)}
                  checked={value.weekdays.includes(day)}
                  onChange={(event) => toggleDay(day, event.currentTarget.checked)}
                />
              ))}
            </Group>
            {errors.weekdays && (
              <Text size="sm" c="red.8" id={`${weekdaysId}-error`} role="alert" mt={4}>
                {errors.weekdays}
              </Text>
            )}
          </div>
        )}
        {frequency === 'MONTHLY' && (
          <Stack gap="xs">
            <Radio.Group label={t('recurrence.monthlyMode')} value={value.monthly_mode} onChange={(mode) => set('monthly_mode', mode as MonthlyMode)}>
              <Group gap="md" mt={4}>
                {monthlyModes.map((mode) => (
                  <Radio key={mode} value={mode} label={t(`recurrence.monthlyModes.${mode}`)} />
                ))}
              </Group>
            </Radio.Group>
            {value.monthly_mode === 'month_day' ? (
              <NativeSelect
                label={t('recurrence.monthDay')}
                w={{ base: '100%', xs: 160 }}
                data={range(monthDayMin, monthDayMax).map((day) => String(day))}
                value={String(value.month_day)}
                error={errors.month_day}
                onChange={(event) => set('month_day', Number(event.currentTarget.value))}
              />
            ) : (
              <Group gap="sm" wrap="wrap">
                <NativeSelect
                  label={t('recurrence.position')}
                  w={{ base: '100%', xs: 160 }}
                  data={monthlyPositions.map((position) => ({ value: String(position), label: t(`positions.${String(position) as '1'}`) }))}
                  value={String(value.position)}
                  onChange={(event) => set('position', Number(event.currentTarget.value) as MonthlyPosition)}
                />
                <NativeSelect
                  label={t('recurrence.day')}
                  w={{ base: '100%', xs: 200 }}
                  data={monthlyDayChoices.map((choice) => ({
                    value: choice,
                    label: (weekdays as readonly string[]).includes(choice) ? t(`weekdays.${choice as Weekday}`) : t(`dayChoices.${choice as 'day'}`),
                  }))}
                  value={value.day_choice}
                  onChange={(event) => set('day_choice', event.currentTarget.value as MonthlyDayChoice)}
                />
              </Group>
            )}
          </Stack>
        )}
        {repeats && (
          <Group gap="sm" align="flex-start" wrap="wrap">
            <NativeSelect
              label={t('recurrence.ends')}
              w={{ base: '100%', xs: 240 }}
              data={recurrenceEnds.map((end) => ({ value: end, label: t(`recurrence.endsChoices.${end}`) }))}
              value={value.ends}
              onChange={(event) => set('ends', event.currentTarget.value as RecurrenceEnd)}
            />
            {value.ends === 'AFTER' && (
              <NumberInput
                label={t('recurrence.count')}
                w={{ base: '100%', xs: 160 }}
                min={1}
                max={maxRecurrenceCount}
                allowDecimal={false}
                allowNegative={false}
                value={value.count}
                error={errors.count}
                onChange={(count) => set('count', typeof count === 'number' ? count : Number(count) || 0)}
              />
            )}
            {value.ends === 'DATE' && (
              <TextInput
                type="date"
                label={t('recurrence.until')}
                w={{ base: '100%', xs: 200 }}
                value={value.until ?? ''}
                error={errors.until}
                onChange={(event) => set('until', event.currentTarget.value || null)}
              />
            )}
          </Group>
        )}
        {errors.rrule && (
          <Text size="sm" c="red.8" role="alert">
            {errors.rrule}
          </Text>
        )}
      </Stack>
    </Fieldset>
  )
}
