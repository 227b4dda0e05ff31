import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Group, Loader, ScrollArea, Stack, Table, Text, Title } from '@mantine/core'
import { maxTeamUserImportRows, type OutputOf, type teamAdminCalls } from '@crm/domain'
import { errorText } from '../../../lib/errors'
import { isSpreadsheetError, mapColumns, readSpreadsheet, spreadsheetAccept } from '../../../lib/spreadsheet'
import { useImportTeamUsers } from '../team-users-queries'

/** The columns of a users spreadsheet, all required (spec 3 §5 Spreadsheet import; D3-5-10). */
export const userImportColumns = ['first_name', 'last_name', 'email', 'role'] as const
type ImportColumn = (typeof userImportColumns)[number]
type ImportRow = Record<ImportColumn, string>
type ImportAnswer = OutputOf<typeof teamAdminCalls.importTeamUsers>

/** The sample to download: the header and two example rows, made here as a CSV (no file to serve). */
export const sampleUsersCsv = ['first_name,last_name,email,role', 'Anna,Smith,anna.smith@example.com,member', 'Ben,Jones,ben.jones@example.com,leader', ''].join('\r\n')
const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(sampleUsersCsv)}`

interface ReadFile {
  name: string
  rows: ImportRow[]
  missing: ImportColumn[]
}

/**
 * Invite from a spreadsheet (a team only, spec 3 §2.4): the file is read in the browser, the
 * four columns are required (the missing ones are named), the rows are previewed, and
 * import-team-users reports each row: invited, already in the team, refused and why, or not a
 * member of the church.
 */
export function UserImport({ teamId }: { teamId: number }) {
  const { t } = useTranslation('team-users')
  const importUsers = useImportTeamUsers()
  const [file, setFile] = useState<ReadFile | null>(null)
  const [reading, setReading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [answer, setAnswer] = useState<ImportAnswer | null>(null)

  const choose = async (chosen: File | undefined) => {
    setFile(null)
    setAnswer(null)
    setError(null)
    if (!chosen) return
    setReading(true)
    try {
      const sheet = await readSpreadsheet(chosen, { maxRows: maxTeamUserImportRows })
      const mapped = mapColumns(sheet, userImportColumns)
      if (mapped.rows.length === 0) throw new Error('empty')
      const rows = mapped.rows.map((row) => Object.fromEntries(userImportColumns.map((column) => [column, row[column] ?? ''])) as ImportRow)
      setFile({ name: chosen.name, rows, missing: mapped.missing })
    } catch (failure) {
      setError(isSpreadsheetError(failure) ? t(`import.errors.${failure.code}`, { limit: failure.limit }) : t('import.errors.empty'))
    } finally {
      setReading(false)
    }
  }

  const runImport = async () => {
    if (!file || file.missing.length > 0) return
    setError(null)
    try {
      setAnswer(await importUsers.mutateAsync({ team_id: teamId, data: file.rows }))
    } catch (failure) {
      setError(errorText(failure, t('import.failed')))
    }
  }

  const statusText = (row: ImportAnswer['items'][number]) => {
    if (row.status !== 'invalid') return t(`import.status.${row.status}`)
    const reasons = Object.entries(row.errors)
      .map(([field, message]) => `${field}: ${message}`)
      .join('; ')
    return t('import.status.invalid', { reasons })
  }

  return (
    <Stack component="section" gap="sm" aria-labelledby="user-import-title">
      <Title order={2} size="h3" id="user-import-title">
        {t('import.title')}
      </Title>
      <Text size="sm">{t('import.intro')}</Text>
      <Group gap="md" wrap="wrap">
        <Anchor href={sampleHref} download="team-users-sample.csv" size="sm">
          {t('import.sample')}
        </Anchor>
      </Group>
      <Stack gap={4}>
        <label htmlFor="team-users-import-file">
          <Text size="sm" fw={500} component="span">
            {t('import.file')}
          </Text>
        </label>
        <input id="team-users-import-file" type="file" accept={spreadsheetAccept} onChange={(event) => void choose(event.currentTarget.files?.[0])} />
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
      {file && !answer && (
        <Stack gap="sm">
          <Text size="sm">{t('import.rowsRead', { count: file.rows.length, file: file.name })}</Text>
          {file.missing.length > 0 && (
            <Alert color="red" role="alert">
              {t('import.missingColumns', { columns: file.missing.join(', ') })}
            </Alert>
          )}
          <ScrollArea.Autosize mah={320} type="auto">
            <Table striped withTableBorder fz="sm" aria-label={t('import.previewTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('import.columns.row')}</Table.Th>
                  {userImportColumns.map((column) => (
                    <Table.Th scope="col" key={column}>
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {file.rows.map((row, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{index + 1}</Table.Td>
                    {userImportColumns.map((column) => (
                      <Table.Td key={column} style={{ overflowWrap: 'anywhere' }}>
                        {row[column]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Group>
            <Button onClick={() => void runImport()} disabled={file.missing.length > 0} loading={importUsers.isPending}>
              {t('import.send')}
            </Button>
          </Group>
        </Stack>
      )}
      {answer && (
        <Stack gap="sm">
          <Alert color={answer.failed > 0 ? 'yellow' : 'teal'} role="status">
            {t('import.summary', { invited: answer.invited, failed: answer.failed })}
          </Alert>
          <ScrollArea.Autosize mah={320} type="auto">
            <Table striped withTableBorder fz="sm" aria-label={t('import.resultTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('import.columns.row')}</Table.Th>
                  <Table.Th scope="col">{t('import.columns.email')}</Table.Th>
                  <Table.Th scope="col">{t('import.columns.result')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.items.map((row) => (
                  <Table.Tr key={row.row} data-status={row.status}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                    <Table.Td c={row.status === 'invited' ? undefined : 'red.8'}>{statusText(row)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  )
}
