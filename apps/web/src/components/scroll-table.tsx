import type { ReactNode } from 'react'
import { ScrollArea, Table } from '@mantine/core'

// A table that scrolls inside its own box (an import's preview and its matching steps): the box
// is a region named as the table and reachable by keyboard, so its hidden part can be scrolled
// to without a mouse (axe's scrollable-region-focusable), and a phone's page never grows wider.

export interface ScrollTableProps {
  /** The table's name, and its scroll region's. */
  label: string
  /** The column headers, in order. */
  columns: readonly string[]
  /** The rows (Table.Tr elements). */
  children: ReactNode
  /** The height (px) past which the table scrolls. */
  maxHeight?: number
  /** The width (px) below which the table scrolls sideways rather than squeeze its columns. */
  minWidth?: number
  striped?: boolean
}

export function ScrollTable({ label, columns, children, maxHeight = 360, minWidth, striped = false }: ScrollTableProps) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      <Table striped={striped} withTableBorder fz="sm" aria-label={label} {...(minWidth ? { miw: minWidth } : {})}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  )
}
