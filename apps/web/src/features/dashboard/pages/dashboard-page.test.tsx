import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { teamCalls } from '@crm/domain'
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

  it("adds ' ({group})' for another group", async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    renderApp('/')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Dashboard - Grace Church \(Youth\)$/)
  })

  it("shows only 'Awaiting membership approval' while membership is pending, and asks for no counts", async () => {
    let pendingAsked = false
    server.use(mockCall(teamCalls.pendingItems, () => ((pendingAsked = true), { membership_requests: 0, owner_requests: 0 })))
    const pending = buildTeam({ id: 30, title: 'Hope Chapel', role: 'member_request' })
    signedInAs(buildAccount([pending]), { teamId: 30, groupId: 30 })
    renderApp('/')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Awaiting membership approval')
    expect(screen.queryByRole('heading', { name: /^Dashboard -/ })).not.toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Grace CRM - Dashboard'))
    expect(pendingAsked).toBe(false)
  })
})
