import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { dashboardCalls, eventCalls, teamCalls, type UpcomingInteraction, type UpcomingTransfer } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const grace = buildTeam({ id: 10, title: 'Grace Church', groups: [buildGroup({ id: 12, title: 'Youth' })] })
const conference = buildTeam({ id: 40, title: 'North Conference', is_conference: true })

const interactions: UpcomingInteraction[] = [
  { user_id: 5, user_name: 'Ana Lopez', date_display: '26 Nov 2026, 10:00 am', type_display: 'Visit', bible_study: null, bible_study_display: null },
  {
    user_id: 6,
    user_name: 'Ben Cole',
    date_display: '27 Nov 2026',
    type_display: 'Bible study',
    bible_study: 'discover-3',
    bible_study_display: 'Jesus: the Saviour',
  },
  { user_id: 7, user_name: '', date_display: '28 Nov 2026', type_display: 'Phone call', bible_study: null, bible_study_display: null },
]
const transfers: UpcomingTransfer[] = [
  { id: 3, user_name: 'Cara Diaz', date: '2026-12-01', date_display: '1 Dec 2026', from_team_name: 'Grace Church', to_team_name: 'Hope Chapel' },
  { id: 4, user_name: 'Dan Ellis', date: null, date_display: 'No date (processed by hand)', from_team_name: 'Hope Chapel', to_team_name: 'Grace Church' },
]

