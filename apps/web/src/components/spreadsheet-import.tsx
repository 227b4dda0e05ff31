import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { emptyImportReport, importRefusalLists, type ImportRowProblem } from '@crm/domain'
import { runChunkedImport, type ChunkedImportOutcome, type ImportReport } from '../lib/chunked-import'
import { readImportFile, type CellProblem, type ImportFile, type PreparedRow, type SpreadsheetImportKind } from '../lib/import-kind'
import { isSpreadsheetError, normalizeHeader } from '../lib/spreadsheet'
import { ImportDialog, type ImportTexts } from './import-flow'

// The imports whose rows the browser can check and sends in chunks (issue 17 item 1; spec 2 §4
// "Contact import", §5, §8) — contacts and a contact's interactions — on the one import flow:
// the columns matched to the spec's names (aliases and case tolerated, the others shown as
// ignored), the first rows previewed with what the browser can already see is wrong, the rows
// sent in chunks with a progress bar and the running counts, and the spec's report: the counts
// and each refused row and why.

export interface SpreadsheetImportProps<C extends string> {
  kind: SpreadsheetImportKind<C>
  title: string
  intro: ReactNode
  /** Choices above the preview (e.g. 'Import as church members'). */
  options?: ReactNode
  /** Columns the import leaves out under the current options (shown as ignored). */
  dropped?: readonly C[]
  /** Sends a chunk: its rows and the file's number of its first row. */
  send: (rows: Array<Record<string, string>>, firstRow: number) => Promise<ImportReport>
  /** Called once rows were saved (to refresh the lists behind the dialog). */
  onImported?: () => void
  onClose: () => void
}

interface Finished extends ChunkedImportOutcome {
  total: number
}

/** How many rows the preview shows. */
const previewRows = 10

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** The sample spreadsheet as a CSV data URL (UTF-8 with a BOM, so that Excel reads accents). */
export function sampleHref<C extends string>(kind: Pick<SpreadsheetImportKind<C>, 'columns' | 'sampleRows'>): string {
  const lines = [kind.columns.join(','), ...kind.sampleRows.map((row) => kind.columns.map((column) => csvCell(row[column] ?? '')).join(','))]
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${lines.join('\r\n')}\r\n`)}`
}

/** The flow's texts of the `import` namespace. */
export function useSpreadsheetImportTexts(): ImportTexts {
  const { t } = useTranslation('import')
  return {
    file: t('file'),
    reading: t('reading'),
    rowsRead: (count, file) => t('rowsRead', { count, file }),
    missingColumns: (columns) => t('missingColumns', { columns: columns.join(', ') }),
    readError: (failure) => (isSpreadsheetError(failure) ? t(`errors.${failure.code}`, { limit: limitText(failure.code, failure.limit) }) : t('errors.empty')),
    // A chunk that fails ends the import with a report (see ImportReportView), never here.
    failure: () => t('failed'),
    import: t('import'),
    cancel: t('cancel'),
    close: t('close'),
    stop: t('stop'),
  }
}

/** The dialog of a chunked import: choose a file, check the preview, import, read the report. */
export function SpreadsheetImport<C extends string>({ kind, title, intro, options, dropped = [], send, onImported, onClose }: SpreadsheetImportProps<C>) {
  const { t } = useTranslation('import')
  const texts = useSpreadsheetImportTexts()
  const [progress, setProgress] = useState<{ sent: number; total: number; report: ImportReport } | null>(null)

  const run = async (file: ImportFile<C>, shouldStop: () => boolean): Promise<Finished> => {
    const total = file.rows.length
    setProgress({ sent: 0, total, report: emptyImportReport() })
    const outcome = await runChunkedImport({
      rows: file.rows.map((prepared) => prepared.row),
      rowNumbers: file.rowNumbers,
      chunkSize: kind.chunkSize,
      send,
      onProgress: (sent, report) => setProgress({ sent, total, report }),
      shouldStop,
    })
    if (outcome.report.count_successful > 0) onImported?.()
    return { ...outcome, total }
  }

  return (
    <ImportDialog<ImportFile<C>, never, Finished>
      title={title}
      texts={texts}
      intro={intro}
      sample={{ href: sampleHref(kind), fileName: `${kind.name}-sample.csv`, label: t('sample') }}
      fileHint={t('fileHint', { limit: kind.maxRows.toLocaleString() })}
      // A large file is many rows: the 2 MB of the smaller imports is not enough here.
      read={(chosen) => readImportFile(chosen, kind, { maxBytes: 40 * 1024 * 1024 })}
      missingBlocks
      preview={(file) => <KindPreview kind={kind} file={file} options={options} dropped={dropped} />}
      run={run}
      progress={progress && <ChunkProgress {...progress} />}
      result={(finished) => <ImportReportView finished={finished} />}
      onClose={onClose}
    />
  )
}

