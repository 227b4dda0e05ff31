import { useTranslation } from 'react-i18next'
import { Button, NativeSelect, SimpleGrid, Stack } from '@mantine/core'
import { ageBands, genders } from '@crm/domain'
import { useLookup } from '../../../lookups/queries'

export interface AttendanceFilterValues {
  gender?: (typeof genders)[number]
  age?: (typeof ageBands)[number]
  member_status?: string
}

interface Option {
  value: string
  label: string
}

/**
 * The attendance list's filters (spec 3 §2.1): gender (male, female, declined — D3-2.1-25),
 * age band (0-12 … 66 and over — D3-2.1-26) and member status (lookup member-status-types —
 * D3-2.1-27). Native selects, as the contacts list's filters: reachable by keyboard, read by
 * screen readers.
 */
export function AttendanceFilters({ filters, onChange }: { filters: AttendanceFilterValues; onChange: (next: AttendanceFilterValues) => void }) {
  const { t } = useTranslation('attendance')
  const memberStatuses = useLookup('member-status-types')
  const any: Option = { value: '', label: t('filters.any') }
  const statusOptions = (memberStatuses.data ?? []).map((item) => ({ value: String(item.id), label: item.title }))
  if (filters.member_status && !statusOptions.some((option) => option.value === filters.member_status)) {
    statusOptions.push({ value: filters.member_status, label: filters.member_status })
  }
  const active = Boolean(filters.gender || filters.age || filters.member_status)

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs">
        <NativeSelect
          label={t('filters.gender')}
          data={[any, ...genders.map((gender) => ({ value: gender, label: t(`filters.genders.${gender}`) }))]}
          value={filters.gender ?? ''}
          onChange={(event) => onChange({ ...filters, gender: (event.currentTarget.value || undefined) as AttendanceFilterValues['gender'] })}
        />
        <NativeSelect
          label={t('filters.age')}
          data={[any, ...ageBands.map((band) => ({ value: band, label: t(`filters.ages.${band}`) }))]}
          value={filters.age ?? ''}
          onChange={(event) => onChange({ ...filters, age: (event.currentTarget.value || undefined) as AttendanceFilterValues['age'] })}
        />
        <NativeSelect
          label={t('filters.memberStatus')}
          data={[any, ...statusOptions]}
          value={filters.member_status ?? ''}
          onChange={(event) => onChange({ ...filters, member_status: event.currentTarget.value || undefined })}
        />
      </SimpleGrid>
      {active && (
        <Button variant="subtle" size="compact-sm" onClick={() => onChange({})} style={{ alignSelf: 'flex-start' }}>
          {t('filters.clear')}
        </Button>
      )}
    </Stack>
  )
}
