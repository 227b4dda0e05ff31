import { useTranslation } from 'react-i18next'
import { Alert, ScrollArea, Stack, Table, Title } from '@mantine/core'
import { maxTeamUserImportRows, type OutputOf, type teamAdminCalls } from '@crm/domain'
import { ImportFlow, type ImportTexts } from '../../../components/import-flow'
import { useRowProblemsText } from '../../../components/import-report'
import { errorText } from '../../../lib/errors'
import { readColumnsFile, type ColumnsFile } from '../../../lib/import-kind'
import { isSpreadsheetError } from '../../../lib/spreadsheet'
import { useImportTeamUsers } from '../queries'

/** The columns of a users spreadsheet, all required (spec 3 §5 Spreadsheet import; D3-5-10). */
export const userImportColumns = ['first_name', 'last_name', 'email', 'role'] as const
type ImportColumn = (typeof userImportColumns)[number]
type ImportRow = Record<ImportColumn, string>
type ImportAnswer = OutputOf<typeof teamAdminCalls.importTeamUsers>
type UsersFile = ColumnsFile<ImportColumn>

/** The sample to download: the header and two example rows, made here as a CSV (no file to serve). */
export const sampleUsersCsv = [
  'first_name,last_name,email,role',
  'Anna,Smith,anna.smith@example.com,member',
  'Ben,Jones,ben.jones@example.com,leader',
  '',
].join('\r\n')
const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(sampleUsersCsv)}`

const rowOf = (row: Partial<ImportRow>) => Object.fromEntries(userImportColumns.map((column) => [column, row[column] ?? ''])) as ImportRow

/**
 * Invite from a spreadsheet (a team only, spec 3 §2.4) on the one import flow, inside the page:
 * the four columns are required (the missing ones are named), the rows are previewed, and
 * import-team-users reports each row: invited, already in the team, refused and why, or not a
 * member of the church.
 */
export function UserImport({ teamId }: { teamId: number }) {
  const { t } = useTranslation('team-users')
  const importUsers = useImportTeamUsers()

  const texts: ImportTexts = {
    file: t('import.file'),
    reading: t('import.reading'),
    rowsRead: (count, file) => t('import.rowsRead', { count, file }),
    missingColumns: (columns) => t('import.missingColumns', { columns: columns.join(', ') }),
    readError: (failure) => (isSpreadsheetError(failure) ? t(`import.errors.${failure.code}`, { limit: failure.limit }) : t('import.errors.empty')),
    failure: (failure) => errorText(failure, t('import.failed')),
    import: t('import.send'),
  }

  const columnLabel = (field: string) => ((userImportColumns as readonly string[]).includes(field) ? t(`import.fields.${field as ImportColumn}`) : null)
  const problemsText = useRowProblemsText(columnLabel)
  const statusText = (row: ImportAnswer['items'][number]) => {
    const issues = row.issues
    if (row.status === 'acms_not_in_church' && issues.some((issue) => issue.code === 'acms_requires_admin')) return t('import.status.acms_requires_admin')
    if (row.status !== 'invalid') return t(`import.status.${row.status}`)
    return t('import.status.invalid', { reasons: problemsText(issues, row.errors) })
  }

  const preview = (file: UsersFile) => (
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
  )

  const result = (answer: ImportAnswer) => (
    <>
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
    </>
  )

  return (
    <Stack component="section" gap="sm" aria-labelledby="user-import-title">
      <Title order={2} size="h3" id="user-import-title">
        {t('import.title')}
      </Title>
      <ImportFlow<UsersFile, never, ImportAnswer>
        texts={texts}
        intro={t('import.intro')}
        sample={{ href: sampleHref, fileName: 'team-users-sample.csv', label: t('import.sample') }}
        read={(chosen) => readColumnsFile(chosen, userImportColumns, { required: userImportColumns, maxRows: maxTeamUserImportRows })}
        missingBlocks
        preview={preview}
        run={(file) => importUsers.mutateAsync({ team_id: teamId, data: file.rows.map(rowOf) })}
        result={result}
      />
    </Stack>
  )
}
