import { useTranslation } from 'react-i18next'
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { activeMemberDays, type ReportsSummary } from '@crm/domain'
import { csvFileName } from '../csv'
import { formatCount, formatResponseTime } from '../report-format'
import { CsvButton } from './csv-button'
import { ReportCard } from './report-card'

function Figure({ value }: { value: string }) {
  return (
    <Text fz={32} fw={700} lh={1.1}>
      {value}
    </Text>
  )
}

/**
 * The follow-up figures (spec 3 §2.3): outstanding follow-ups, the average response time and the
 * members actively following up, one card each, downloaded together as one CSV.
 */
export function FollowupFigures({ followups }: { followups: ReportsSummary['followups'] | undefined }) {
  const { t, i18n } = useTranslation('reports')
  const locale = i18n.language
  const loading = followups === undefined
  const title = t('widgets.followups')
  const hours = followups?.response_time_average ?? null
  return (
    <Stack gap="sm" component="section" aria-labelledby="report-followups-title">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3" id="report-followups-title">
          {title}
        </Title>
        {followups && (
          <CsvButton
            title={title}
            fileName={csvFileName('followups')}
            rows={() => [
              [t('table.figure'), t('table.value')],
              [t('widgets.outstanding'), followups.outstanding],
              [t('widgets.responseTimeHours'), hours === null ? '' : Math.round(hours * 10) / 10],
              [t('widgets.activeMembers'), followups.active_members],
            ]}
          />
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <ReportCard id="outstanding" titleOrder={3} title={t('widgets.outstanding')} hint={t('widgets.outstandingHint')} loading={loading} skeletonHeight={36}>
          {followups && <Figure value={formatCount(followups.outstanding, locale)} />}
        </ReportCard>
        <ReportCard
          id="response-time"
          titleOrder={3}
          title={t('widgets.responseTime')}
          hint={t('widgets.responseTimeHint')}
          loading={loading}
          skeletonHeight={36}
        >
          {followups && <Figure value={formatResponseTime(hours, t)} />}
        </ReportCard>
        <ReportCard
          id="active-members"
          titleOrder={3}
          title={t('widgets.activeMembers')}
          hint={t('widgets.activeMembersHint', { days: activeMemberDays })}
          loading={loading}
          skeletonHeight={36}
        >
          {followups && <Figure value={formatCount(followups.active_members, locale)} />}
        </ReportCard>
      </SimpleGrid>
    </Stack>
  )
}
