import { useTranslation } from 'react-i18next'
import { Stack, Table, Text } from '@mantine/core'
import type { ImportRowProblem } from '@crm/domain'
import { useImportReason } from '../../../components/import-report'

/**
 * Rows the server refused (create-user-import) or could not process (process-user-import):
 * row number, name and reason, in row order. Scrolls sideways on a phone.
 */
export function ProblemRows({ title, rows }: { title: string; rows: ImportRowProblem[] }) {
  const { t } = useTranslation('import-and-share')
  const reasonOf = useImportReason()
  if (rows.length === 0) return null
  const sorted = [...rows].sort((a, b) => a.row - b.row)
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder fz="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('refused.row')}</Table.Th>
              <Table.Th scope="col">{t('refused.name')}</Table.Th>
              <Table.Th scope="col">{t('refused.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((problem, index) => (
              <Table.Tr key={`${problem.row}-${index}`}>
                <Table.Td>{problem.row}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{problem.name}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{reasonOf(problem)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
