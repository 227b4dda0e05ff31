import type { TFunction } from 'i18next'
import { parseRRule, weekdays, type RecurrenceForm } from '@crm/domain'

type EventsT = TFunction<'events'>

function joinList(items: string[], t: EventsT): string {
  if (items.length <= 1) return items.join('')
  return t('describe.and', { list: items.slice(0, -1).join(', '), last: items[items.length - 1] })
}

/**
 * A short description of a schedule in the reader's language, e.g. 'Every 2 weeks on Tuesday
 * and Thursday, 10 times' (spec 3 §2.1).
 */
export function describeRecurrence(form: RecurrenceForm, t: EventsT, formatDate: (date: string) => string = (date) => date): string {
  const days = joinList(
    weekdays.filter((day) => form.weekdays.includes(day)).map((day) => t(`weekdays.${day}`)),
    t,
  )
  let text: string
  switch (form.frequency) {
    case 'NEVER':
      return t('describe.never')
    case 'WEEKLY':
      text = t('describe.weekly', { count: form.interval, days })
      break
    case 'FORTNIGHTLY':
      text = t('describe.fortnightly', { days })
      break
    case 'MONTHLY': {
      if (form.monthly_mode === 'month_day') {
        text = t('describe.monthDay', { count: form.interval, day: form.month_day })
      } else {
        const day = (weekdays as readonly string[]).includes(form.day_choice)
          ? t(`weekdays.${form.day_choice as (typeof weekdays)[number]}`)
          : t(`dayChoices.${form.day_choice as 'day'}`)
        text = t('describe.monthWeekday', { count: form.interval, position: t(`positionsInText.${String(form.position) as '1'}`), day })
      }
      break
    }
    case 'YEARLY':
      text = t('describe.yearly', { count: form.interval })
      break
  }
  if (form.ends === 'AFTER') return t('describe.times', { text, count: form.count })
  if (form.ends === 'DATE' && form.until) return t('describe.until', { text, date: formatDate(form.until) })
  return text
}

/** The description of an event's rule, or null when it does not repeat or cannot be read. */
export function describeRule(rrule: string | null, start: string, t: EventsT, formatDate?: (date: string) => string): string | null {
  if (!rrule) return null
  const parsed = parseRRule(rrule, start)
  return 'form' in parsed ? describeRecurrence(parsed.form, t, formatDate) : null
}
