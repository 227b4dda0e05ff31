import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Group, SegmentedControl, Text } from '@mantine/core'
import type { ReportPeriod, ReportsSummary } from '@crm/domain'
import { noValue } from '../report-format'
import classes from '../reports.module.css'
import { ChartWidget } from './chart-widget'

type SourcesView = 'pie' | 'stacked_bar'

interface ContactSourcesWidgetProps {
  chart: ReportsSummary['contact_sources'] | undefined
  period: ReportPeriod
  onPeriodChange: (period: ReportPeriod) => void
  /** A source's label in the reader's language (lookups/contact-source-types). */
  sourceLabel: (key: string) => string
}

/** Contact sources (spec 3 §2.3): a pie, or stacked bars over the period, and the primary source. */
export function ContactSourcesWidget({ chart, period, onPeriodChange, sourceLabel }: ContactSourcesWidgetProps) {
  const { t } = useTranslation('reports')
  const [view, setView] = useState<SourcesView>('pie')
  return (
    <ChartWidget
      widget="contact_sources"
      chart={chart}
      type={view}
      period={period}
      onPeriodChange={onPeriodChange}
      seriesLabel={sourceLabel}
      controls={
        <SegmentedControl
          className={classes.noPrint}
          size="xs"
          aria-label={t('sources.view')}
          value={view}
          onChange={(next) => setView(next as SourcesView)}
          data={[
            { value: 'pie', label: t('sources.pie') },
            { value: 'stacked_bar', label: t('sources.stacked') },
          ]}
        />
      }
      figure={
        <Group component="dl" gap="xs" align="baseline" m={0}>
          <Text component="dt" size="sm" c="dimmed">
            {t('sources.primary')}
          </Text>
          <Text component="dd" fw={700} fz="lg" m={0}>
            {chart?.primary ? sourceLabel(chart.primary) : noValue}
          </Text>
        </Group>
      }
    />
  )
}
