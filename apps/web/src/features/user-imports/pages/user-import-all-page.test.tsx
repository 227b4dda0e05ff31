import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { maxPages, userImportCalls, type ProcessedUserImportUser } from '@crm/domain'
import { apiBase } from '../../../lib/api'
import { buildTeam } from '../../../test/fixtures'
import { mockCall, server } from '../../../test/server'
import { buildImportUser, visitAs } from '../user-imports.fixtures'

const people: ProcessedUserImportUser[] = [
  {
    ...buildImportUser({
      id: 33,
      first_name: 'Cara',
      last_name: 'Díaz',
      email: 'cara@example.org',
      is_processed: true,
      processed_team_title: 'Hope Street Church',
    }),
    import_id: 40,
    import_title: 'Health expo',
  },
  {
    ...buildImportUser({ id: 35, first_name: 'Dan', last_name: 'Eze', is_processed: true, processed_team_title: 'Riverside Church' }),
    import_id: 41,
    import_title: 'Youth rally',
  },
]

function mockAll() {
  const reads: Array<Record<string, string>> = []
  const exports: string[] = []
  server.use(
    http.get(`${apiBase}/user-import/all`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      if (query['export'] === '1') {
        exports.push(request.url)
        return new HttpResponse('first_name,last_name\nCara,Díaz\n', { headers: { 'Content-Type': 'text/csv' } })
      }
      return undefined
    }),
    mockCall(userImportCalls.userImportAll, ({ input }) => {
      const query = input as unknown as Record<string, string>
      reads.push(query)
      return { items: people, count: people.length, max_pages: maxPages(people.length, Number(query['per_page'])) }
    }),
  )
  return { reads, exports }
}

describe('/contacts/import-and-share/all (spec 2 §2.4)', () => {
  const createObjectURL = URL.createObjectURL
  const revokeObjectURL = URL.revokeObjectURL
  afterEach(() => {
    URL.createObjectURL = createObjectURL
    URL.revokeObjectURL = revokeObjectURL
    vi.restoreAllMocks()
  })

  it('D2-2.4-03 D2-9-05 lists every processed person by name with the import and the church', async () => {
    const { reads } = mockAll()
    visitAs('/contacts/import-and-share/all')
    expect(await screen.findByRole('heading', { level: 1, name: 'All processed' }, { timeout: 15000 })).toBeInTheDocument()
    const cara = within((await screen.findByText('Cara Díaz')).closest('[role="listitem"]') as HTMLElement)
    expect(cara.getByRole('link', { name: 'Health expo' })).toHaveAttribute('href', '/contacts/import-and-share/edit/40')
    expect(cara.getByText('Hope Street Church')).toBeInTheDocument()
    expect(cara.getByText('cara@example.org')).toBeInTheDocument()
    const dan = within(screen.getByText('Dan Eze').closest('[role="listitem"]') as HTMLElement)
    expect(dan.getByRole('link', { name: 'Youth rally' })).toBeInTheDocument()
    expect(reads[0]).toMatchObject({ team_id: '1', order_by: 'name', order: 'asc', page: '1' })
  }, 30_000)

  it('Export CSV downloads the same list with export=1', async () => {
    const { exports } = mockAll()
    URL.createObjectURL = vi.fn(() => 'blob:processed')
    URL.revokeObjectURL = vi.fn()
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
    const { user } = visitAs('/contacts/import-and-share/all')
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, { timeout: 15000 }))
    await waitFor(() => expect(clicked).toEqual(['processed-imports.csv']))
    const query = new URL(exports[0]!).searchParams
    expect(Object.fromEntries(query)).toMatchObject({ team_id: '1', export: '1', order_by: 'name', order: 'asc' })
  }, 30_000)

  it('D2-2.4-04 a team that is not a conference is denied', async () => {
    const { reads } = mockAll()
    visitAs('/contacts/import-and-share/all', buildTeam({ id: 2, title: 'Grace Church', role: 'entity_admin' }))
    expect(await screen.findByText('You do not have permission to access this page.', {}, { timeout: 15000 })).toBeInTheDocument()
    expect(reads).toEqual([])
  }, 30_000)
})
