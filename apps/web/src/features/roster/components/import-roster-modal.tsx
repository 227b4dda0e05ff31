import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Checkbox, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { churchRosterColumns, maxChurchRosterRows, type ChurchRosterColumn, type ImportChurchRosterResult } from '@crm/domain'
import { ImportDialog, type ImportTexts } from '../../../components/import-flow'
import { useRowProblemsText } from '../../../components/import-report'
import { codeText } from '../../../lib/errors'
import { readColumnsFile, type ColumnsFile } from '../../../lib/import-kind'
import { isSpreadsheetError, type ColumnAliases } from '../../../lib/spreadsheet'
import { useImportChurchRoster } from '../queries'
const requiredColumns: readonly ChurchRosterColumn[] = ['church_acms_id', 'email']

/** A roster of 20,000 rows is larger than the 2 MB other imports take. */
const maxRosterFileBytes = 8 * 1024 * 1024

/** Other names the columns go by in membership exports, in English and Spanish. */
const columnAliases: ColumnAliases<ChurchRosterColumn> = {
  church_acms_id: ['ACMS ID', 'ACMS', 'acms_id', 'Church ID', 'Church ACMS', 'ID de iglesia'],
  church_name: ['Church', 'Church name', 'Iglesia', 'Nombre de la iglesia'],
  first_name: ['First name', 'First', 'Given name', 'Nombre', 'Nombres'],
  last_name: ['Last name', 'Last', 'Surname', 'Family name', 'Apellido', 'Apellidos'],
  email: ['Email address', 'E-mail', 'Mail', 'Correo', 'Correo electrónico'],
  phone: ['Phone number', 'Mobile', 'Cell', 'Telephone', 'Teléfono', 'Celular', 'Móvil'],
  member_id: ['Member ID', 'Member number', 'Membership number', 'Número de miembro'],
}

/** Refused rows shown at most; the count says how many more. */
const shownFailures = 100
/** Rows of the file shown before the import, so that the columns can be checked. */
const shownRows = 10

type RosterFile = ColumnsFile<ChurchRosterColumn>

/**
 * Import a church roster (DESIGN.md §7) on the one import flow: a dry run of
 * import-church-roster previews what would happen, and the import reports how many members
 * were added, updated and removed and which rows were refused and why.
 */
export function ImportRosterModal({ conferenceId, onClose }: { conferenceId: number; onClose: () => void }) {
  const { t } = useTranslation('roster')
  const importRoster = useImportChurchRoster(conferenceId)
  const [replace, setReplace] = useState(false)

  const send = (file: RosterFile, dryRun: boolean) =>
    importRoster.mutateAsync({ data: file.rows, ...(replace ? { replace: true } : {}), ...(dryRun ? { dry_run: true } : {}) })

  const columnName = (column: string) => ((churchRosterColumns as readonly string[]).includes(column) ? t(`columns.${column as ChurchRosterColumn}`) : column)
  const texts: ImportTexts = {
    file: t('import.file'),
    reading: t('import.reading'),
    checking: t('import.checking'),
    rowsRead: (count, file) => t('import.rowsRead', { count, file }),
    missingColumns: (columns) => t('import.missingColumns', { columns: columns.map(columnName).join(', ') }),
    readError: (failure) => (isSpreadsheetError(failure) ? t(`import.errors.${failure.code}`, { limit: failure.limit }) : t('import.errors.empty')),
    failure: (failure) => codeText(failure) ?? t('import.errors.failed'),
    import: t('import.import'),
    cancel: t('import.cancel'),
    close: t('import.close'),
  }

  const rosterColumn = (column: string) => ((churchRosterColumns as readonly string[]).includes(column) ? columnName(column) : null)
  const problemsText = useRowProblemsText(rosterColumn, columnName)
  const reasonsOf = (failure: ImportChurchRosterResult['failed'][number]) => problemsText(failure.issues, failure.errors)

  const failures = (answer: ImportChurchRosterResult) => (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t('import.refusedRows')}
      </Text>
      <ScrollArea.Autosize mah={200} type="auto">
        <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
          {answer.failed.slice(0, shownFailures).map((failure) => (
            <li key={failure.row}>
              <Text size="sm">{t('import.refusedRow', { row: failure.row, reasons: reasonsOf(failure) })}</Text>
            </li>
          ))}
        </ul>
      </ScrollArea.Autosize>
      {answer.failed.length > shownFailures && <Text size="sm">{t('import.moreRefused', { count: answer.failed.length - shownFailures })}</Text>}
    </Stack>
  )

  // Each count worded with its own plural: 1 row refused, 2 rows refused.
  const counts = (answer: ImportChurchRosterResult) => ({
    imported: answer.imported,
    updated: answer.updated,
    removed: answer.removed,
    refused: answer.failed.length,
    newMembers: t('import.newMembers', { count: answer.imported }),
    inChurches: t('import.inChurches', { count: answer.churches }),
    rowsRefused: t('import.rowsRefused', { count: answer.failed.length }),
  })

  const preview = (file: RosterFile, checked: ImportChurchRosterResult | null, busy: boolean) => (
    <>
      <Checkbox
        label={t('import.replace')}
        description={t('import.replaceHelp')}
        checked={replace}
        disabled={busy}
        onChange={(event) => setReplace(event.currentTarget.checked)}
      />
      <ScrollArea type="auto">
        <Table striped withTableBorder fz="sm" aria-label={t('import.firstRows', { count: Math.min(shownRows, file.rows.length) })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('columns.church_acms_id')}</Table.Th>
              <Table.Th scope="col">{t('import.name')}</Table.Th>
              <Table.Th scope="col">{t('columns.email')}</Table.Th>
              <Table.Th scope="col">{t('columns.phone')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {file.rows.slice(0, shownRows).map((row, index) => (
              <Table.Tr key={index}>
                <Table.Td>{row.church_acms_id}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{[row.first_name, row.last_name].filter(Boolean).join(' ')}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                <Table.Td>{row.phone}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {checked && (
        <Stack gap="xs">
          <Text size="sm" role="status">
            {t(replace ? 'import.previewReplace' : 'import.preview', counts(checked))}
          </Text>
          {checked.failed.length > 0 && failures(checked)}
        </Stack>
      )}
    </>
  )

  const result = (answer: ImportChurchRosterResult) => (
    <>
      <Alert color={answer.failed.length > 0 ? 'yellow' : 'teal'} role="status" title={t('import.done')}>
        {t('import.summary', counts(answer))}
      </Alert>
      {answer.failed.length > 0 && failures(answer)}
    </>
  )

  return (
    <ImportDialog
      title={t('import.title')}
      texts={texts}
      intro={t('import.intro')}
      read={(chosen) =>
        readColumnsFile(chosen, churchRosterColumns, {
          required: requiredColumns,
          aliases: columnAliases,
          maxRows: maxChurchRosterRows,
          maxBytes: maxRosterFileBytes,
        })
      }
      missingBlocks={false}
      check={{ key: String(replace), run: (file) => send(file, true) }}
      preview={preview}
      run={(file) => send(file, false)}
      result={result}
      onClose={onClose}
    />
  )
}
