import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { capabilityMap, eventCalls, type EventsTodayItem } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'member' })

const items: EventsTodayItem[] = [
  { id: 7, original_id: 7, title: 'Sunday service', event_date: '2026-11-24', start_date_time_display: '24 Nov 2026, 10:00 am' },
  { id: 9, original_id: 9, title: 'Youth camp', event_date: '2026-11-22', start_date_time_display: '22 Nov 2026' },
]

/** Opens the dashboard of Grace Church; records the team ids events-today was asked for. */
function openDashboard(answer: { items: EventsTodayItem[] } | Response = { items }, team = grace) {
  signedInAs(buildAccount([team]), { teamId: team.id, groupId: team.id })
  const asked: unknown[] = []
  server.use(
    mockCall(eventCalls.eventsToday, ({ params }) => {
      asked.push(params.teamId)
      return answer
    }),
  )
  return { ...renderApp('/'), asked }
}

describe("the dashboard's events today (spec 1 §2.8)", () => {
  it('D1-2.8-03 D1-3-11 lists the selected team’s events of today, each linking to its view on the date, with its start', async () => {
    const { asked } = openDashboard()
    const list = within(await screen.findByRole('list', { name: 'Events today' }))
    const service = list.getByRole('link', { name: 'Sunday service' })
    expect(service).toHaveAttribute('href', '/events/view/7?date=2026-11-24')
    expect(list.getByRole('link', { name: 'Youth camp' })).toHaveAttribute('href', '/events/view/9?date=2026-11-22')
    expect(list.getByText('24 Nov 2026, 10:00 am')).toBeInTheDocument()
    expect(list.getByText('22 Nov 2026')).toBeInTheDocument()
    expect(asked).toEqual(['10'])
  })

  it('says when nothing happens today', async () => {
    openDashboard({ items: [] })
    expect(await screen.findByText('No events today.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Events today' })).toBeInTheDocument()
  })

  it('is not shown, nor asked for, without the team capability read_event', async () => {
    const team = buildTeam({ id: 10, title: 'Grace Church', role: 'member', user_capabilities: { ...capabilityMap('member'), read_event: false } })
    const { asked } = openDashboard({ items }, team)
    expect(await screen.findByRole('button', { name: 'Copy calendar url' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Events today' })).not.toBeInTheDocument()
    expect(asked).toEqual([])
  })

  it('D1-2.8-10 fails silently: a 500 shows no error and the other widgets still render', async () => {
    const { asked } = openDashboard(apiError('internal_error', 500))
    await waitFor(() => expect(asked).toHaveLength(1))
    expect(await screen.findByRole('button', { name: 'Copy calendar url' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument())
    expect(screen.queryByRole('heading', { name: 'Events today' })).not.toBeInTheDocument()
    expect(screen.queryAllByRole('alert').filter((element) => element.textContent !== '')).toEqual([])
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dashboard - Grace Church')
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    try {
      openDashboard({ items: [] })
      expect(await screen.findByText('No hay eventos hoy.')).toBeInTheDocument()
      expect(screen.getByRole('heading', { name: 'Eventos de hoy' })).toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  })
})
