import { useTranslation } from 'react-i18next'
import { Select, Stack, Table, Text } from '@mantine/core'
import {
  contactImportColumns,
  importMappingKeys,
  type ColumnMapping,
  type ContactImportColumn,
  type ImportMappingKey,
  type ValueMatchedColumn,
} from '@crm/domain'
import { ScrollTable } from './scroll-table'
import { ValueMatching, type ValueMatchingTable } from './value-matching'

// The "match the columns" step of the contact import (issue 41 item 1): which system the file
// comes from, and for each of its headers the first value and the column it imports as; below,
// the values of the columns whose values are matched too (ValueMatching). The state (the proposal, the person's choices) is the caller's; this only shows it.

export interface ColumnMatchingProps {
  /** The system the file comes from ('other': another spreadsheet). */
  system: ImportMappingKey
  onSystemChange: (system: ImportMappingKey) => void
  /** The file's headers in its order, each with the first cell that is not blank. */
  headers: ReadonlyArray<{ header: string; firstValue: string }>
  mapping: ColumnMapping
  onMatch: (header: string, column: ContactImportColumn | null) => void
  /** The value-matched columns a header imports as, each with its values' matches. */
  values?: readonly ValueMatchingTable[]
  /** `value` of `column` imports as `ours`: null left empty, undefined as written. */
  onValueMatch?: (column: ValueMatchedColumn, value: string, ours: string | null | undefined) => void
  disabled?: boolean
}

/** The value of "Not imported" in a header's select (no column is named so). */
const notImported = 'not_imported'

const columnNames = new Set<string>(contactImportColumns)

function isContactImportColumn(value: string): value is ContactImportColumn {
  return columnNames.has(value)
}

function isMappingKey(value: string | null): value is ImportMappingKey {
  return (importMappingKeys as readonly (string | null)[]).includes(value)
}

/** A contact import column's label in the reader's language ('first_name' is 'First name'); another name stays as it is. */
export function useImportColumnLabel(): (column: string) => string {
  const { t } = useTranslation('import')
  return (column) => (isContactImportColumn(column) ? t(`columnNames.${column}`) : column)
}

/** The system the file comes from, and what each of its columns imports as. */
export function ColumnMatching({
  system,
  onSystemChange,
  headers,
  mapping,
  onMatch,
  values = [],
  onValueMatch = () => undefined,
  disabled = false,
}: ColumnMatchingProps) {
  const { t } = useTranslation('import')
  const columnLabel = useImportColumnLabel()
  const title = t('matching.title')
  const systems = importMappingKeys.map((key) => ({ value: key, label: t(`matching.systems.${key}`) }))
  const columns = [
    { value: notImported, label: t('matching.notImported') },
    ...contactImportColumns.map((column) => ({ value: column, label: columnLabel(column) })),
  ]
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Select
        label={t('matching.system')}
        data={systems}
        value={system}
        onChange={(value) => isMappingKey(value) && onSystemChange(value)}
        allowDeselect={false}
        disabled={disabled}
        maw={320}
      />
      <Text size="sm" c="dimmed">
        {t('matching.hint')}
      </Text>
      <ScrollTable label={title} columns={[t('matching.header'), t('matching.firstValue'), t('matching.importsAs')]} minWidth={480}>
        {headers.map(({ header, firstValue }) => (
          <Table.Tr key={header}>
            <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {header}
            </Table.Th>
            <Table.Td maw={200}>
              <Text size="sm" lineClamp={2} title={firstValue} style={{ overflowWrap: 'anywhere' }}>
                {firstValue}
              </Text>
            </Table.Td>
            <Table.Td miw={200}>
              <Select
                aria-label={t('matching.importsAsOf', { header })}
                data={columns}
                value={mapping[header] ?? notImported}
                onChange={(value) => onMatch(header, value !== null && isContactImportColumn(value) ? value : null)}
                allowDeselect={false}
                searchable
                disabled={disabled}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
      {values.map((table) => (
        <ValueMatching key={table.column} table={table} onChoose={onValueMatch} disabled={disabled} />
      ))}
    </Stack>
  )
}
