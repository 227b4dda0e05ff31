import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ReportChart, ReportChartType, ReportChartWidget, ReportPeriod } from '@crm/domain'
import { chartCsvRows, csvFileName } from '../csv'
import { ChartTable } from './chart-table'
import { CsvButton } from './csv-button'
import { PeriodSelect } from './period-select'
import { ReportCard } from './report-card'
import { ReportChartView } from './report-chart'

export interface ChartWidgetProps {
  widget: ReportChartWidget
  /** Undefined while the first answer loads. */
  chart: ReportChart | undefined
  type: ReportChartType
  period: ReportPeriod
  onPeriodChange: (period: ReportPeriod) => void
  seriesLabel: (key: string) => string
  /** More controls beside the period (contact sources: pie or stacked bars). */
  controls?: ReactNode
  /** A figure above the chart (contact sources: the primary source). */
  figure?: ReactNode
}

/** A chart widget: title, period, CSV download, the chart and its table alternative. */
export function ChartWidget({ widget, chart, type, period, onPeriodChange, seriesLabel, controls, figure }: ChartWidgetProps) {
  const { t } = useTranslation('reports')
  const title = t(`widgets.${widget}`)
  return (
    <ReportCard
      id={widget}
      title={title}
      loading={chart === undefined}
      actions={
        <>
          <PeriodSelect value={period} onChange={onPeriodChange} />
          {controls}
          {chart && (
            <CsvButton
              title={title}
              fileName={csvFileName(widget, chart.period)}
              rows={() => chartCsvRows(chart, t(`table.granularity.${chart.granularity}`), seriesLabel)}
            />
          )}
        </>
      }
    >
      {chart && (
        <>
          {figure}
          <ReportChartView
            chart={chart}
            type={type}
            label={t('chartLabel', { type: t(`chartTypes.${type}`), title, period: t(`periods.${chart.period}`) })}
            seriesLabel={seriesLabel}
          />
          <ChartTable chart={chart} caption={t('table.caption', { title, period: t(`periods.${chart.period}`) })} seriesLabel={seriesLabel} />
        </>
      )}
    </ReportCard>
  )
}
