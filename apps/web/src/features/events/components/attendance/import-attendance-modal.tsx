import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Group, NativeSelect, Radio, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { attendanceImportModes, maxAttendanceImportRows, type AttendanceImportMode, type ImportAttendanceResult, type ImportRowResult } from '@crm/domain'
import { ImportDialog, type ImportTexts } from '../../../../components/import-flow'
import { useRowProblemsText } from '../../../../components/import-report'
import { contactColumnAliases } from '../../../../lib/contact-column-aliases'
import { useDateFormat } from '../../../../lib/date-format'
import { readColumnsFile, type ColumnsFile } from '../../../../lib/import-kind'
import { isSpreadsheetError, type ColumnAliases } from '../../../../lib/spreadsheet'
import { useImportAttendance } from '../../queries'
import { failureReason } from './attendance-errors'
import type { AttendanceScope } from './attendance-scope'

// `event` is the file's own event name: only the rows of the one chosen are sent.
const importColumns = ['first_name', 'last_name', 'gender', 'phone', 'email', 'date', 'source_id', 'event'] as const
type ImportColumn = (typeof importColumns)[number]
// The gender is required of a row the server cannot know by its source id: it says which.
const requiredColumns: readonly ImportColumn[] = ['first_name', 'last_name']
type AttendanceFile = ColumnsFile<ImportColumn>

/**
 * The people columns' names, and those of other systems' attendance exports (issue 41 item 4):
 * the date each person came (Planning Center's Check-in Time, Rock's Start Date Time) and their
 * id there (Planning Center's Person ID, Breeze's Breeze ID, Rock's and ChurchCRM's Person Id).
 */
const attendanceColumnAliases: ColumnAliases<ImportColumn> = {
  ...contactColumnAliases,
  date: [
    'Date',
    'Event Date',
    'Attendance Date',
    'Check-in Time',
    'Checked In At',
    'Check-in Date',
    'Start Date Time',
    'Start Date',
    'Fecha',
    'Fecha del evento',
  ],
  source_id: [...(contactColumnAliases.source_id ?? []), 'Person ID', 'Breeze ID', 'PersonId'],
  event: ['Event', 'Event Name', 'Event Title', 'Evento', 'Nombre del evento'],
}

/** An event name as the file may write it in any case or with spaces around. */
const nameKey = (name: string) => name.trim().toLocaleLowerCase()

/** The file's event names (each as first written), the most rows first. */
function eventNamesOf(file: AttendanceFile): string[] {
  const counts = new Map<string, { name: string; rows: number }>()
  for (const row of file.rows) {
    if (!row.event) continue
    const known = counts.get(nameKey(row.event))
    counts.set(nameKey(row.event), { name: known?.name ?? row.event.trim(), rows: (known?.rows ?? 0) + 1 })
  }
  return [...counts.values()].sort((a, b) => b.rows - a.rows).map((entry) => entry.name)
}

/** The rows to send (with their place in the file) and the event name they are of, if the file names events. */
function rowsOfEvent(file: AttendanceFile, chosen: string | null, eventTitle: string) {
  const names = eventNamesOf(file)
  const name =
    names.length === 0 ? null : (names.find((known) => known === chosen) ?? names.find((known) => nameKey(known) === nameKey(eventTitle)) ?? names[0]!)
  const rows = file.rows.flatMap((row, index) => (name === null || nameKey(row.event ?? '') === nameKey(name) ? [{ row, place: index + 1 }] : []))
  return { names, name, rows }
}

/**
 * Import attendance from a spreadsheet (spec 3 §2.1, §5; D3-2.1-24) on the one import flow:
 * a dry run of import-event-attendance previews each row (matched and how, new, already
 * marked, refused and why) before anything is saved; rows that match no contact are added as
 * visitors or as new contacts, as chosen; the result says how many were matched, added and
 * refused.
 */
export function ImportAttendanceModal({ scope, eventTitle, onClose }: { scope: AttendanceScope; eventTitle: string; onClose: () => void }) {
  const { t } = useTranslation('attendance')
  const format = useDateFormat()
  const importAttendance = useImportAttendance(scope.eventId, scope.eventDate)
  const [mode, setMode] = useState<AttendanceImportMode>('visitor')
  // A file of several events (a system's whole attendance export): the rows of one are this event's.
  const [eventChoice, setEventChoice] = useState<string | null>(null)

  const send = (file: AttendanceFile, dryRun: boolean) =>
    importAttendance.mutateAsync({
      team_id: scope.teamId,
      event_id: scope.eventId,
      event_date: scope.eventDate,
      unmatched: mode,
      data: rowsOfEvent(file, eventChoice, eventTitle).rows.map(({ row: { event: _name, ...row } }) => row),
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

  const preview = (file: AttendanceFile, checked: ImportAttendanceResult | null, busy: boolean) => {
    // A file with dates marks each row on its own date: the preview says which.
    const dated = file.rows.some((row) => row.date)
    const ofEvent = rowsOfEvent(file, eventChoice, eventTitle)
    return (
      <>
        {ofEvent.name !== null && (
          <NativeSelect
            label={t('import.eventInFile')}
            description={t('import.eventInFileHint', { event: eventTitle })}
            data={ofEvent.names}
            value={ofEvent.name}
            disabled={busy}
            onChange={(event) => setEventChoice(event.currentTarget.value)}
          />
        )}
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
                    {dated && <Table.Th scope="col">{t('import.columns.date')}</Table.Th>}
                    <Table.Th scope="col">{t('import.columns.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {checked.rows.map((row) => {
                    // The server numbers the rows sent; the person reads the row's place in the file.
                    const sent = ofEvent.rows[row.row - 1]
                    const source = sent?.row
                    return (
                      <Table.Tr key={row.row} data-status={row.status}>
                        <Table.Td>{sent?.place ?? row.row}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{[source?.first_name, source?.last_name].filter(Boolean).join(' ')}</Table.Td>
                        {dated && <Table.Td>{row.event_date ? format.date(row.event_date) : source?.date}</Table.Td>}
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
  }

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
      read={(chosen) =>
        readColumnsFile(chosen, importColumns, { required: requiredColumns, aliases: attendanceColumnAliases, maxRows: maxAttendanceImportRows })
      }
      missingBlocks={false}
      check={{ key: `${mode}|${eventChoice ?? ''}`, run: (file) => send(file, true) }}
      preview={preview}
      run={(file) => send(file, false)}
      result={result}
      onClose={onClose}
    />
  )
}
