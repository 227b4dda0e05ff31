import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { eventCalls, lookupCalls, maxPages, type EventListItem, type EventListType } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildEventListItem } from '../events.fixtures'

const leaderTeam = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })
const memberTeam = buildTeam({ id: 10, title: 'Grace Church', role: 'member' })

type Query = Record<string, string>

/** Answers GET events per list type; records every query. */
function mockLists(items: Partial<Record<EventListType, EventListItem[]>> = {}, count?: number) {
  const sent: Query[] = []
  server.use(
    mockCall(eventCalls.events, ({ input }) => {
      const query = input as unknown as Query
      sent.push(query)
      const list = items[query['type'] as EventListType] ?? []
      const total = count ?? list.length
      return { items: list, count: total, max_pages: maxPages(total, Number(query['per_page'] ?? 100)) }
    }),
  )
  return { sent, of: (type: EventListType) => sent.filter((query) => query['type'] === type) }
}

async function visit(path: string, team = leaderTeam) {
  signedInAs(buildAccount([team]), { teamId: 10, groupId: 10 })
  const view = renderApp(path)
  await screen.findByRole('heading', { level: 1, name: 'Events' }, { timeout: 15000 })
  return view
}

const section = async (name: string) => within(await screen.findByRole('region', { name }, { timeout: 15000 }))

describe('/events (spec 3 §2.1)', () => {
  it('lists Current, Upcoming and Past: title linked to the view, when, the schedule, the address; created newest first', async () => {
    const { of } = mockLists({
      today: [
        buildEventListItem({
          id: 1,
          title: 'Prayer night',
          address_formatted: '1 Main St',
          next_occurance_data: { event_date: '2026-01-06', start_date_time_display: 'Today 19:00' },
        }),
      ],
      future: [
        buildEventListItem({
          id: 2,
          title: 'Bible study',
          is_recurring: true,
          rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10',
          next_occurance_data: { event_date: '2026-01-08', start_date_time_display: '8 Jan 2026, 10:00 am' },
        }),
      ],
    })
    await visit('/events')
    const current = await section('Current')
    expect(await current.findByRole('link', { name: 'Prayer night' })).toHaveAttribute('href', '/events/view/1')
    expect(current.getByText('Today 19:00')).toBeInTheDocument()
    expect(current.getByText('1 Main St')).toBeInTheDocument()
    const upcoming = await section('Upcoming')
    expect(await upcoming.findByText('Every 2 weeks on Tuesday and Thursday, 10 times')).toBeInTheDocument()
    expect(upcoming.getByText('8 Jan 2026, 10:00 am')).toBeInTheDocument()
    // spec 3 §8: an empty list says so.
    expect(await (await section('Past')).findByText('Nothing found.')).toBeInTheDocument()
    for (const type of ['today', 'future', 'past'] as const) {
      expect(of(type)[0]).toMatchObject({ team_id: '10', type, order_by: 'created', order: 'desc', page: '1' })
    }
  }, 30_000)

  it('one search and recurring only filter all three lists, kept in the URL; each list pages on its own', async () => {
    const { of } = mockLists({ past: [buildEventListItem({ id: 3, title: 'Old camp' })] }, 450)
    const { user, router } = await visit('/events?past_page=2')
    await waitFor(() => expect(of('past')[0]).toMatchObject({ page: '2' }))
    expect(of('today')[0]).toMatchObject({ page: '1' })

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'camp')
    await waitFor(() => {
      for (const type of ['today', 'future', 'past'] as const) expect(of(type).at(-1)).toMatchObject({ search: 'camp', page: '1' })
    })
    expect(router.state.location.search).toBe('?search=camp')
    await user.click(screen.getByRole('checkbox', { name: 'Recurring only' }))
    await waitFor(() => {
      for (const type of ['today', 'future', 'past'] as const) expect(of(type).at(-1)).toMatchObject({ search: 'camp', is_recurring: 'true' })
    })
    const past = await section('Past')
    await user.click(await past.findByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(of('past').at(-1)).toMatchObject({ page: '3' }))
    const params = new URLSearchParams(router.state.location.search)
    expect(params.get('past_page')).toBe('3')
    expect(params.get('today_page')).toBeNull()
    expect(params.get('recurring')).toBe('1')
  }, 30_000)

  it('D3-2.1-03 offers Add event with create_event, leading to the empty form; a member has no Add event', async () => {
    mockLists()
    // The form asks for the event types.
    server.use(mockCall(lookupCalls.lookups, { items: [] }))
    const { user, router } = await visit('/events')
    await user.click(await screen.findByRole('link', { name: 'Add event' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/new'))
    const form = within(await screen.findByRole('form', { name: 'Add event' }, { timeout: 15000 }))
    expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue('')
    expect(document.title).toMatch(/ - Add event$/)
  }, 30_000)

  it('a member reads the lists without Add event; the menu offers Events', async () => {
    mockLists()
    await visit('/events', memberTeam)
    await section('Current')
    expect(screen.queryByRole('link', { name: 'Add event' })).not.toBeInTheDocument()
    const menu = within(await screen.findByRole('navigation', { name: 'Main menu' }))
    expect(menu.getByRole('link', { name: /^Events/ })).toHaveAttribute('href', '/events')
    expect(document.title).toMatch(/ - Events$/)
  }, 30_000)

  it('reads in Spanish', async () => {
    await changeLocale('es')
    try {
      mockLists()
      signedInAs(buildAccount([leaderTeam]), { teamId: 10, groupId: 10 })
      renderApp('/events')
      expect(await screen.findByRole('heading', { level: 1, name: 'Eventos' }, { timeout: 15000 })).toBeInTheDocument()
      expect(await screen.findByRole('region', { name: 'Próximos' })).toBeInTheDocument()
      expect(within(screen.getByRole('main')).getByRole('link', { name: 'Añadir evento' })).toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  }, 30_000)
})
