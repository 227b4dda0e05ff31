import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { churchRosterColumns, maxChurchRosterRows, type ChurchRosterColumn, type ChurchRosterRow, type ImportChurchRosterResult } from '@crm/domain'
import { codeText } from '../../../lib/errors'
import { isSpreadsheetError, mapColumns, readSpreadsheet, spreadsheetAccept, type ColumnAliases } from '../../../lib/spreadsheet'
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

interface ReadFile {
  name: string
  rows: ChurchRosterRow[]
  missing: ChurchRosterColumn[]
}

/**
 * Import a church roster (DESIGN.md §7): the file is read in the browser (lib/spreadsheet.ts),
 * a dry run of import-church-roster previews what would happen, and the import reports how
 * many members were added, updated and removed and which rows were refused and why.
 */
export function ImportRosterModal({ conferenceId, onClose }: { conferenceId: number; onClose: () => void }) {
  const { t } = useTranslation('roster')
  const importRoster = useImportChurchRoster(conferenceId)
  const [file, setFile] = useState<ReadFile | null>(null)
  const [reading, setReading] = useState(false)
  const [replace, setReplace] = useState(false)
  const [preview, setPreview] = useState<ImportChurchRosterResult | null>(null)
  const [result, setResult] = useState<ImportChurchRosterResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const send = async (rows: ChurchRosterRow[], withReplace: boolean, dryRun: boolean) => {
    setBusy(true)
    setError(null)
    try {
      return await importRoster.mutateAsync({ data: rows, ...(withReplace ? { replace: true } : {}), ...(dryRun ? { dry_run: true } : {}) })
    } catch (failure) {
      setError(codeText(failure) ?? t('import.errors.failed'))
      return null
    } finally {
      setBusy(false)
    }
  }

  const choose = async (chosen: File | undefined) => {
    setFile(null)
    setPreview(null)
    setError(null)
    if (!chosen) return
    setReading(true)
    try {
      const sheet = await readSpreadsheet(chosen, { maxRows: maxChurchRosterRows, maxBytes: maxRosterFileBytes })
      const mapped = mapColumns(sheet, churchRosterColumns, columnAliases)
      if (mapped.rows.length === 0) throw new Error('empty')
      const read = { name: chosen.name, rows: mapped.rows, missing: mapped.missing.filter((column) => requiredColumns.includes(column)) }
      setFile(read)
      setReading(false)
      setPreview(await send(read.rows, replace, true))
    } catch (failure) {
      setReading(false)
      setError(isSpreadsheetError(failure) ? t(`import.errors.${failure.code}`, { limit: failure.limit }) : t('import.errors.empty'))
    }
  }

  const changeReplace = async (next: boolean) => {
    setReplace(next)
    if (file) setPreview(await send(file.rows, next, true))
  }

  const runImport = async () => {
    if (!file) return
    const answer = await send(file.rows, replace, false)
    if (answer) setResult(answer)
  }

  const reasonsOf = (errors: Record<string, string>) =>
    Object.entries(errors)
      .map(([field, message]) => `${(churchRosterColumns as readonly string[]).includes(field) ? t(`columns.${field as ChurchRosterColumn}`) : field}: ${message}`)
      .join('; ')

  const failures = (answer: ImportChurchRosterResult) => (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t('import.refusedRows')}
      </Text>
      <ScrollArea.Autosize mah={200} type="auto">
        <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
          {answer.failed.slice(0, shownFailures).map((failure) => (
            <li key={failure.row}>
              <Text size="sm">{t('import.refusedRow', { row: failure.row, reasons: reasonsOf(failure.errors) })}</Text>
            </li>
          ))}
        </ul>
      </ScrollArea.Autosize>
      {answer.failed.length > shownFailures && <Text size="sm">{t('import.moreRefused', { count: answer.failed.length - shownFailures })}</Text>}
    </Stack>
  )

  const counts = (answer: ImportChurchRosterResult) => ({
    imported: answer.imported,
    updated: answer.updated,
    removed: answer.removed,
    refused: answer.failed.length,
    churches: answer.churches,
  })

  return (
    <Modal opened onClose={onClose} title={t('import.title')} size="xl">
      <Stack gap="md">
        {result ? (
          <Stack gap="sm">
            <Alert color={result.failed.length > 0 ? 'yellow' : 'teal'} role="status" title={t('import.done')}>
              {t('import.summary', counts(result))}
            </Alert>
            {result.failed.length > 0 && failures(result)}
            <Group justify="flex-end">
              <Button onClick={onClose}>{t('import.close')}</Button>
            </Group>
          </Stack>
        ) : (
          <>
            <Text size="sm">{t('import.intro')}</Text>
            <Stack gap={4}>
              <label htmlFor={`roster-import-file-${conferenceId}`}>
                <Text size="sm" fw={500} component="span">
                  {t('import.file')}
                </Text>
              </label>
              <input
                id={`roster-import-file-${conferenceId}`}
                type="file"
                accept={spreadsheetAccept}
                onChange={(event) => void choose(event.currentTarget.files?.[0])}
              />
            </Stack>
            <Checkbox
              label={t('import.replace')}
              description={t('import.replaceHelp')}
              checked={replace}
              disabled={busy}
              onChange={(event) => void changeReplace(event.currentTarget.checked)}
            />
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
                  <Alert color="yellow">{t('import.missingColumns', { columns: file.missing.map((column) => t(`columns.${column}`)).join(', ') })}</Alert>
                )}
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
                {busy && !preview && (
                  <Group gap="xs" role="status">
                    <Loader size="xs" aria-hidden="true" />
                    <Text size="sm">{t('import.checking')}</Text>
                  </Group>
                )}
                {preview && (
                  <Stack gap="xs">
                    <Text size="sm" role="status">
                      {t(replace ? 'import.previewReplace' : 'import.preview', counts(preview))}
                    </Text>
                    {preview.failed.length > 0 && failures(preview)}
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
