import { useQueries } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ActivityItem, LookupList } from '@crm/domain'
import { useDateFormat } from '../../../lib/date-format'
import { lookupQueryOptions } from '../../lookups/queries'

// A change's values in the reader's words (issue 36): the log stores each field's raw value
// (a lookup's id, a choice, a flag, a date); here a lookup's id shows as its title in the
// reader's language, a choice by its label, a flag as yes or no and a date in the reader's
// locale. A value that is none of these, or a lookup item since removed, shows as stored.

/** The lookup list a field's value comes from, by item type. */
const lookupFields: Partial<Record<string, Partial<Record<string, LookupList>>>> = {
  user: { member_status: 'member-status-types', religion: 'religion-types', source: 'contact-source-types', interests: 'interest-types' },
  interaction: { type: 'interaction-types' },
  user_event: { type: 'user-event-types', member_status: 'member-status-types' },
  event: { type: 'event-types' },
}

/** The label group of a field whose values are a fixed choice. */
const choiceFields: Partial<Record<string, string>> = {
  gender: 'contacts:gender',
  marital_status: 'contacts:maritalStatus',
  grow_phase: 'contacts:growPhase',
  parent_carer_relationship: 'contacts:relationship',
  role: 'common:roles',
  relationship_type: 'relationships:types',
}

const calendarDate = /^\d{4}-\d{2}-\d{2}$/
const moment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

function lookupListOf(type: string, field: string): LookupList | undefined {
  return lookupFields[type]?.[field]
}

type Change = ActivityItem['computed_data']['changes'][number]

/**
 * The stored value of a change: a field recorded with its `_display` form (an English title
 * the server wrote) is read raw, so it is worded in the reader's language; a list (a contact's
 * interests) is read item by item.
 */
function rawValue(item: ActivityItem, change: Change, side: 'before' | 'after'): string | string[] | null {
  const record = item.data[side]
  if (record && typeof record === 'object' && !Array.isArray(record)) {
    const raw = (record as Record<string, unknown>)[change.field]
    if (Object.hasOwn(record, `${change.field}_display`) && typeof raw === 'string' && raw !== '') return raw
    if (Array.isArray(raw) && raw.length > 0 && raw.every((value) => typeof value === 'string')) return raw as string[]
  }
  return change[side]
}

export interface ActivityValueText {
  /** The words of one side of a change; null when nothing was stored. */
  (item: ActivityItem, change: Change, side: 'before' | 'after'): string | null
  /** A list the changes need is still loading: its values are not shown yet. */
  pending: boolean
}

/**
 * The words of the changes' values. A lookup's value is its id, or its English title in rows
 * the server wrote with titles (before issue 36, a contact's interests): both read as the
 * title in the reader's language.
 */
export function useActivityValueText(items: readonly ActivityItem[]): ActivityValueText {
  const { t, i18n } = useTranslation('activity')
  const locale = i18n.language
  // Only the lists the shown changes name are read (cached for the session like every lookup).
  const lists = [...new Set(items.flatMap((item) => item.computed_data.changes.map((change) => lookupListOf(item.type, change.field))))].filter(
    (list): list is LookupList => list !== undefined,
  )
  const locales = [...new Set([locale, 'en'])]
  const answers = useQueries({ queries: lists.flatMap((list) => locales.map((language) => lookupQueryOptions(list, language))) })
  const answerOf = (list: LookupList, language: string) => answers[lists.indexOf(list) * locales.length + locales.indexOf(language)]
  const titles = new Map(
    lists.map((list) => {
      const byId = new Map((answerOf(list, locale)?.data ?? []).map((item) => [String(item.id), item.title]))
      for (const item of answerOf(list, 'en')?.data ?? []) {
        const title = byId.get(String(item.id))
        if (title !== undefined && !byId.has(item.title)) byId.set(item.title, title)
      }
      return [list, byId]
    }),
  )
  const pending = answers.some((answer) => answer.isPending)
  const format = useDateFormat()

  const wordOf = (type: string, field: string, value: string | null): string | null => {
    if (value === null) return null
    if (value === 'true') return t('yes')
    if (value === 'false') return t('no')
    const list = lookupListOf(type, field)
    if (list) return titles.get(list)?.get(value) ?? value
    const choices = choiceFields[field]
    if (choices && i18n.exists(`${choices}.${value}`)) return t(`${choices}.${value}` as never)
    // A stored display title (a row before issue 36) whose raw value is not known shows as stored.
    // A calendar date is a day, whatever the zone; a moment is shown where the team lives.
    if (calendarDate.test(value)) return format.date(value)
    if (moment.test(value) && !Number.isNaN(Date.parse(value))) return format.dateTime(value)
    return value
  }
  const text = (item: ActivityItem, change: Change, side: 'before' | 'after') => {
    const raw = rawValue(item, change, side)
    if (Array.isArray(raw)) return raw.map((value) => wordOf(item.type, change.field, value) ?? value).join(', ')
    const worded = wordOf(item.type, change.field, raw)
    // A raw value without words (an unknown relationship) falls back to the server's display.
    return worded === raw && raw !== change[side] ? change[side] : worded
  }
  return Object.assign(text, { pending })
}
