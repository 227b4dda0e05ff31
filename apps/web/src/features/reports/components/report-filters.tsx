import { useTranslation } from 'react-i18next'
import { Checkbox, Group, NativeSelect, Select } from '@mantine/core'
import type { Team } from '@crm/domain'
import { useLookup } from '../../lookups/queries'

export interface ReportFilterState {
  memberStatus: string
  /** A conference's church to report on (for_team_id). */
  forTeamId: string | null
  /** A conference's churches added up (combined=1). */
  combined: boolean
}

interface ReportFiltersProps {
  team: Team
  value: ReportFilterState
  onChange: (next: ReportFilterState) => void
}

/**
 * The member status filter; at a conference also 'Show all teams' and the team selector
 * (spec 3 §2.3). A conference's churches come whole from lookups/conference-teams and are
 * searched in the browser: a few dozen titles.
 */
export function ReportFilters({ team, value, onChange }: ReportFiltersProps) {
  const { t } = useTranslation('reports')
  const statuses = useLookup('member-status-types')
  const churches = useLookup('conference-teams', { parent: String(team.id), enabled: team.is_conference })

  const statusOptions = [{ value: '', label: t('filters.all') }, ...(statuses.data ?? []).map((item) => ({ value: String(item.id), label: item.title }))]
  if (value.memberStatus && !statusOptions.some((option) => option.value === value.memberStatus)) {
    statusOptions.push({ value: value.memberStatus, label: value.memberStatus })
  }

  return (
    <Group role="group" aria-label={t('filters.label')} align="flex-end" gap="md" wrap="wrap">
      <NativeSelect
        label={t('filters.memberStatus')}
        data={statusOptions}
        value={value.memberStatus}
        onChange={(event) => onChange({ ...value, memberStatus: event.currentTarget.value })}
        w={{ base: '100%', xs: 220 }}
      />
      {team.is_conference && (
        <>
          <Select
            label={t('filters.team')}
            placeholder={t('filters.chooseTeam')}
            nothingFoundMessage={t('filters.noTeamFound')}
            data={(churches.data ?? []).map((item) => ({ value: String(item.id), label: item.title }))}
            value={value.forTeamId}
            onChange={(next) => onChange({ ...value, forTeamId: next })}
            searchable
            clearable
            disabled={value.combined}
            w={{ base: '100%', xs: 280 }}
          />
          <Checkbox
            label={t('filters.showAllTeams')}
            checked={value.combined}
            onChange={(event) => onChange({ ...value, combined: event.currentTarget.checked })}
            mb={8}
          />
        </>
      )}
    </Group>
  )
}
