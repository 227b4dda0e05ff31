import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Progress, Stack, Table, Text } from '@mantine/core'
import { emptyImportReport } from '@crm/domain'
import { runChunkedImport, type ImportReport } from '../lib/chunked-import'
import { readImportFile, type ImportFile, type SpreadsheetImportKind } from '../lib/import-kind'
import { isSpreadsheetError, normalizeHeader } from '../lib/spreadsheet'
import { ColumnMatching, useImportColumnLabel, type ColumnMatchingProps } from './column-matching'
import { ImportDialog, type ImportTexts } from './import-flow'
import { DryRunSummary, rowOutcome, useCount, useOutcomeText } from './import-report'
import { ImportReportView, type FinishedImport } from './spreadsheet-import-result'
import { ScrollTable } from './scroll-table'

// The imports sent in chunks (issue 17 item 1; spec 2 §4 "Contact import", §5, §8) — contacts
// and a contact's interactions — on the one import flow: the columns matched to the spec's
// names (aliases and case tolerated, the others shown as ignored), every row checked by the
// server's dry run of the same call (issue 35 item 9) and the first rows previewed with what
// the server will do with each, then the rows sent in chunks with a progress bar and the
// running counts, and the spec's report: the counts, what each row kept and each refused row
// and why. The contact import also lets the person match the columns (`matching`, issue 41),
// continues one import over its chunks (import_id), lists its recent imports before a file is
// chosen and offers to undo one after it (`idle`, `resultActions`; issue 41 item 3).

/** The person matches the file's columns (the contact import): the file as matched and the table that matches it. */
export interface ImportMatching<C extends string> {
  /** The file read, as matched now; null before one is read. */
  file: ImportFile<C> | null
  /** Hears each file read (null when none). */
  onFile: (file: ImportFile<C> | null) => void
  /** A stable text of the system and the matches: a new one checks the rows again. */
  key: string
  /** The matching table of the file read. */
  table: ColumnMatchingProps | null
  /** The person pressed Import (the matches are remembered for the next file). */
  onImport: () => void
}

export interface SpreadsheetImportProps<C extends string> {
  kind: SpreadsheetImportKind<C>
  title: string
  intro: ReactNode
  /** Choices above the preview (e.g. 'Import as church members'). */
  options?: ReactNode
  /** Columns the import leaves out under the current options (shown as ignored). */
  dropped?: readonly C[]
  /**
   * Sends a chunk: its rows and the file's number of its first row; a dry run keeps nothing.
   * `importId`: the import the run's earlier chunks were written in (their answers' import_id).
   */
  send: (rows: Array<Record<string, string>>, firstRow: number, options: { dryRun: boolean; importId: number | undefined }) => Promise<ImportReport>
  /** The choices the server's answer depends on (e.g. 'members'): a new value checks the rows again. */
  checkKey?: string
  /** Called once rows were saved (to refresh the lists behind the dialog). */
  onImported?: () => void
  /** The columns matched by the person above the preview; without it, by their names and aliases. */
  matching?: ImportMatching<C>
  /** Under the intro while no file is chosen (the contact import's recent imports). */
  idle?: ReactNode
  /** Under the result's counts: what can be done with the import (undo it). */
  resultActions?: (report: ImportReport) => ReactNode
  onClose: () => void
}

/** How many rows the preview (and the result's table) shows. */
const previewRows = 10

/** The dry run failed: its own words, not the import's. */
class CheckFailed extends Error {}

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
  const count = useCount()
  return {
    file: t('file'),
    reading: t('reading'),
    rowsRead: (count, file) => t('rowsRead', { count, file }),
    missingColumns: (columns) => t('missingColumns', { columns: columns.join(', ') }),
    readError: (failure) =>
      isSpreadsheetError(failure) ? t(`errors.${failure.code}`, { limit: limitText(failure.code, failure.limit, count) }) : t('errors.empty'),
    // A chunk that fails ends the import with a report (see ImportReportView), never here.
    failure: (failure) => (failure instanceof CheckFailed ? t('checkFailed') : t('failed')),
    checking: t('checking'),
    import: t('import'),
    cancel: t('cancel'),
    close: t('close'),
    stop: t('stop'),
  }
}

