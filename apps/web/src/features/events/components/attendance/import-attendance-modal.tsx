import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Group, Radio, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { attendanceImportModes, maxAttendanceImportRows, type AttendanceImportMode, type ImportAttendanceResult, type ImportRowResult } from '@crm/domain'
import { ImportDialog, type ImportTexts } from '../../../../components/import-flow'
import { useRowProblemsText } from '../../../../components/import-report'
import { contactColumnAliases } from '../../../../lib/contact-column-aliases'
import { readColumnsFile, type ColumnsFile } from '../../../../lib/import-kind'
import { isSpreadsheetError } from '../../../../lib/spreadsheet'
import { useImportAttendance } from '../../queries'
import { failureReason } from './attendance-errors'
import type { AttendanceScope } from './attendance-scope'

const importColumns = ['first_name', 'last_name', 'gender', 'phone', 'email'] as const
type ImportColumn = (typeof importColumns)[number]
const requiredColumns: readonly ImportColumn[] = ['first_name', 'last_name', 'gender']
type AttendanceFile = ColumnsFile<ImportColumn>

/**
 * Import attendance from a spreadsheet (spec 3 §2.1, §5; D3-2.1-24) on the one import flow:
 * a dry run of import-event-attendance previews each row (matched and how, new, already
 * marked, refused and why) before anything is saved; rows that match no contact are added as
 * visitors or as new contacts, as chosen; the result says how many were matched, added and
 * refused.
 */
export function ImportAttendanceModal({ scope, onClose }: { scope: AttendanceScope; onClose: () => void }) {
  const { t } = useTranslation('attendance')
  const importAttendance = useImportAttendance(scope.eventId, scope.eventDate)
  const [mode, setMode] = useState<AttendanceImportMode>('visitor')

  const send = (file: AttendanceFile, dryRun: boolean) =>
    importAttendance.mutateAsync({
      team_id: scope.teamId,
      event_id: scope.eventId,
      event_date: scope.eventDate,
      unmatched: mode,
      data: file.rows,
      ...(dryRun ? { dry_run: true } : {}),
    })

  const fieldName = (field: string) => ((importColumns as readonly string[]).includes(field) ? t(`import.fields.${field as ImportColumn}`) : field)
  const texts: ImportTexts = {
    file: t('import.file'),
    reading: t('import.reading'),
    checking: t('import.checking'),
    rowsRead: (count, file) => t('import.rowsRead', { count, file }),
    missingColumns: (columns) => t('import.missingColumns', { columns: columns.map(fieldName).join(', ') }),
    readError: (failure) => (isSpreadsheetError(failure) ? t(`import.errors.${failure.code}`, { limit: failure.limit }) : t('import.errors.empty')),
    failure: failureReason,
    import: t('import.import'),
    cancel: t('import.cancel'),
    close: t('import.close'),
  }

  const problemsText = useRowProblemsText((field) => ((importColumns as readonly string[]).includes(field) ? fieldName(field) : null), fieldName)
  const reasonsOf = (row: ImportRowResult): string => (row.reason ? t(`import.reasons.${row.reason}`) : problemsText(row.issues, row.errors))

  const statusText = (row: ImportRowResult): string => {
    switch (row.status) {
      case 'matched': {
        const by = t(`import.matchedBy.${row.matched_by ?? 'name'}`)
        return row.name ? t('import.status.matched', { name: row.name, by }) : t('import.status.matchedNoName', { by })
      }
      case 'added':
        return t(`import.status.added.${mode}`)
      case 'already':
        return t('import.status.already')
      case 'refused':
        return t('import.status.refused', { reasons: reasonsOf(row) })
    }
  }

  const counts = (answer: ImportAttendanceResult) => ({ matched: answer.matched, added: answer.added, already: answer.already, refused: answer.refused })

  const preview = (file: AttendanceFile, checked: ImportAttendanceResult | null, busy: boolean) => (
    <>
      <Radio.Group label={t('import.unmatched')} value={mode} onChange={(value) => setMode(value as AttendanceImportMode)}>
        <Group gap="md" mt={4}>
          {attendanceImportModes.map((value) => (
            <Radio key={value} value={value} label={t(`import.modes.${value}`)} disabled={busy} />
          ))}
        </Group>
      </Radio.Group>
      {checked && (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('import.previewTitle')}
          </Text>
          <Text size="sm" role="status">
            {t('import.previewSummary', counts(checked))}
          </Text>
          <ScrollArea.Autosize mah={320} type="auto">
            <Table striped withTableBorder fz="sm" aria-label={t('import.previewTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('import.columns.row')}</Table.Th>
                  <Table.Th scope="col">{t('import.columns.name')}</Table.Th>
                  <Table.Th scope="col">{t('import.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {checked.rows.map((row) => {
                  const source = file.rows[row.row - 1]
                  return (
                    <Table.Tr key={row.row} data-status={row.status}>
                      <Table.Td>{row.row}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{[source?.first_name, source?.last_name].filter(Boolean).join(' ')}</Table.Td>
                      <Table.Td c={row.status === 'refused' ? 'red.8' : undefined}>{statusText(row)}</Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </>
  )

  const result = (answer: ImportAttendanceResult) => (
    <>
      <Alert color={answer.refused > 0 ? 'yellow' : 'teal'} role="status" title={t('import.done')}>
        {t('import.summary', counts(answer))}
      </Alert>
      {answer.refused > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('import.refusedRows')}
          </Text>
          <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
            {answer.rows
              .filter((row) => row.status === 'refused')
              .map((row) => (
                <li key={row.row}>
                  <Text size="sm">{t('import.refusedRow', { row: row.row, reasons: reasonsOf(row) })}</Text>
                </li>
              ))}
          </ul>
        </Stack>
      )}
    </>
  )

  return (
    <ImportDialog
      title={t('import.title')}
      texts={texts}
      intro={t('import.intro')}
      read={(chosen) => readColumnsFile(chosen, importColumns, { required: requiredColumns, aliases: contactColumnAliases, maxRows: maxAttendanceImportRows })}
      missingBlocks={false}
      check={{ key: mode, run: (file) => send(file, true) }}
      preview={preview}
      run={(file) => send(file, false)}
      result={result}
      onClose={onClose}
    />
  )
}
