import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Group, Loader, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { emptyImportReport, importRefusalLists, type ImportRowProblem } from '@crm/domain'
import { runChunkedImport, type ImportReport } from '../lib/chunked-import'
import { readImportFile, type CellProblem, type ImportFile, type PreparedRow, type SpreadsheetImportKind } from '../lib/import-kind'
import { isSpreadsheetError, spreadsheetAccept } from '../lib/spreadsheet'

// The product's one import experience (issue 17 item 1; spec 2 §4 "Contact import", §5, §8):
// a .csv, .xls or .xlsx file read in the browser, its columns matched to the spec's names
// (aliases and case tolerated, the others shown as ignored), the first rows previewed with
// what the browser can already see is wrong, then the rows sent in chunks with a progress bar
// and the running counts, and the spec's report: the counts and each refused row and why.

export interface SpreadsheetImportProps<C extends string> {
  kind: SpreadsheetImportKind<C>
  title: string
  intro: ReactNode
  /** Choices above the Import button (e.g. 'Import as church members'). */
  options?: ReactNode
  /** Columns the import leaves out under the current options (shown as ignored). */
  dropped?: readonly C[]
  /** Sends a chunk: its rows and the file's number of its first row. */
  send: (rows: Array<Record<string, string>>, firstRow: number) => Promise<ImportReport>
  /** Called once rows were saved (to refresh the lists behind the dialog). */
  onImported?: () => void
  onClose: () => void
}

type Stage =
  | { name: 'idle' }
  | { name: 'importing'; sent: number; report: ImportReport }
  | { name: 'finished'; sent: number; report: ImportReport; stopped: boolean; failed: boolean }

/** How many rows the preview shows. */
const previewRows = 10
/** The report scrolls into view this long after the import finishes (spec 2 §4; D2-4.7-02). */
export const reportScrollDelayMs = 400

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** The sample spreadsheet as a CSV data URL (UTF-8 with a BOM, so that Excel reads accents). */
export function sampleHref<C extends string>(kind: Pick<SpreadsheetImportKind<C>, 'columns' | 'sampleRows'>): string {
  const lines = [kind.columns.join(','), ...kind.sampleRows.map((row) => kind.columns.map((column) => csvCell(row[column] ?? '')).join(','))]
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${lines.join('\r\n')}\r\n`)}`
}