/** The dialog of a chunked import: choose a file, check the preview, import, read the report. */
export function SpreadsheetImport<C extends string>({
  kind,
  title,
  intro,
  options,
  dropped = [],
  send,
  checkKey = '',
  onImported,
  matching,
  idle,
  resultActions,
  onClose,
}: SpreadsheetImportProps<C>) {
  const { t } = useTranslation('import')
  const count = useCount()
  const columnLabel = useImportColumnLabel()
  const flowTexts = useSpreadsheetImportTexts()
  // A missing column can be matched here rather than added to the file.
  const texts: ImportTexts = matching
    ? { ...flowTexts, missingColumns: (columns) => t('matching.missing', { columns: columns.map(columnLabel).join(', ') }) }
    : flowTexts
  const [progress, setProgress] = useState<{ sent: number; total: number; report: ImportReport } | null>(null)
  const [importing, setImporting] = useState(false)

  // The dry run: every row, chunk by chunk as the import sends them, by the server's own rules.
  const check = async (file: ImportFile<C>): Promise<ImportReport> => {
    if (file.missing.length > 0) return emptyImportReport()
    const outcome = await runChunkedImport({
      rows: file.rows.map((prepared) => prepared.row),
      rowNumbers: file.rowNumbers,
      chunkSize: kind.chunkSize,
      send: (rows, firstRow) => send(rows, firstRow, { dryRun: true, importId: undefined }),
    })
    if (outcome.error !== undefined) throw new CheckFailed()
    return outcome.report
  }

  const run = async (file: ImportFile<C>, shouldStop: () => boolean): Promise<FinishedImport> => {
    const total = file.rows.length
    setProgress({ sent: 0, total, report: emptyImportReport() })
    setImporting(true)
    matching?.onImport()
    try {
      const outcome = await runChunkedImport({
        rows: file.rows.map((prepared) => prepared.row),
        rowNumbers: file.rowNumbers,
        chunkSize: kind.chunkSize,
        // A run is one import: its later chunks name the import its first chunk's answer started.
        send: (rows, firstRow, sofar) => send(rows, firstRow, { dryRun: false, importId: sofar.import_id }),
        onProgress: (sent, report) => setProgress({ sent, total, report }),
        shouldStop,
      })
      if (outcome.report.count_successful > 0) onImported?.()
      const firstRows = file.rowNumbers.slice(0, previewRows).map((row, index) => ({ row, name: kind.nameOf(file.source[index] ?? {}) }))
      return { ...outcome, total, firstRows }
    } finally {
      setImporting(false)
    }
  }

  return (
    <ImportDialog<ImportFile<C>, ImportReport, FinishedImport>
      title={title}
      texts={texts}
      intro={intro}
      idle={idle}
      sample={{ href: sampleHref(kind), fileName: `${kind.name}-sample.csv`, label: t('sample') }}
      fileHint={t('fileHint', { limit: count(kind.maxRows) })}
      // A large file is many rows: the 2 MB of the smaller imports is not enough here.
      read={(chosen) => readImportFile(chosen, kind, { maxBytes: 40 * 1024 * 1024 })}
      missingBlocks
      check={{ key: matching ? `${checkKey}|${matching.key}` : checkKey, run: check }}
      preview={(file, checked) => (
        <KindPreview
          kind={kind}
          file={file}
          checked={checked}
          options={options}
          dropped={dropped}
          matching={matching?.table && <ColumnMatching {...matching.table} disabled={importing} />}
        />
      )}
      run={run}
      progress={progress && <ChunkProgress {...progress} />}
      result={(finished) => <ImportReportView finished={finished} kind={kind.name} actions={resultActions?.(finished.report)} />}
      onClose={onClose}
      // With matching the flow shows the file as matched: the dry run and the import send its rows.
      file={matching ? matching.file : undefined}
      onFile={matching?.onFile}
    />
  )
}

/** The columns read and ignored, the choices, and the first rows with what the server will do with each. */
function KindPreview<C extends string>({
  kind,
  file,
  checked,
  options,
  dropped,
  matching,
}: {
  kind: SpreadsheetImportKind<C>
  file: ImportFile<C>
  checked: ImportReport | null
  options: ReactNode
  dropped: readonly C[]
  /** The matching table, above the columns read. */
  matching: ReactNode
}) {
  const { t } = useTranslation('import')
  const outcomeText = useOutcomeText()
  const ignored = [...file.ignored, ...dropped.filter((column) => file.found.some(([found]) => found === column))]
  const title = t('previewTitle', { count: Math.min(previewRows, file.rows.length) })
  return (
    <>
      {matching}
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
      <ScrollTable label={title} columns={[t('columns.row'), t('columns.name'), t('columns.check')]} maxHeight={320} striped>
        {file.rows.slice(0, previewRows).map((_, index) => {
          const row = file.rowNumbers[index]!
          const outcome = checked ? rowOutcome(checked, row) : null
          const refused = outcome?.kind === 'refused'
          return (
            <Table.Tr key={row} data-problem={refused || undefined}>
              <Table.Td>{row}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{kind.nameOf(file.source[index] ?? {})}</Table.Td>
              <Table.Td c={refused ? 'red.8' : outcome?.kind === 'kept' ? 'yellow.9' : undefined} style={{ overflowWrap: 'anywhere' }}>
                {outcome ? outcomeText(outcome) : '…'}
              </Table.Td>
            </Table.Tr>
          )
        })}
      </ScrollTable>
      {checked && file.missing.length === 0 && <DryRunSummary report={checked} kind={kind.name} />}
    </>
  )
}

function ChunkProgress({ sent, total, report }: { sent: number; total: number; report: ImportReport }) {
  const { t } = useTranslation('import')
  const count = useCount()
  return (
    <Stack gap="xs">
      <Progress value={total > 0 ? (sent / total) * 100 : 0} aria-label={t('progressLabel')} size="lg" animated />
      <Text size="sm" role="status" aria-live="polite">
        {t('progress', {
          sent: count(sent),
          total: count(total),
          successful: count(report.count_successful),
          unsuccessful: count(report.count_unsuccessful),
        })}
      </Text>
    </Stack>
  )
}

/** A size in MB, a count of rows with its thousands separators. */
function limitText(code: string, limit: number | undefined, count: (value: number) => string): string {
  if (limit === undefined) return ''
  return code === 'too_large' ? String(Math.round(limit / (1024 * 1024))) : count(limit)
}
