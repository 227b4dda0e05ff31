import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { maxPages, userImportCalls, type UserImportListItem } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildTeam } from '../../../test/fixtures'
import { mockCall, server } from '../../../test/server'
import { buildImportListItem, conference, visitAs } from '../user-imports.fixtures'

function mockLists(lists: Record<'not_processed' | 'processed', UserImportListItem[]>) {
  const sent: Array<Record<string, string>> = []
  server.use(
    mockCall(userImportCalls.userImports, ({ input }) => {
      const query = input as unknown as Record<string, string>
      sent.push(query)
      const items = lists[query['type'] as 'not_processed' | 'processed']
      return { items, count: items.length, max_pages: maxPages(items.length, Number(query['per_page'])) }
    }),
  )
  return sent
}

async function visit(path = '/contacts/import-and-share', team = conference) {
  const view = visitAs(path, team)
  await screen.findByRole('heading', { level: 1, name: 'Import and share' }, { timeout: 15000 })
  return view
}

describe('/contacts/import-and-share (spec 2 §2.4)', () => {
  it('D2-2.4-01 lists Not processed and Processed imports in two sections, each from its own request', async () => {
    const sent = mockLists({
      not_processed: [buildImportListItem({ id: 40, title: 'Health expo', count_users: 5, count_processed: 2 })],
      processed: [
        buildImportListItem({ id: 41, title: 'Youth rally', count_users: 3, count_processed: 3, is_processed: true, author_name: 'Olivia Owner', date: null }),
      ],
    })
    await visit()
    const open = within(screen.getByRole('region', { name: 'Not processed' }))
    const done = within(screen.getByRole('region', { name: 'Processed' }))
    const expo = within((await open.findByRole('link', { name: 'Health expo' })).closest('[role="listitem"]') as HTMLElement)
    expect(expo.getByRole('link', { name: 'Health expo' })).toHaveAttribute('href', '/contacts/import-and-share/edit/40')
    expect(expo.getByText('14 Nov 2026')).toBeInTheDocument()
    expect(expo.getByText('2 of 5 processed')).toBeInTheDocument()
    expect(expo.getByText('15 Nov 2026')).toBeInTheDocument()
    expect(expo.getByText('Ruth Miller')).toBeInTheDocument()
    const rally = within((await done.findByRole('link', { name: 'Youth rally' })).closest('[role="listitem"]') as HTMLElement)
    expect(rally.getByText('3 of 3 processed')).toBeInTheDocument()
    expect(rally.getByText('Olivia Owner')).toBeInTheDocument()
    expect(open.queryByText('Youth rally')).not.toBeInTheDocument()
    expect(sent.map((query) => query['type']).sort()).toEqual(['not_processed', 'processed'])
    for (const query of sent) expect(query).toMatchObject({ team_id: '1', page: '1', per_page: '100' })
  }, 30_000)

  it('D2-2.4-02 has Add new (→ /new) and View all processed (→ /all); an empty section says so', async () => {
    mockLists({ not_processed: [], processed: [] })
    await visit()
    expect(screen.getByRole('link', { name: 'Add new' })).toHaveAttribute('href', '/contacts/import-and-share/new')
    expect(screen.getByRole('link', { name: 'View all processed' })).toHaveAttribute('href', '/contacts/import-and-share/all')
    await waitFor(() => expect(screen.getAllByText('No imports here yet.')).toHaveLength(2))
  }, 30_000)

  it('D1-2.1-09 the menu child Import and share leads to this page, not Page not found', async () => {
    mockLists({ not_processed: [], processed: [] })
    await visit()
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }))
    expect(menu.getByRole('link', { name: 'Import and share' })).toHaveAttribute('href', '/contacts/import-and-share')
    expect(screen.queryByText('Page not found.')).not.toBeInTheDocument()
  }, 30_000)

  it('D2-2.4-04 a team that is not a conference, or no update_user_import, is denied', async () => {
    const sent = mockLists({ not_processed: [], processed: [] })
    const church = buildTeam({ id: 2, title: 'Grace Church', role: 'entity_admin' })
    visitAs('/contacts/import-and-share', church)
    expect(await screen.findByText('You do not have permission to access this page.', {}, { timeout: 15000 })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add new' })).not.toBeInTheDocument()
    expect(sent).toEqual([])
  }, 30_000)

  it('D2-2.4-04 a conference leader (no update_user_import) is denied', async () => {
    const leader = buildTeam({ id: 1, title: 'Demo Conference', role: 'leader', is_conference: true })
    visitAs('/contacts/import-and-share', leader)
    expect(await screen.findByText('You do not have permission to access this page.', {}, { timeout: 15000 })).toBeInTheDocument()
  }, 30_000)

  it('speaks Spanish', async () => {
    mockLists({ not_processed: [buildImportListItem({ id: 40, title: 'Health expo', count_users: 5, count_processed: 2 })], processed: [] })
    await changeLocale('es')
    try {
      visitAs('/contacts/import-and-share')
      expect(await screen.findByRole('heading', { level: 1, name: 'Importar y compartir' }, { timeout: 15000 })).toBeInTheDocument()
      expect(screen.getByRole('region', { name: 'Sin procesar' })).toBeInTheDocument()
      expect(screen.getByRole('region', { name: 'Procesadas' })).toBeInTheDocument()
      expect(await screen.findByText('2 de 5 procesadas')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Ver todas las procesadas' })).toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  }, 30_000)
})
