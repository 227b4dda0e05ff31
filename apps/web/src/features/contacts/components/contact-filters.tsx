import { useTranslation } from 'react-i18next'
import { Button, NativeSelect, SimpleGrid, Stack } from '@mantine/core'
import { ageBands, genders, growPhases, interactionFilters } from '@crm/domain'
import { useLookup } from '../../lookups/queries'
import { hasActiveFilters, type ContactFilters, type FilterKey } from '../list-url-state'

interface ContactFiltersProps {
  filters: ContactFilters
  onChange: (key: FilterKey, value: string | undefined) => void
  onClear: () => void
}

interface Option {
  value: string
  label: string
}

/**
 * The filters of a contact list (spec 2 §9): age band, interaction, member status and
 * source (lookup lists), grow phase and gender. Native selects: every option is reachable
 * by keyboard and read by screen readers.
 */
export function ContactFiltersPanel({ filters, onChange, onClear }: ContactFiltersProps) {
  const { t } = useTranslation('contacts')
  const memberStatuses = useLookup('member-status-types')
  const sources = useLookup('contact-source-types')

  const any: Option = { value: '', label: t('filters.any') }
  const lookupOptions = (items: Array<{ id: string | number; title: string }> | undefined, selected: string | undefined): Option[] => {
    const options = (items ?? []).map((item) => ({ value: String(item.id), label: item.title }))
    // A value from the URL stays choosable while its list loads (or if it has left the list).
    if (selected && !options.some((option) => option.value === selected)) options.push({ value: selected, label: selected })
    return [any, ...options]
  }

  const selects: Array<{ key: FilterKey; label: string; options: Option[] }> = [
    { key: 'age', label: t('filters.age'), options: [any, ...ageBands.map((band) => ({ value: band, label: band }))] },
    {
      key: 'interaction',
      label: t('filters.interaction'),
      options: [any, ...interactionFilters.map((value) => ({ value, label: t(`filters.interactions.${value}`) }))],
    },
    { key: 'member_status', label: t('filters.memberStatus'), options: lookupOptions(memberStatuses.data, filters.member_status) },
    { key: 'source', label: t('filters.source'), options: lookupOptions(sources.data, filters.source) },
    {
      key: 'grow_phase',
      label: t('filters.growPhase'),
      options: [any, ...growPhases.map((phase) => ({ value: phase, label: t(`growPhase.${phase}`) }))],
    },
    { key: 'gender', label: t('filters.gender'), options: [any, ...genders.map((gender) => ({ value: gender, label: t(`gender.${gender}`) }))] },
  ]

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
        {selects.map(({ key, label, options }) => (
          <NativeSelect
            key={key}
            label={label}
            data={options}
            value={filters[key] ?? ''}
            onChange={(event) => onChange(key, event.currentTarget.value || undefined)}
          />
        ))}
      </SimpleGrid>
      {hasActiveFilters(filters) && (
        <Button variant="subtle" size="compact-sm" onClick={onClear} style={{ alignSelf: 'flex-start' }}>
          {t('filters.clear')}
        </Button>
      )}
    </Stack>
  )
}
