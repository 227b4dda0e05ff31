import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { maxPages, transferCalls, type TransferListItem } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildTransferListItem } from '../transfers.fixtures'

const conference = buildTeam({ id: 1, title: 'North Conference', role: 'entity_admin', is_conference: true })
// An owner of the conference reads transfers (read_transfer) but may not plan them.
const conferenceOwner = buildTeam({ id: 1, title: 'North Conference', role: 'owner', is_conference: true })

type Query = Record<string, string>

/** Answers GET transfers per `processed`; records every query. */
function mockLists(lists: { upcoming?: TransferListItem[]; processed?: TransferListItem[] } = {}) {
  const sent: Query[] = []
  server.use(
    mockCall(transferCalls.transfers, ({ input }) => {
      const query = input as unknown as Query
      sent.push(query)
      const items = (query['processed'] === '1' ? lists.processed : lists.upcoming) ?? []
      return { items, count: items.length, max_pages: maxPages(items.length, Number(query['per_page'] ?? 100)) }
    }),
  )
  return { sent, of: (processed: '0' | '1') => sent.filter((query) => query['processed'] === processed) }
}

async function visit(path = '/transfers', team = conference) {
  signedInAs(buildAccount([team]), { teamId: team.id, groupId: team.id })
  const view = renderApp(path)
  await screen.findByRole('heading', { level: 1, name: 'Transfers' }, { timeout: 15000 })
  return view
}

const section = async (name: string) => within(await screen.findByRole('region', { name }, { timeout: 15000 }))

describe('/transfers (spec 3 §2.2)', () => {
  it('D3-2.2-01 D3-9-01 D3-7.3-01 lists Upcoming and Processed, created newest first: pastor linked to the view, churches, date, counts', async () => {
    const { of } = mockLists({
      upcoming: [
        buildTransferListItem({ id: 5, user_name: 'Paul Green', date: '2027-03-01', move_count: 3, share_count: 1 }),
        buildTransferListItem({ id: 6, user_name: 'Mary Stone', date: null, date_display: null, from_team_name: 'Hope Chapel', to_team_name: 'Faith Church' }),
      ],
      processed: [buildTransferListItem({ id: 2, user_name: 'John Reed', date: null, date_display: null, is_processed: true })],
    })
    await visit()
    const upcoming = await section('Upcoming')
    const paul = await upcoming.findByRole('link', { name: 'Paul Green' })
    expect(paul).toHaveAttribute('href', '/transfers/view/5')
    const paulRow = within(paul.closest<HTMLElement>('[role="listitem"]')!)
    expect(paulRow.getByRole('group', { name: 'From Grace Church to Hope Chapel' })).toBeInTheDocument()
    // The date in the reader's locale.
    expect(paulRow.getByText(/1 Mar 2027/)).toBeInTheDocument()
    expect(paulRow.getByText('3 to move, 1 to share')).toBeInTheDocument()
    const mary = within(upcoming.getByRole('link', { name: 'Mary Stone' }).closest<HTMLElement>('[role="listitem"]')!)
    expect(mary.getByText(/No date: processed by hand/)).toBeInTheDocument()
    const processed = await section('Processed')
    const john = await processed.findByRole('link', { name: 'John Reed' })
    expect(john).toHaveAttribute('href', '/transfers/view/2')
    expect(john.closest('[role="listitem"]')).toHaveTextContent('Processed by hand')
    for (const flag of ['0', '1'] as const) {
      expect(of(flag)[0]).toMatchObject({ team_id: '1', processed: flag, order_by: 'created', order: 'desc', page: '1' })
    }
    expect(document.title).toMatch(/ - Transfers$/)
  }, 30_000)

  it("D3-2.2-02 offers 'Add new' with create_transfer, leading to the empty form", async () => {
    mockLists()
    const { user, router } = await visit()
    await user.click(await screen.findByRole('link', { name: 'Add new' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfers/new'))
    expect(await screen.findByRole('form', { name: 'Add transfer' }, { timeout: 15000 })).toBeInTheDocument()
  }, 30_000)

  it("D3-6-04 D3-2.2-02 without create_transfer /transfers is the not-allowed page, not lists the server refuses shown as 'Nothing found' (issue 35)", async () => {
    const { sent } = mockLists({ upcoming: [buildTransferListItem({ id: 5, user_name: 'Olivia Owner' })] })
    // A church's owner (the pastor of a transfer) types the address; a conference's owner may read transfers, not list them.
    const churchOwner = buildTeam({ id: 11, title: 'Hope Street Church', role: 'owner', parent_id: 1 })
    for (const team of [churchOwner, conferenceOwner]) {
      signedInAs(buildAccount([team]), { teamId: team.id, groupId: team.id })
      const { unmount } = renderApp('/transfers')
      expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed.' }, { timeout: 15000 })).toBeInTheDocument()
      expect(screen.getByText('You do not have permission to see this page in the selected team.')).toBeInTheDocument()
      expect(screen.queryByText('Nothing found.')).not.toBeInTheDocument()
      expect(screen.queryByRole('link', { name: 'Add new' })).not.toBeInTheDocument()
      expect(document.title).toMatch(/Not allowed$/)
      unmount()
    }
    // Nothing was asked of the server that it would refuse.
    expect(sent).toEqual([])
  }, 30_000)

  it('the not-allowed page reads in Spanish', async () => {
    await changeLocale('es')
    try {
      signedInAs(buildAccount([conferenceOwner]), { teamId: 1, groupId: 1 })
      renderApp('/transfers/new')
      expect(await screen.findByRole('heading', { level: 1, name: 'No permitido.' }, { timeout: 15000 })).toBeInTheDocument()
      expect(screen.getByText('No tienes permiso para ver esta página en el equipo seleccionado.')).toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  }, 30_000)

  it('D3-8-13 a list that fails to load shows empty, with no error; the search asks both lists', async () => {
    const sent: Query[] = []
    server.use(
      mockCall(transferCalls.transfers, ({ input }) => {
        sent.push(input as unknown as Query)
        return apiError('internal_error', 500)
      }),
    )
    const { user, router } = await visit()
    expect(await (await section('Upcoming')).findByText('Nothing found.')).toBeInTheDocument()
    expect(await (await section('Processed')).findByText('Nothing found.')).toBeInTheDocument()
    expect(within(screen.getByRole('main')).queryByRole('alert')).not.toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search transfers' }), 'Paul')
    await waitFor(() =>
      expect(
        sent
          .filter((query) => query['search'] === 'Paul')
          .map((query) => query['processed'])
          .sort(),
      ).toEqual(['0', '1']),
    )
    expect(router.state.location.search).toBe('?search=Paul')
  }, 30_000)

  it('reads in Spanish', async () => {
    await changeLocale('es')
    try {
      mockLists()
      signedInAs(buildAccount([conference]), { teamId: 1, groupId: 1 })
      renderApp('/transfers')
      expect(await screen.findByRole('heading', { level: 1, name: 'Traslados' }, { timeout: 15000 })).toBeInTheDocument()
      expect(await screen.findByRole('region', { name: 'Próximos' })).toBeInTheDocument()
      expect(screen.getByRole('region', { name: 'Procesados' })).toBeInTheDocument()
      expect(within(screen.getByRole('main')).getByRole('link', { name: 'Añadir nuevo' })).toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  }, 30_000)
})
