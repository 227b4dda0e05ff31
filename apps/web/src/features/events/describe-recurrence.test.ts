import { describe, expect, it } from 'vitest'
import { defaultRecurrenceForm, recurrenceRefusals, type RecurrenceForm } from '@crm/domain'
import { changeLocale, i18next } from '../../lib/i18n'
import { wordFieldError } from '../../lib/field-errors'
import { describeRecurrence } from './describe-recurrence'

const form = (overrides: Partial<RecurrenceForm>): RecurrenceForm => ({ ...defaultRecurrenceForm('2026-01-06'), ...overrides })
const t = () => i18next.getFixedT(null, 'events')

describe('describeRecurrence', () => {
  it('describes weekly, fortnightly, monthly and yearly schedules with their ends', () => {
    expect(describeRecurrence(form({ frequency: 'WEEKLY', interval: 2, weekdays: ['TH', 'TU'], ends: 'AFTER', count: 10 }), t())).toBe(
      'Every 2 weeks on Tuesday and Thursday, 10 times',
    )
    expect(describeRecurrence(form({ frequency: 'WEEKLY', interval: 1, weekdays: ['MO', 'WE', 'FR'] }), t())).toBe('Every week on Monday, Wednesday and Friday')
    expect(describeRecurrence(form({ frequency: 'FORTNIGHTLY', weekdays: ['SU'] }), t())).toBe('Every 2 weeks on Sunday')
    expect(describeRecurrence(form({ frequency: 'MONTHLY', monthly_mode: 'month_day', month_day: 15 }), t())).toBe('Every month on day 15')
    expect(describeRecurrence(form({ frequency: 'MONTHLY', monthly_mode: 'weekday', position: -1, day_choice: 'weekend_day', interval: 3 }), t())).toBe(
      'Every 3 months on the last weekend day',
    )
    expect(describeRecurrence(form({ frequency: 'YEARLY', ends: 'DATE', until: '2030-01-06' }), t())).toBe('Every year, until 2030-01-06')
    expect(describeRecurrence(form({ frequency: 'NEVER' }), t())).toBe('Does not repeat')
  })

  it('reads in Spanish, the domain messages too', async () => {
    await changeLocale('es')
    try {
      expect(describeRecurrence(form({ frequency: 'WEEKLY', interval: 2, weekdays: ['TU', 'TH'], ends: 'AFTER', count: 10 }), t())).toBe(
        'Cada 2 semanas el martes y jueves, 10 veces',
      )
      expect(wordFieldError(recurrenceRefusals.weekday)).toBe('Elige al menos un día de la semana.')
    } finally {
      await changeLocale('en')
    }
  })
})
