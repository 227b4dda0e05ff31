import { useTranslation } from 'react-i18next'
import { Select, Stack, Table, Text } from '@mantine/core'
import type { ValueMatchedColumn } from '@crm/domain'
import { useCount } from './import-report'
import { ScrollTable } from './scroll-table'

// The "match the values" step of the contact import (issue 41 item 1), below the columns: for a
// column whose values are matched (a member status, a gender), each of the file's values, its
// rows and what it imports as. The state (the proposal, the person's choices) is the caller's.

/** One value-matched column of the file: the header that imports as it, and its values. */
export interface ValueMatchingTable {
  column: ValueMatchedColumn
  header: string
  /** The file's distinct values that are not blank, in first-seen order (the first ones only), with how many rows have each. */
  values: ReadonlyArray<{ value: string; rows: number }>
  /** How many more distinct values the file has than `values` shows. */
  more: number
  /** Each value → ours, or null (left empty); a value not named is sent as written. */
  mapping: Readonly<Record<string, string | null>>
  /** Our values of the column, with their labels in the reader's language. */
  options: ReadonlyArray<{ value: string; label: string }>
}

export interface ValueMatchingProps {
  table: ValueMatchingTable
  /** `value` imports as `ours`: null left empty, undefined as written. */
  onChoose: (column: ValueMatchedColumn, value: string, ours: string | null | undefined) => void
  disabled?: boolean
}

// The selects' values of "As written" and "Left empty": no member status or gender is named so.
const asWritten = ':as-written'
const leftEmpty = ':left-empty'

/** What each value of one column of the file imports as. */
export function ValueMatching({ table, onChoose, disabled = false }: ValueMatchingProps) {
  const { t } = useTranslation('import')
  const count = useCount()
  const { column, header, values, more, mapping, options } = table
  const title = t('matching.values.title', { header })
  const ours = new Set(options.map((option) => option.value))
  // A value proposed that is not among ours (no longer active) is still shown as it stands.
  const unknown = [...new Set(Object.values(mapping))].filter((value): value is string => value !== null && !ours.has(value))
  const data = [
    { value: asWritten, label: t('matching.values.asWritten') },
    { value: leftEmpty, label: t('matching.values.leftEmpty') },
    ...options,
    ...unknown.map((value) => ({ value, label: value })),
  ]
  const selected = (value: string) => {
    const chosen = Object.hasOwn(mapping, value) ? mapping[value] : undefined
    return chosen === undefined ? asWritten : chosen === null ? leftEmpty : chosen
  }
  const choose = (value: string, option: string | null) => {
    if (option === null) return
    onChoose(column, value, option === asWritten ? undefined : option === leftEmpty ? null : option)
  }
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {t('matching.values.hint')}
      </Text>
      <ScrollTable label={title} columns={[t('matching.values.value'), t('matching.values.rows'), t('matching.importsAs')]} minWidth={420}>
        {values.map(({ value, rows }) => (
          <Table.Tr key={value}>
            <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Table.Th>
            <Table.Td>{count(rows)}</Table.Td>
            <Table.Td miw={200}>
              <Select
                aria-label={t('matching.values.importsAsOf', { value })}
                data={data}
                value={selected(value)}
                onChange={(option) => choose(value, option)}
                allowDeselect={false}
                searchable
                disabled={disabled}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
      {more > 0 && (
        <Text size="sm" c="dimmed">
          {t('matching.values.more', { count: more, number: count(more) })}
        </Text>
      )}
    </Stack>
  )
}
