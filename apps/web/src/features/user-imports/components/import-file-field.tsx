import { useTranslation } from 'react-i18next'
import { Alert, Stack, Table, Text } from '@mantine/core'
import { maxUserImportRows, type ContactImportColumn, type CreateUserImportResult } from '@crm/domain'
import { ImportFilePicker, type ImportCheckState } from '../../../components/import-flow'
import { DryRunSummary, rowOutcome, useOutcomeText } from '../../../components/import-report'
import { InlineLoading } from '../../../components/inline-loading'
import { readImportFile } from '../../../lib/import-kind'
import { isSpreadsheetError, normalizeHeader } from '../../../lib/spreadsheet'
import { contactImportKind } from '../../contacts/import-kind'

/** What the server's dry run said of the file's rows (issue 35 item 9). */
export type ImportFileCheck = ImportCheckState<CreateUserImportResult>

/** The rows shown before saving. */
const previewRows = 5

/** A spreadsheet read in the browser, its columns matched to the contact import's. */
export interface ImportFile {
  name: string
  /** The rows as sent: the contact import's column names, cells as written. */
  rows: Array<Record<string, string>>
  /** The import's columns the file has, in the import's order, with the header that holds each. */
  found: Array<[ContactImportColumn, string]>
  /** The file's headers that match no column: their cells are not sent. */
  ignored: string[]
  /** Required columns the file lacks: it cannot be saved. */
  missing: ContactImportColumn[]
}

export function isImportFileReady(file: ImportFile | null): file is ImportFile {
  return file !== null && file.rows.length > 0 && file.missing.length === 0
}

/**
 * The spreadsheet of a new import (spec 2 §3 "Contact import columns", §5), on the import
 * flow's file picker (components/import-flow.tsx): a .csv, .xls or
 * .xlsx file of at most maxUserImportRows rows, read with the product's one reader and matched
 * and prepared as the contact import does (its aliases, its dates); says which columns were
 * found, which are ignored and which required ones are missing, how many rows there are, and
 * shows the first rows with what Save will do with each, from the server's dry run (`check`).
 */
export function ImportFileField({
  value,
  onChange,
  error,
  check,
}: {
  value: ImportFile | null
  onChange: (file: ImportFile | null) => void
  error?: string | null
  check: ImportFileCheck
}) {
  const { t } = useTranslation('import-and-share')
  const read = async (chosen: File): Promise<ImportFile> => {
    // The contact import's kind (its columns, aliases and how a cell becomes what is sent), up to this page's limit.
    const kind = { ...contactImportKind(), maxRows: maxUserImportRows }
    const file = await readImportFile(chosen, kind)
    return { ...file, rows: file.rows.map((prepared) => prepared.row) }
  }
  return (
    <ImportFilePicker
      texts={{
        file: t('file.label'),
        reading: t('file.reading'),
        rowsRead: (count, file) => t('file.rowsRead', { count, file }),
        missingColumns: (columns) => t('file.missingRequired', { columns: columns.join(', ') }),
        readError: (failure) => (isSpreadsheetError(failure) ? t(`file.errors.${failure.code}`, { limit: failure.limit }) : t('file.errors.empty')),
      }}
      hint={t('file.hint', { limit: maxUserImportRows })}
      read={read}
      file={value}
      onFile={onChange}
      missingBlocks
      required
      error={error}
    >
      {(file) => (
        <>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('file.columnsFound', { columns: file.found.map(foundName).join(', ') || '—' })}
          </Text>
          {file.ignored.length > 0 && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('file.columnsIgnored', { columns: file.ignored.join(', ') })}
            </Text>
          )}
          <FilePreview file={file} checked={check.checked} />
          <FileCheck check={check} />
        </>
      )}
    </ImportFilePicker>
  )
}

/** A column found, with the file's own header when it differs ('first_name (Nombre)'). */
function foundName([column, header]: [ContactImportColumn, string]): string {
  return normalizeHeader(column) === normalizeHeader(header) ? column : `${column} (${header})`
}

/** The dry run under the preview: on its way, could not be had, or its counts and every row it refused or kept in part. */
function FileCheck({ check }: { check: ImportFileCheck }) {
  const { t } = useTranslation('import')
  if (check.checking) return <InlineLoading text={t('checking')} />
  if (check.failed) {
    return (
      <Alert color="red" role="alert">
        {t('checkFailed')}
      </Alert>
    )
  }
  return check.checked ? <DryRunSummary report={check.checked} /> : null
}

function FilePreview({ file, checked }: { file: ImportFile; checked: CreateUserImportResult | null }) {
  const { t } = useTranslation('import-and-share')
  const { t: tImport } = useTranslation('import')
  const outcomeText = useOutcomeText()
  const shown = file.rows.slice(0, previewRows)
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t('file.previewTitle')}
      </Text>
      <Table.ScrollContainer minWidth={Math.max(360, 140 * (file.found.length + 2))}>
        <Table striped withTableBorder fz="sm" aria-label={t('file.previewTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('file.row')}</Table.Th>
              {file.found.map(([column]) => (
                <Table.Th scope="col" key={column}>
                  {column}
                </Table.Th>
              ))}
              <Table.Th scope="col">{tImport('columns.check')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, index) => {
              // The spreadsheet's own row number: the header is row 1.
              const number = index + 2
              const outcome = checked ? rowOutcome(checked, number) : null
              const refused = outcome?.kind === 'refused'
              return (
                <Table.Tr key={index} data-problem={refused || undefined}>
                  <Table.Td>{number}</Table.Td>
                  {file.found.map(([column]) => (
                    <Table.Td key={column} style={{ overflowWrap: 'anywhere' }}>
                      {row[column] ?? ''}
                    </Table.Td>
                  ))}
                  <Table.Td c={refused ? 'red.8' : outcome?.kind === 'kept' ? 'yellow.9' : undefined} style={{ overflowWrap: 'anywhere' }}>
                    {outcome ? outcomeText(outcome) : '…'}
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {file.rows.length > shown.length && (
        <Text size="xs" c="dimmed">
          {t('file.previewMore', { count: file.rows.length - shown.length })}
        </Text>
      )}
    </Stack>
  )
}
