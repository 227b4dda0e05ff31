import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { Drawer, MantineProvider, Modal, Table } from '@mantine/core'
import { themeInLanguage } from './theme'

// Every dialog and drawer takes these from the theme (issue 37): a close button named in the
// reader's language, and a title bar that is no second banner landmark.
describe('themeInLanguage', () => {
  it.each([
    ['a dialog', Modal],
    ['a drawer', Drawer],
  ])('names %s’s close button in the reader’s language, and its title bar is no banner', (_, Overlay) => {
    render(
      <MantineProvider env="test" theme={themeInLanguage('Cerrar')}>
        <Overlay opened onClose={() => {}} title="Añadir visitante">
          Nombre
        </Overlay>
      </MantineProvider>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Añadir visitante' })
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument()
    expect(dialog.querySelector('header')).toHaveAttribute('role', 'none')
    expect(screen.queryByRole('banner')).toBeNull()
  })
})

describe('the theme’s tables', () => {
  it('lets a keyboard reach a table that scrolls sideways', () => {
    render(
      <MantineProvider env="test" theme={themeInLanguage('Close')}>
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Recent activity">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Olive Owner</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </MantineProvider>,
    )
    const table = screen.getByRole('table', { name: 'Recent activity' })
    expect(table.closest('[tabindex="0"]')).not.toBeNull()
  })
})
