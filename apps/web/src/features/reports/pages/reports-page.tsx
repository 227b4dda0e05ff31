import '@mantine/charts/styles.css'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { defaultReportPeriod, reportChartWidgets, type ReportChartWidget, type ReportPeriod, type ReportsSummaryQuery, type Team } from '@crm/domain'
import { usePageTitle } from '../../../lib/page-title'
import { useLookup } from '../../lookups/queries'
import { useSession } from '../../session/session'
import { ChartWidget } from '../components/chart-widget'
import { ContactSourcesWidget } from '../components/contact-sources-widget'
import { FollowupFigures } from '../components/followup-figures'
import { ReportFilters, type ReportFilterState } from '../components/report-filters'
import { useReportsSummary } from '../queries'
import { withoutFutureBuckets } from '../report-series'
import classes from '../reports.module.css'

type Periods = Record<ReportChartWidget, ReportPeriod>

const initialPeriods = Object.fromEntries(reportChartWidgets.map((widget) => [widget, defaultReportPeriod])) as Periods

/** The query of GET reports-summary: the filters, then each widget's period. */
function summaryQuery(filters: ReportFilterState, periods: Periods, isConference: boolean): ReportsSummaryQuery {
  const query: ReportsSummaryQuery = {}
  if (filters.memberStatus) query.member_status = filters.memberStatus
  if (isConference && filters.combined) query.combined = 1
  else if (isConference && filters.forTeamId) query.for_team_id = Number(filters.forTeamId)
  for (const widget of reportChartWidgets) query[`${widget}_period`] = periods[widget]
  return query
}

/** /reports (spec 3 §2.3): the figures and charts of the selected team, or of a conference's churches. */
export function ReportsPage() {
  const { t } = useTranslation('reports')
  const { team } = useSession()
  usePageTitle(t('title'))
  // The route guard renders this page only with a team selected.
  if (!team) return null
  return (
    <Stack gap="lg" className={classes.page}>
      <Title order={1}>{t('title')}</Title>
      {team.user_capabilities.read_own_report === true ? <TeamReports key={team.id} team={team} /> : <Text>{t('notAllowed')}</Text>}
    </Stack>
  )
}

function TeamReports({ team }: { team: Team }) {
  const { t } = useTranslation('reports')
  const [filters, setFilters] = useState<ReportFilterState>({ memberStatus: '', forTeamId: null, combined: false })
  const [periods, setPeriods] = useState<Periods>(initialPeriods)
  const sources = useLookup('contact-source-types')

  // A conference shows its reports once a church is chosen or all are added up (spec 3 §2.3).
  const ready = !team.is_conference || filters.combined || filters.forTeamId !== null
  const summary = useReportsSummary(team.id, summaryQuery(filters, periods, team.is_conference), ready)
  // Spec 3 §7: a failure is ignored silently; only an answer (or the first load) shows.
  const data = summary.data
  const showWidgets = ready && (data !== undefined || summary.isPending)

  const periodOf = (widget: ReportChartWidget) => ({
    period: periods[widget],
    onPeriodChange: (period: ReportPeriod) => setPeriods((current) => ({ ...current, [widget]: period })),
  })
  // Known series read in the reader's language; anything else as it came.
  const seriesLabel = (key: string) => t(`series.${key}` as 'series.contacts', { defaultValue: key })
  const sourceTitles = new Map((sources.data ?? []).map((item) => [String(item.id), item.title]))
  const sourceLabel = (key: string) => sourceTitles.get(key) ?? key

  return (
    <>
      <ReportFilters team={team} value={filters} onChange={setFilters} />
      {!ready && <Text c="dimmed">{t('filters.prompt')}</Text>}
      {showWidgets && (
        <Stack gap="lg" className={summary.isPlaceholderData ? classes.busy : undefined} aria-busy={summary.isFetching || undefined}>
          <FollowupFigures followups={data?.followups} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <ChartWidget widget="contacts" type="line" chart={withoutFutureBuckets(data?.contacts)} seriesLabel={seriesLabel} {...periodOf('contacts')} />
            <ChartWidget
              widget="baptism_decisions"
              type="line"
              chart={withoutFutureBuckets(data?.baptism_decisions)}
              seriesLabel={seriesLabel}
              {...periodOf('baptism_decisions')}
            />
            <ContactSourcesWidget chart={withoutFutureBuckets(data?.contact_sources)} sourceLabel={sourceLabel} {...periodOf('contact_sources')} />
            <ChartWidget
              widget="events_non_recurring"
              type="bar"
              chart={data?.events_non_recurring}
              seriesLabel={seriesLabel}
              {...periodOf('events_non_recurring')}
            />
            <ChartWidget
              widget="events_multi_day"
              type="multi_line"
              chart={data?.events_multi_day}
              seriesLabel={seriesLabel}
              {...periodOf('events_multi_day')}
            />
            <ChartWidget
              widget="events_recurring"
              type="multi_line"
              chart={data?.events_recurring}
              seriesLabel={seriesLabel}
              {...periodOf('events_recurring')}
            />
          </SimpleGrid>
        </Stack>
      )}
    </>
  )
}

export { ReportsPage as Component }
