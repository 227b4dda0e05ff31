import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Group, List, NativeSelect, Text } from '@mantine/core'
import {
  activityDateRanges,
  activityTypeFilters,
  mergeActivitySchema,
  mergeActivityType,
  suggestionCalls,
  type ActivityItem,
  type Suggestion,
} from '@crm/domain'
import { SuggestionInput } from '../../../components/suggestion-input'
import { useContactFieldLabel } from '../../../lib/contact-field-labels'
import type { ActivityFilters } from '../queries'
import { useActivityValueText } from './activity-values'

// The pieces every activity log shows: the contact's Activity log tab and the recent
// activity of a team or a group.

const knownTypes = [
  'user',
  'interaction',
  'user_event',
  'team_contacts',
  'user_assignment',
  'user_relationship',
  'user_invites',
  'parental_consent',
  'note',
  'group',
  'team',
  'membership',
  'event',
  'contact_merge',
] as const
// The fields of other items and of a change's row; a contact field's label is the contact form's.
const knownFields = [
  'user_name',
  'relationship_type',
  'interests',
  'content',
  'is_public',
  'is_encrypted',
  'inferred',
  'source_of_change',
  'import_row',
  'type',
  'date',
  'time',
  'is_completed',
  'reaction',
  'is_owner',
  'title',
  // An event's (events.service.ts): its schedule and a moved or cancelled occurrence.
  'start_date',
  'end_date',
  'start_hour',
  'end_hour',
  'is_recurring',
  'rrule',
  'original_date',
  'event_date',
  'is_cancelled',
] as const

/** What made a change, when it was not the form (the activity row's source_of_change). */
const knownSources = ['user_import', 'user_import_undo'] as const

export const noActivityFilters: ActivityFilters = { date_range: 'all', type: '', user_id: null }

/** The name of an item type (spec 2 §3), 'Other' for one without a name. */
export function useActivityTypeName(): (type: string) => string {
  const { t } = useTranslation('activity')
  return (type: string) => {
    const known = type === 'user_note' ? 'note' : type
    return t(`itemTypes.${(knownTypes as readonly string[]).includes(known) ? (known as (typeof knownTypes)[number]) : 'other'}`)
  }
}

/** What a row is: its type and its action ("Note · Added"); a merge says it in words of its own. */
export function useActivityWhat(): (item: ActivityItem) => string {
  const { t } = useTranslation('activity')
  const typeName = useActivityTypeName()
  return (item) => (item.type === mergeActivityType ? t(`mergeActions.${item.action}`) : `${typeName(item.type)} · ${t(`actions.${item.action}`)}`)
}

/** A merge's row (issue 40): the other record's name as it was, merged in or undone. */
function MergeActivity({ item }: { item: ActivityItem }) {
  const { t } = useTranslation('activity')
  const parsed = mergeActivitySchema.safeParse(item.action === 'delete' ? item.data.before : item.data.after)
  const name = parsed.success ? parsed.data.other_name : t('someone')
  return <Text size="sm">{item.action === 'delete' ? t('merge.undone', { name }) : t('merge.merged', { name })}</Text>
}

/** The changes of one row: each field with its value before and after; a merge in words. */
export function ActivityChanges({ item }: { item: ActivityItem }) {
  if (item.type === mergeActivityType) return <MergeActivity item={item} />
  return <FieldChanges item={item} />
}

function FieldChanges({ item }: { item: ActivityItem }) {
  const { t } = useTranslation('activity')
  const { t: common } = useTranslation('common')
  const contactFieldLabel = useContactFieldLabel()
  const fieldName = (field: string) =>
    (knownFields as readonly string[]).includes(field)
      ? t(`fields.${field as (typeof knownFields)[number]}`)
      : (contactFieldLabel(field) ?? field.replaceAll('_', ' '))
  const { changes } = item.computed_data
  const valueText = useActivityValueText([item])
  const valueOf = (change: (typeof changes)[number], side: 'before' | 'after') =>
    change.field === 'source_of_change' && (knownSources as readonly string[]).includes(change[side] ?? '')
      ? t(`sources.${change[side] as (typeof knownSources)[number]}`)
      : (valueText(item, change, side) ?? '—')
  if (changes.length === 0) return null
  // Until the lookups they name are in, the values wait (a raw id would flash first).
  if (valueText.pending) return <Text size="sm" aria-busy="true" aria-label={common('loading')} />
  return (
    <List size="sm" listStyleType="none" spacing={2}>
      {changes.map((change) => (
        <List.Item key={change.field}>
          <Text span size="sm" fw={500}>
            {fieldName(change.field)}:
          </Text>{' '}
          {item.action === 'add'
            ? valueOf(change, 'after')
            : item.action === 'delete'
              ? valueOf(change, 'before')
              : `${valueOf(change, 'before')} → ${valueOf(change, 'after')}`}
        </List.Item>
      ))}
    </List>
  )
}

/**
 * The filters of a log (spec 2 §9): date range and type; the user filter (the team's users)
 * when `userFilterTeamId` is given, for a holder of read_activity_log (D2-6-22).
 */
export function ActivityFilterFields({
  filters,
  onChange,
  userFilterTeamId,
}: {
  filters: ActivityFilters
  onChange: (next: Partial<ActivityFilters>) => void
  userFilterTeamId?: number | undefined
}) {
  const { t } = useTranslation('activity')
  const [user, setUser] = useState<Suggestion | null>(null)
  return (
    <Group component="fieldset" aria-label={t('filters.label')} align="flex-end" gap="sm" style={{ border: 0, padding: 0, margin: 0 }}>
      <NativeSelect
        label={t('filters.dateRange')}
        value={filters.date_range}
        onChange={(event) => onChange({ date_range: event.currentTarget.value as ActivityFilters['date_range'] })}
        data={activityDateRanges.map((range) => ({ value: range, label: t(`dateRanges.${range}`) }))}
      />
      <NativeSelect
        label={t('filters.type')}
        value={filters.type}
        onChange={(event) => onChange({ type: event.currentTarget.value as ActivityFilters['type'] })}
        data={[{ value: '', label: t('types.all') }, ...activityTypeFilters.map((type) => ({ value: type, label: t(`types.${type}`) }))]}
      />
      {userFilterTeamId !== undefined && (
        <SuggestionInput
          call={suggestionCalls.teamUsers}
          input={{ team_id: userFilterTeamId }}
          label={t('filters.user')}
          placeholder={t('filters.anyUser')}
          value={user}
          onChange={(picked) => {
            setUser(picked)
            onChange({ user_id: picked ? Number(picked.id) : null })
          }}
        />
      )}
    </Group>
  )
}
