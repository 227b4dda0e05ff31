import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Table, Text } from '@mantine/core'
import type { ChunkedImportOutcome } from '../lib/chunked-import'
import { changeCounts, ImportChangesLine, ImportReportDetails, rowOutcome, useCount, useResultText } from './import-report'
import { ScrollTable } from './scroll-table'

// The result of a chunked import (spec 2 §3 "Import result", §4): the counts, a failure or a
// stop part way, what the import can still do (undo, issue 41 item 3), the file's first rows
// with what each did (a contact import's report says, issue 41 item 2), what each row kept and
// each refused row and why.

/** An import run to its end, a stop or a failure. */
export interface FinishedImport extends ChunkedImportOutcome {
  total: number
  /** The file's first rows, for the result's table of what each did. */
  firstRows: Array<{ row: number; name: string }>
}

/** The report: the counts, what each row kept, and each list of refused rows, with their numbers and why (spec 2 §3, §8). */
export function ImportReportView({ finished, kind, actions }: { finished: FinishedImport; kind: string; actions: ReactNode }) {
  const { t } = useTranslation('import')
  const count = useCount()
  const { report, total } = finished
  const failed = finished.error !== undefined
  const summary = t('summary', { successful: count(report.count_successful), unsuccessful: count(report.count_unsuccessful) })
  return (
    <>
      {failed && (
        <Alert color="red" role="alert" title={t('failed')}>
          {t('failedAfter', { sent: count(finished.sent), total: count(total) })}
        </Alert>
      )}
      {finished.stopped && (
        <Alert color="yellow" role="status">
          {t('stopped', { sent: count(finished.sent), total: count(total) })}
        </Alert>
      )}
      {!failed && (
        <Alert color={report.count_unsuccessful > 0 ? 'yellow' : 'teal'} role="status" title={t('done')}>
          {summary}
          <ImportChangesLine report={report} />
        </Alert>
      )}
      {failed && report.count_successful + report.count_unsuccessful > 0 && (
        <>
          <Text size="sm">{summary}</Text>
          <ImportChangesLine report={report} />
        </>
      )}
      {actions}
      {changeCounts(report) && <ResultRows finished={finished} />}
      <ImportReportDetails report={report} kind={kind} />
    </>
  )
}

/** The file's first rows and what the import did with each (a report that says, issue 41 item 2). */
function ResultRows({ finished }: { finished: FinishedImport }) {
  const { t } = useTranslation('import')
  const resultText = useResultText()
  const title = t('previewTitle', { count: finished.firstRows.length })
  return (
    <>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <ScrollTable label={title} columns={[t('columns.row'), t('columns.name'), t('columns.result')]} maxHeight={320} striped>
        {finished.firstRows.map(({ row, name }, index) => {
          // A row after the last chunk answered was not sent (the import stopped or failed).
          const outcome = index < finished.sent ? rowOutcome(finished.report, row) : null
          const refused = outcome?.kind === 'refused'
          return (
            <Table.Tr key={row} data-problem={refused || undefined}>
              <Table.Td>{row}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{name}</Table.Td>
              <Table.Td c={refused ? 'red.8' : undefined} style={{ overflowWrap: 'anywhere' }}>
                {outcome ? resultText(outcome) : t('result.notSent')}
              </Table.Td>
            </Table.Tr>
          )
        })}
      </ScrollTable>
    </>
  )
}