/** The dialog of an import: choose a file, check the preview, import, read the report. */
export function SpreadsheetImport<C extends string>({ kind, title, intro, options, dropped = [], send, onImported, onClose }: SpreadsheetImportProps<C>) {
  const { t } = useTranslation('import')
  const inputId = useId()
  const isPhone = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false })
  const [file, setFile] = useState<ImportFile<C> | null>(null)
  const [reading, setReading] = useState(false)
  const [readError, setReadError] = useState<string | null>(null)
  const [stage, setStage] = useState<Stage>({ name: 'idle' })
  const stopRequested = useRef(false)
  const reportRef = useRef<HTMLDivElement>(null)

  const finished = stage.name === 'finished'
  useEffect(() => {
    if (!finished) return
    const timer = window.setTimeout(() => reportRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }), reportScrollDelayMs)
    return () => window.clearTimeout(timer)
  }, [finished])

  const choose = async (chosen: File | undefined) => {
    setFile(null)
    setReadError(null)
    setStage({ name: 'idle' })
    if (!chosen) return
    setReading(true)
    try {
      // A large file is many rows: the 2 MB of the smaller imports is not enough here.
      setFile(await readImportFile(chosen, kind, { maxBytes: 40 * 1024 * 1024 }))
    } catch (failure) {
      setReadError(isSpreadsheetError(failure) ? t(`errors.${failure.code}`, { limit: limitText(failure.code, failure.limit) }) : t('errors.empty'))
    } finally {
      setReading(false)
    }
  }

  const runImport = async () => {
    if (!file || file.missing.length > 0) return
    stopRequested.current = false
    setStage({ name: 'importing', sent: 0, report: emptyImportReport() })
    const outcome = await runChunkedImport({
      rows: file.rows.map((prepared) => prepared.row),
      rowNumbers: file.rowNumbers,
      chunkSize: kind.chunkSize,
      send,
      onProgress: (sent, report) => setStage({ name: 'importing', sent, report }),
      shouldStop: () => stopRequested.current,
    })
    if (outcome.report.count_successful > 0) onImported?.()
    setStage({ name: 'finished', sent: outcome.sent, report: outcome.report, stopped: outcome.stopped, failed: outcome.error !== undefined })
  }

  const importing = stage.name === 'importing'
  const problemText = (problems: PreparedRow['problems']) =>
    Object.entries(problems)
      .map(([column, problem]) => `${column}: ${t(`problems.${problem as CellProblem}`)}`)
      .join('; ')
  const rowsWithProblems = file ? file.rows.filter((row) => Object.keys(row.problems).length > 0).length : 0

  return (
    <Modal
      opened
      onClose={() => {
        // Closing while rows are being sent stops after the chunk on its way: nothing is cut in half.
        stopRequested.current = true
        onClose()
      }}
      title={title}
      size="xl"
      fullScreen={isPhone}
      closeOnClickOutside={!importing}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="md">
        {stage.name !== 'finished' && (
          <>
            <Text size="sm">{intro}</Text>
            <Anchor href={sampleHref(kind)} download={`${kind.name}-sample.csv`} size="sm">
              {t('sample')}
            </Anchor>
            <Stack gap={4}>
              <label htmlFor={inputId}>
                <Text size="sm" fw={500} component="span">
                  {t('file')}
                </Text>
              </label>
              <input id={inputId} type="file" accept={spreadsheetAccept} disabled={importing} onChange={(event) => void choose(event.currentTarget.files?.[0])} />
              <Text size="xs" c="dimmed">
                {t('fileHint', { limit: kind.maxRows.toLocaleString() })}
              </Text>
            </Stack>
          </>
        )}
        {reading && (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('reading')}</Text>
          </Group>
        )}
        {readError && (
          <Alert color="red" role="alert">
            {readError}
          </Alert>
        )}
        {file && stage.name === 'idle' && (
          <Stack gap="sm">
            <Text size="sm" role="status">
              {t('rowsRead', { count: file.rows.length, file: file.name })}
            </Text>
            {file.missing.length > 0 && (
              <Alert color="red" role="alert">
                {t('missingColumns', { columns: file.missing.join(', ') })}
              </Alert>
            )}
            <Text size="sm">
              {t('columnsFound')}{' '}
              {file.found.map(([column, header]) => (normalized(column) === normalized(header) ? column : `${column} (${header})`)).join(', ') || t('none')}
            </Text>
            {(file.ignored.length > 0 || dropped.length > 0) && (
              <Text size="sm" c="dimmed">
                {t('columnsIgnored')} {[...file.ignored, ...dropped.filter((column) => file.found.some(([found]) => found === column))].join(', ')}
              </Text>
            )}
            {options}
            <Text fw={600} size="sm">
              {t('previewTitle', { count: Math.min(previewRows, file.rows.length) })}
            </Text>
            <ScrollArea.Autosize mah={320} type="auto" viewportProps={{ tabIndex: 0 }}>
              <Table striped withTableBorder fz="sm" aria-label={t('previewTitle', { count: Math.min(previewRows, file.rows.length) })}>
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
            {rowsWithProblems > 0 && (
              <Alert color="yellow">{t('problemsAhead', { count: rowsWithProblems })}</Alert>
            )}
          </Stack>
        )}
        {importing && (
          <Stack gap="xs">
            <Progress value={file && file.rows.length > 0 ? (stage.sent / file.rows.length) * 100 : 0} aria-label={t('progressLabel')} size="lg" animated />
            <Text size="sm" role="status" aria-live="polite">
              {t('progress', {
                sent: stage.sent.toLocaleString(),
                total: (file?.rows.length ?? 0).toLocaleString(),
                successful: stage.report.count_successful.toLocaleString(),
                unsuccessful: stage.report.count_unsuccessful.toLocaleString(),
              })}
            </Text>
          </Stack>
        )}
        {stage.name === 'finished' && <ImportResult ref={reportRef} stage={stage} total={file?.rows.length ?? 0} />}
        <Group justify="flex-end" gap="sm">
          {stage.name === 'finished' ? (
            <Button onClick={onClose}>{t('close')}</Button>
          ) : importing ? (
            <Button variant="default" onClick={() => (stopRequested.current = true)}>
              {t('stop')}
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button onClick={() => void runImport()} disabled={!file || file.missing.length > 0}>
                {t('import')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  )
}

/** A size in MB, a count of rows with its thousands separators. */
function limitText(code: string, limit: number | undefined): string {
  if (limit === undefined) return ''
  return code === 'too_large' ? String(Math.round(limit / (1024 * 1024))) : limit.toLocaleString()
}

function normalized(text: string): string {
  return text.toLowerCase().replace(/[\s_\-.]+/g, '')
}

/** The report: the counts and each list of refused rows, with their numbers and why (spec 2 §3, §8). */
function ImportResult({ ref, stage, total }: { ref: Ref<HTMLDivElement>; stage: Extract<Stage, { name: 'finished' }>; total: number }) {
  const { t } = useTranslation('import')
  const { report } = stage
  const reasonOf = useImportReason()
  return (
    <Stack gap="sm" ref={ref} style={{ scrollMarginTop: 16 }}>
      {stage.failed && (
        <Alert color="red" role="alert" title={t('failed')}>
          {t('failedAfter', { sent: stage.sent.toLocaleString(), total: total.toLocaleString() })}
        </Alert>
      )}
      {stage.stopped && (
        <Alert color="yellow" role="status">
          {t('stopped', { sent: stage.sent.toLocaleString(), total: total.toLocaleString() })}
        </Alert>
      )}
      {!stage.failed && (
        <Alert color={report.count_unsuccessful > 0 ? 'yellow' : 'teal'} role="status" title={t('done')}>
          {t('summary', { successful: report.count_successful.toLocaleString(), unsuccessful: report.count_unsuccessful.toLocaleString() })}
        </Alert>
      )}
      {stage.failed && report.count_successful + report.count_unsuccessful > 0 && (
        <Text size="sm">{t('summary', { successful: report.count_successful.toLocaleString(), unsuccessful: report.count_unsuccessful.toLocaleString() })}</Text>
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
    </Stack>
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