/** The columns read and ignored, the choices, and the first rows with what the browser sees wrong in them. */
function KindPreview<C extends string>({
  kind,
  file,
  options,
  dropped,
}: {
  kind: SpreadsheetImportKind<C>
  file: ImportFile<C>
  options: ReactNode
  dropped: readonly C[]
}) {
  const { t } = useTranslation('import')
  const problemText = (problems: PreparedRow['problems']) =>
    Object.entries(problems)
      .map(([column, problem]) => `${column}: ${t(`problems.${problem as CellProblem}`)}`)
      .join('; ')
  const rowsWithProblems = file.rows.filter((row) => Object.keys(row.problems).length > 0).length
  const ignored = [...file.ignored, ...dropped.filter((column) => file.found.some(([found]) => found === column))]
  const title = t('previewTitle', { count: Math.min(previewRows, file.rows.length) })
  return (
    <>
      <Text size="sm">
        {t('columnsFound')}{' '}
        {file.found.map(([column, header]) => (normalizeHeader(column) === normalizeHeader(header) ? column : `${column} (${header})`)).join(', ') || t('none')}
      </Text>
      {ignored.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('columnsIgnored')} {ignored.join(', ')}
        </Text>
      )}
      {options}
      <Text fw={600} size="sm">
        {title}
      </Text>
      <ScrollArea.Autosize mah={320} type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped withTableBorder fz="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('columns.row')}</Table.Th>
              <Table.Th scope="col">{t('columns.name')}</Table.Th>
              <Table.Th scope="col">{t('columns.check')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {file.rows.slice(0, previewRows).map((row, index) => {
              const problems = Object.keys(row.problems).length > 0
              return (
                <Table.Tr key={file.rowNumbers[index]} data-problem={problems || undefined}>
                  <Table.Td>{file.rowNumbers[index]}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{kind.nameOf(file.source[index] ?? {})}</Table.Td>
                  <Table.Td c={problems ? 'red.8' : undefined}>{problems ? problemText(row.problems) : t('looksFine')}</Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {rowsWithProblems > 0 && <Alert color="yellow">{t('problemsAhead', { count: rowsWithProblems })}</Alert>}
    </>
  )
}

function ChunkProgress({ sent, total, report }: { sent: number; total: number; report: ImportReport }) {
  const { t } = useTranslation('import')
  return (
    <Stack gap="xs">
      <Progress value={total > 0 ? (sent / total) * 100 : 0} aria-label={t('progressLabel')} size="lg" animated />
      <Text size="sm" role="status" aria-live="polite">
        {t('progress', {
          sent: sent.toLocaleString(),
          total: total.toLocaleString(),
          successful: report.count_successful.toLocaleString(),
          unsuccessful: report.count_unsuccessful.toLocaleString(),
        })}
      </Text>
    </Stack>
  )
}

/** A size in MB, a count of rows with its thousands separators. */
function limitText(code: string, limit: number | undefined): string {
  if (limit === undefined) return ''
  return code === 'too_large' ? String(Math.round(limit / (1024 * 1024))) : limit.toLocaleString()
}

/** The report: the counts and each list of refused rows, with their numbers and why (spec 2 §3, §8). */
function ImportReportView({ finished }: { finished: Finished }) {
  const { t } = useTranslation('import')
  const { report, total } = finished
  const failed = finished.error !== undefined
  const reasonOf = useImportReason()
  return (
    <>
      {failed && (
        <Alert color="red" role="alert" title={t('failed')}>
          {t('failedAfter', { sent: finished.sent.toLocaleString(), total: total.toLocaleString() })}
        </Alert>
      )}
      {finished.stopped && (
        <Alert color="yellow" role="status">
          {t('stopped', { sent: finished.sent.toLocaleString(), total: total.toLocaleString() })}
        </Alert>
      )}
      {!failed && (
        <Alert color={report.count_unsuccessful > 0 ? 'yellow' : 'teal'} role="status" title={t('done')}>
          {t('summary', { successful: report.count_successful.toLocaleString(), unsuccessful: report.count_unsuccessful.toLocaleString() })}
        </Alert>
      )}
      {failed && report.count_successful + report.count_unsuccessful > 0 && (
        <Text size="sm">
          {t('summary', { successful: report.count_successful.toLocaleString(), unsuccessful: report.count_unsuccessful.toLocaleString() })}
        </Text>
      )}
      {importRefusalLists
        .filter((list) => report[list].length > 0)
        .map((list) => (
          <Stack gap={4} key={list} data-list={list}>
            <Text fw={600} size="sm">
              {t(`lists.${list}`, { count: report[list].length })}
            </Text>
            <ScrollArea.Autosize mah={240} type="auto" viewportProps={{ tabIndex: 0 }}>
              <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
                {report[list].map((problem) => (
                  <li key={`${problem.row}`}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {t('refusedRow', { row: problem.row, name: problem.name || t('noName'), reason: reasonOf(problem) })}
                    </Text>
                  </li>
                ))}
              </ul>
            </ScrollArea.Autosize>
          </Stack>
        ))}
    </>
  )
}

/**
 * Why the server refused a row, in the reader's language where the import knows the words:
 * each field's message when the server names them, else its reason.
 */
export function useImportReason(): (problem: ImportRowProblem) => string {
  const { t } = useTranslation('import')
  return (problem) => {
    const fields = Object.entries(problem.errors ?? {})
      .map(([field, message]) => `${field}: ${messageText(message, t)}`)
      .join('; ')
    return fields || messageText(problem.reason, t)
  }
}

// The server's words for the messages the import shows in the reader's language; any other
// text is shown as the server wrote it.
type MessageKey = `messages.${'required' | 'email' | 'phone' | 'notInList' | 'invalidRow' | 'date' | 'inThisTeam' | 'inOtherTeam' | 'childClosed'}`

const serverMessages: Array<[RegExp, MessageKey]> = [
  [/^Required$/, 'messages.required'],
  [/^Invalid email/, 'messages.email'],
  [/^Invalid phone number$/, 'messages.phone'],
  [/^Choose a value from the list\.$/, 'messages.notInList'],
  [/^The row has invalid values\.$/, 'messages.invalidRow'],
  [/^Use a date such as/, 'messages.date'],
  [/^A contact with these details already exists in this team\.$/, 'messages.inThisTeam'],
  [/^A contact with these details already exists in another team\.$/, 'messages.inOtherTeam'],
  [/^A child’s record is closed to you/, 'messages.childClosed'],
]

function messageText(message: string, t: (key: MessageKey) => string): string {
  const key = serverMessages.find(([pattern]) => pattern.test(message))?.[1]
  return key ? t(key) : message
}
