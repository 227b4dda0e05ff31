import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { eventCalls, teamCalls } from '@crm/domain'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const grace = buildTeam({ id: 10, title: 'Grace Church', groups: [buildGroup({ id: 12, title: 'Youth' })] })

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
})
