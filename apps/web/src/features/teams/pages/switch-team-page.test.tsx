import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { teamCalls } from '@crm/domain'
import { readStoredSelection } from '../../../lib/session'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [buildGroup({ id: 12, title: 'Youth' })] })
const hope = buildTeam({ id: 20, title: 'Hope Chapel', role: 'member' })

describe('switch team page', () => {
  it.each(['/team/switch', '/profile/switch-team'])('%s lists the teams with the role, marking the selected one', async (path) => {
    signedInAs(buildAccount([hope, grace]), { teamId: 10, groupId: 12 })
    renderApp(path)
    const list = within(await screen.findByRole('list', { name: 'Your teams' }))
    const [first, second] = list.getAllByRole('button')
    expect(first).toHaveTextContent('Grace Church')
    expect(first).toHaveTextContent('Owner')
    expect(first).toHaveTextContent('Selected')
    expect(first).toHaveAttribute('aria-current', 'true')
    expect(second).toHaveTextContent('Hope Chapel')
    expect(second).toHaveTextContent('Member')
    expect(second).not.toHaveAttribute('aria-current')
  })

  it('selects the team and its primary group, then opens the dashboard', async () => {
    signedInAs(buildAccount([hope, grace]), { teamId: 10, groupId: 12 })
    const { user, router } = renderApp('/team/switch')
    await user.click(await screen.findByRole('button', { name: /Hope Chapel/ }))
    expect(await screen.findByRole('heading', { name: 'Dashboard - Hope Chapel' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(readStoredSelection()).toEqual({ teamId: 20, groupId: 20 })
    expect(document.cookie).toContain('selected_team=20')
    expect(document.cookie).toContain('selected_group=20')
  })

  it('lists pending invites', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    server.use(mockCall(teamCalls.invites, { items: [{ id: 1, team_name: 'Hope Chapel', url: 'http://x.test/i' }], count: 1 }))
    renderApp('/team/switch')
    expect(await screen.findByRole('link', { name: 'Accept invite to Hope Chapel' })).toHaveAttribute('href', 'http://x.test/i')
  })
})