describe('dashboard', () => {
  it("is titled 'Dashboard - {team}' for the primary group", async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Dashboard - Grace Church$/)
  })

  it('D1-2.8-03 D1-2.8-06 shows its widgets under the title: events today and the calendar url', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/')
    expect(await screen.findByRole('region', { name: 'Events today' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Calendar' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy calendar url' })).toBeInTheDocument()
  })

  it("adds ' ({group})' for another group", async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    renderApp('/')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Dashboard - Grace Church \(Youth\)$/)
  })

  it("D1-2.8-09 shows only 'Awaiting membership approval' while membership is pending: no widgets, no counts asked", async () => {
    let pendingAsked = false
    let eventsAsked = false
    server.use(
      mockCall(teamCalls.pendingItems, () => ((pendingAsked = true), { membership_requests: 0, owner_requests: 0 })),
      mockCall(eventCalls.eventsToday, () => ((eventsAsked = true), { items: [] })),
    )
    const pending = buildTeam({ id: 30, title: 'Hope Chapel', role: 'member_request' })
    signedInAs(buildAccount([pending]), { teamId: 30, groupId: 30 })
    renderApp('/')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Awaiting membership approval')
    expect(screen.queryByRole('heading', { name: /^Dashboard -/ })).not.toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Grace CRM - Dashboard'))
    expect(pendingAsked).toBe(false)
    expect(eventsAsked).toBe(false)
    expect(screen.queryByRole('button', { name: 'Copy calendar url' })).not.toBeInTheDocument()
  })

  it('D1-2.8-04 lists my upcoming interactions, each linking to its contact with date, type and Bible study', async () => {
    const asked: unknown[] = []
    server.use(mockCall(dashboardCalls.upcomingInteractions, ({ input }) => (asked.push(input), { items: interactions })))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/')
    const list = within(await screen.findByRole('list', { name: 'Upcoming interactions' }))
    expect(list.getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', '/contacts/view/5')
    expect(list.getByRole('link', { name: 'Ben Cole' })).toHaveAttribute('href', '/contacts/view/6')
    expect(list.getByText('26 Nov 2026, 10:00 am')).toBeInTheDocument()
    expect(list.getByText('Visit')).toBeInTheDocument()
    expect(list.getByText('Bible study: Jesus: the Saviour')).toBeInTheDocument()
    // A child the server does not name to this user still links to the contact's own page.
    expect(list.getByRole('link', { name: 'A child (details protected)' })).toHaveAttribute('href', '/contacts/view/7')
    expect(asked).toEqual([{ team_id: '10' }])
  })

  it('shows a busy leader’s first 5 upcoming interactions, and 15 more on request (issue 37)', async () => {
    const many: UpcomingInteraction[] = Array.from({ length: 20 }, (_, index) => ({
      ...interactions[0]!,
      user_id: 100 + index,
      user_name: `Contact ${index + 1}`,
    }))
    server.use(mockCall(dashboardCalls.upcomingInteractions, { items: many }))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { user } = renderApp('/')
    const list = await screen.findByRole('list', { name: 'Upcoming interactions' })
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Contact 1', 'Contact 2', 'Contact 3', 'Contact 4', 'Contact 5'])
    const showMore = screen.getByRole('button', { name: 'Show 15 more' })
    expect(showMore).toHaveAttribute('aria-expanded', 'false')
    await user.click(showMore)
    expect(within(list).getAllByRole('link')).toHaveLength(20)
    expect(within(list).getByRole('link', { name: 'Contact 20' })).toHaveAttribute('href', '/contacts/view/119')
    await user.click(screen.getByRole('button', { name: 'Show fewer', expanded: true }))
    expect(within(list).getAllByRole('link')).toHaveLength(5)
  })

  it('offers no more for 5 upcoming interactions or fewer', async () => {
    server.use(mockCall(dashboardCalls.upcomingInteractions, { items: interactions }))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/')
    expect(within(await screen.findByRole('list', { name: 'Upcoming interactions' })).getAllByRole('link')).toHaveLength(3)
    expect(screen.queryByRole('button', { name: /Show \d+ more/ })).not.toBeInTheDocument()
  })

  it('holds the place of 5 upcoming interactions while they load, read as Loading… (issue 37)', async () => {
    server.use(mockCall(dashboardCalls.upcomingInteractions, () => new Promise<never>(() => {})))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/')
    const region = await screen.findByRole('region', { name: 'Upcoming interactions' })
    const loading = within(region).getByRole('status', { name: 'Loading…' })
    // Five items of three lines each: the loaded list's own height.
    expect(loading.children).toHaveLength(5)
    expect(loading.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(15)
  })

  it("says 'Nothing planned.' without upcoming interactions", async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/')
    expect(await screen.findByText('Nothing planned.')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Upcoming interactions' })).toBeInTheDocument()
  })

  it('D1-2.8-05 shows upcoming transfers on a conference team, each linking to /transfers/view/{id}', async () => {
    server.use(mockCall(dashboardCalls.upcomingTransfers, { items: transfers }))
    signedInAs(buildAccount([conference]), { teamId: 40, groupId: 40 })
    renderApp('/')
    const list = within(await screen.findByRole('list', { name: 'Upcoming transfers' }))
    expect(list.getByRole('link', { name: 'Cara Diaz' })).toHaveAttribute('href', '/transfers/view/3')
    expect(list.getByText('From Grace Church to Hope Chapel')).toBeInTheDocument()
    expect(list.getByText('1 Dec 2026')).toBeInTheDocument()
    // Without a date the server sends null, and the page says it is processed by hand.
    expect(list.getByText('No date (processed by hand)')).toBeInTheDocument()
  })

  it('D1-2.8-05 says a transfer processed by hand is so in the reader’s language, not the server’s (issue 36)', async () => {
    server.use(mockCall(dashboardCalls.upcomingTransfers, { items: transfers }))
    signedInAs(buildAccount([conference]), { teamId: 40, groupId: 40 })
    await changeLocale('es')
    try {
      renderApp('/')
      const list = within(await screen.findByRole('list', { name: 'Próximos traslados' }))
      expect(list.getByText('Sin fecha (se procesa a mano)')).toBeInTheDocument()
      expect(list.queryByText('No date (processed by hand)')).not.toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  })

  it('D1-2.8-05 neither shows nor asks for upcoming transfers on a church', async () => {
    let transfersAsked = false
    server.use(mockCall(dashboardCalls.upcomingTransfers, () => ((transfersAsked = true), { items: transfers })))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/')
    expect(await screen.findByRole('region', { name: 'Upcoming interactions' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Upcoming transfers' })).not.toBeInTheDocument()
    expect(transfersAsked).toBe(false)
  })

  it('D1-2.8-10 a failing upcoming-interactions call hides only its widget, silently', async () => {
    let asked = false
    server.use(
      mockCall(dashboardCalls.upcomingInteractions, () => ((asked = true), apiError('internal_error', 500))),
      mockCall(dashboardCalls.upcomingTransfers, { items: transfers }),
      mockCall(eventCalls.eventsToday, {
        items: [{ id: 7, original_id: 7, title: 'Sunday service', event_date: '2026-11-24', start_date_time_display: '24 Nov 2026, 10:00 am' }],
      }),
    )
    signedInAs(buildAccount([conference]), { teamId: 40, groupId: 40 })
    renderApp('/')
    expect(await screen.findByRole('link', { name: 'Cara Diaz' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Sunday service' })).toBeInTheDocument()
    await waitFor(() => expect(asked).toBe(true))
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument())
    expect(screen.queryByRole('heading', { name: 'Upcoming interactions' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy calendar url' })).toBeInTheDocument()
    expect(screen.queryAllByRole('alert').filter((element) => element.textContent !== '')).toEqual([])
  })

  it('D1-2.8-10 a failing upcoming-transfers call hides only its widget, silently', async () => {
    server.use(
      mockCall(dashboardCalls.upcomingTransfers, apiError('internal_error', 500)),
      mockCall(dashboardCalls.upcomingInteractions, { items: interactions }),
    )
    signedInAs(buildAccount([conference]), { teamId: 40, groupId: 40 })
    renderApp('/')
    expect(await screen.findByRole('link', { name: 'Ana Lopez' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument())
    expect(screen.queryByRole('heading', { name: 'Upcoming transfers' })).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Events today' })).toBeInTheDocument()
    expect(screen.queryAllByRole('alert').filter((element) => element.textContent !== '')).toEqual([])
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    try {
      server.use(mockCall(dashboardCalls.upcomingInteractions, { items: Array.from({ length: 6 }, () => interactions[1]!) }))
      signedInAs(buildAccount([conference]), { teamId: 40, groupId: 40 })
      renderApp('/')
      expect(await screen.findByRole('heading', { name: 'Próximas interacciones' })).toBeInTheDocument()
      expect(await screen.findByText('No hay traslados planeados.')).toBeInTheDocument()
      expect(screen.getByRole('heading', { name: 'Próximos traslados' })).toBeInTheDocument()
      expect(await screen.findByRole('button', { name: 'Ver 1 más' })).toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  })
})
