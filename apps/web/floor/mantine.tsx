import '@mantine/core/styles.css'
import { createRoot } from 'react-dom/client'
import { Anchor, AppShell, Group, MantineProvider, Table, Text, Title } from '@mantine/core'
import { cells, columns, rows } from './rows'

// The floor of the stack, part 2: React with Mantine (its provider, shell, styles and table
// classes), rendering /contacts' first page the way the app's list does (plain rows with
// Mantine's table classes, contact-list-table.tsx), but with the data in the page: no
// router, texts, schemas, queries or server. scripts/lighthouse-floor.mjs measures it.
const rowAttributes = { className: Table.classes.tr, 'data-striped': 'odd', 'data-hover': true, 'data-with-row-border': true }

function Page() {
  return (
    <MantineProvider>
      <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: true } }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md">
            <Text fw={700}>Hope Street Church</Text>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="md">
          <Anchor href="/contacts">Contacts</Anchor>
        </AppShell.Navbar>
        <AppShell.Main>
          <Title order={1}>My contacts</Title>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="All contacts in team">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <tr key={row.id} {...rowAttributes}>
                  <td className={Table.classes.td}>
                    <a href={`/contacts/${row.id}`}>{row.name}</a>
                  </td>
                  {cells(row).map((value, index) => (
                    <td key={index} className={Table.classes.td}>
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </Table.Tbody>
          </Table>
        </AppShell.Main>
      </AppShell>
    </MantineProvider>
  )
}

createRoot(document.getElementById('root')!).render(<Page />)
