import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Table } from '@mantine/core'
import type { ReportChart } from '@crm/domain'
import { useDateFormat } from '../../../lib/date-format'
import { formatBucketLabel, formatCount } from '../report-format'
import classes from '../reports.module.css'

interface ChartTableProps {
  chart: ReportChart
  caption: string
  seriesLabel: (key: string) => string
}

/**
 * The chart's numbers as a table (its accessible alternative), folded away until asked for and
 * only then built: six tables of every bucket were most of the page's elements, rendered on a
 * phone's main thread for nobody (issue 37).
 */
export function ChartTable({ chart, caption, seriesLabel }: ChartTableProps) {
  const { t, i18n } = useTranslation('reports')
  const locale = i18n.language
  const format = useDateFormat()
  const captionId = useId()
  const [open, setOpen] = useState(false)
  return (
    <details className={classes.noPrint} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={classes.summary}>{t('table.show')}</summary>
      {open && (
        <>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways on a phone takes the focus so a keyboard can scroll it (axe scrollable-region-focusable) */}
          <div className={classes.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
            <Table fz="sm" striped withTableBorder mt="xs" captionSide="top">
              <Table.Caption id={captionId}>{caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t(`table.granularity.${chart.granularity}`)}</Table.Th>
                  {chart.keys.map((key) => (
                    <Table.Th key={key} scope="col" ta="end">
                      {seriesLabel(key)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {chart.points.map((point) => (
                  <Table.Tr key={point.label}>
                    <Table.Th scope="row" fw={400}>
                      {formatBucketLabel(point.label, format)}
                    </Table.Th>
                    {chart.keys.map((key) => (
                      <Table.Td key={key} ta="end">
                        {formatCount(point.values[key] ?? 0, locale)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">{t('table.total')}</Table.Th>
                  {chart.keys.map((key) => (
                    <Table.Td key={key} ta="end" fw={700}>
                      {formatCount(chart.totals[key] ?? 0, locale)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </div>
        </>
      )}
    </details>
  )
}
