import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Table, Text } from '@mantine/core'
import {
  attendanceImportModes,
  maxAttendanceImportRows,
  type AttendanceImportMode,
  type AttendanceImportRow,
  type ImportAttendanceResult,
  type ImportRowResult,
} from '@crm/domain'
import { contactColumnAliases } from '../../../../lib/contact-column-aliases'
import { isSpreadsheetError, mapColumns, readSpreadsheet, spreadsheetAccept } from '../../../../lib/spreadsheet'
import { useImportAttendance } from '../../attendance-queries'
import { failureReason } from './attendance-errors'
import type { AttendanceScope } from './attendance-section'

const importColumns = ['first_name', 'last_name', 'gender', 'phone', 'email'] as const
type ImportColumn = (typeof importColumns)[number]
const requiredColumns: readonly ImportColumn[] = ['first_name', 'last_name', 'gender']

interface ReadFile {
  name: string
  rows: AttendanceImportRow[]
  missing: ImportColumn[]
}

/**
 * Import attendance from a spreadsheet (spec 3 §2.1, §5; D3-2.1-24): the file is read in the
 * browser, a dry run of import-event-attendance previews each row (matched and how, new,
 * already marked, refused and why) before anything is saved; rows that match no contact are
 * added as visitors or as new contacts, as chosen; the result says how many were matched,
 * added and refused.
 */
export function ImportAttendanceModal({ scope, onClose }: { scope: AttendanceScope; onClose: () => void }) {
  const { t } = useTranslation('attendance')
  const importAttendance = useImportAttendance(scope.eventId, scope.eventDate)
  const [file, setFile] = useState<ReadFile | null>(null)
  const [reading, setReading] = useState(false)
  const [mode, setMode] = useState<AttendanceImportMode>('visitor')
  const [preview, setPreview] = useState<ImportAttendanceResult | null>(null)
  const [result, setResult] = useState<ImportAttendanceResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const send = async (rows: AttendanceImportRow[], unmatched: AttendanceImportMode, dryRun: boolean) => {
    setBusy(true)
    setError(null)
    try {
      return await importAttendance.mutateAsync({
        team_id: scope.teamId,
        event_id: scope.eventId,
        event_date: scope.eventDate,
        unmatched,
        data: rows,
        ...(dryRun ? { dry_run: true } : {}),
      })
    } catch (failure) {
      setError(failureReason(failure))
      return null
    } finally {
      setBusy(false)
    }
  }

  const choose = async (chosen: File | undefined) => {
    setFile(null)
    setPreview(null)
    setResult(null)
    setError(null)
    if (!chosen) return
    setReading(true)
    try {
      const sheet = await readSpreadsheet(chosen, { maxRows: maxAttendanceImportRows })
      const mapped = mapColumns<ImportColumn>(sheet, importColumns, contactColumnAliases)
      if (mapped.rows.length === 0) throw new Error('empty')
      const read = { name: chosen.name, rows: mapped.rows, missing: mapped.missing.filter((column) => requiredColumns.includes(column)) }
      setFile(read)
      setReading(false)
      setPreview(await send(read.rows, mode, true))
    } catch (failure) {
      setReading(false)
      setError(
        isSpreadsheetError(failure)
          ? t(`import.errors.${failure.code}`, { limit: failure.limit })
          : t('import.errors.empty'),
      )
    }
  }

  const changeMode = async (next: AttendanceImportMode) => {
    setMode(next)
    if (file) setPreview(await send(file.rows, next, true))
  }

  const runImport = async () => {
    if (!file) return
    const answer = await send(file.rows, mode, false)
    if (answer) setResult(answer)
  }

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

  const reasonsOf = (row: ImportRowResult): string =>
    row.reason
      ? t(`import.reasons.${row.reason}`)
      : Object.entries(row.errors ?? {})
          .map(([field, message]) => `${(importColumns as readonly string[]).includes(field) ? t(`import.fields.${field as ImportColumn}`) : field}: ${message}`)
          .join('; ')

  const counts = (answer: ImportAttendanceResult) => ({ matched: answer.matched, added: answer.added, already: answer.already, refused: answer.refused })

  return (
    <Modal opened onClose={onClose} title={t('import.title')} size="xl">
      <Stack gap="md">
        {result ? (
          <Stack gap="sm">
            <Alert color={result.refused > 0 ? 'yellow' : 'teal'} role="status" title={t('import.done')}>
              {t('import.summary', counts(result))}
            </Alert>
            {result.refused > 0 && (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t('import.refusedRows')}
                </Text>
                <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
                  {result.rows
                    .filter((row) => row.status === 'refused')
                    .map((row) => (
                      <li key={row.row}>
                        <Text size="sm">{t('import.refusedRow', { row: row.row, reasons: reasonsOf(row) })}</Text>
                      </li>
                    ))}
                </ul>
              </Stack>
            )}
            <Group justify="flex-end">
              <Button onClick={onClose}>{t('import.close')}</Button>
            </Group>
          </Stack>
        ) : (
          <>
            <Text size="sm">{t('import.intro')}</Text>
            <Stack gap={4}>
              <label htmlFor="attendance-import-file">
                <Text size="sm" fw={500} component="span">
                  {t('import.file')}
                </Text>
              </label>
              <input
                id="attendance-import-file"
                type="file"
                accept={spreadsheetAccept}
                onChange={(event) => void choose(event.currentTarget.files?.[0])}
              />
            </Stack>
            {reading && (
              <Group gap="xs" role="status">
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm">{t('import.reading')}</Text>
              </Group>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {file && (
              <Stack gap="sm">
                <Text size="sm">{t('import.rowsRead', { count: file.rows.length, file: file.name })}</Text>
                {file.missing.length > 0 && (
                  <Alert color="yellow">{t('import.missingColumns', { columns: file.missing.map((column) => t(`import.fields.${column}`)).join(', ') })}</Alert>
                )}
                <Radio.Group label={t('import.unmatched')} value={mode} onChange={(value) => void changeMode(value as AttendanceImportMode)}>
                  <Group gap="md" mt={4}>
                    {attendanceImportModes.map((value) => (
                      <Radio key={value} value={value} label={t(`import.modes.${value}`)} disabled={busy} />
                    ))}
                  </Group>
                </Radio.Group>
                {busy && !preview && (
                  <Group gap="xs" role="status">
                    <Loader size="xs" aria-hidden="true" />
                    <Text size="sm">{t('import.checking')}</Text>
                  </Group>
                )}
                {preview && (
                  <Stack gap="xs">
                    <Text fw={600} size="sm">
                      {t('import.previewTitle')}
                    </Text>
                    <Text size="sm" role="status">
                      {t('import.previewSummary', counts(preview))}
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
                          {preview.rows.map((row) => {
                            const source = file.rows[row.row - 1]
                            const name = [source?.first_name, source?.last_name].filter(Boolean).join(' ')
                            return (
                              <Table.Tr key={row.row} data-status={row.status}>
                                <Table.Td>{row.row}</Table.Td>
                                <Table.Td style={{ overflowWrap: 'anywhere' }}>{name}</Table.Td>
                                <Table.Td c={row.status === 'refused' ? 'red.8' : undefined}>{statusText(row)}</Table.Td>
                              </Table.Tr>
                            )
                          })}
                        </Table.Tbody>
                      </Table>
                    </ScrollArea.Autosize>
                  </Stack>
                )}
              </Stack>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('import.cancel')}
              </Button>
              <Button onClick={() => void runImport()} disabled={!file || !preview} loading={busy && Boolean(preview)}>
                {t('import.import')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  )
}
