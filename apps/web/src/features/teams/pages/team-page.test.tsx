import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { teamAdminCalls, type TeamRole } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildTeamDetail } from '../team-detail.fixture'

const youth = buildGroup({ id: 12, title: 'Youth', is_public: true })

function signedInTo(role: TeamRole, groupId = 10) {
  return signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role, groups: [youth] })]), { teamId: 10, groupId })
}

describe('team page', () => {
  it('D3-2.4-01 D3-2.4-10 shows the title, description, address with its directions link and a map of the place', async () => {
    signedInTo('member')
    server.use(mockCall(teamAdminCalls.manageTeam, buildTeamDetail()))
    renderApp('/team')
    expect(await screen.findByRole('heading', { name: 'Grace Church', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('A church by the sea')).toBeInTheDocument()
    expect(screen.getByText(/1 Beach Road/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Get directions' })).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=-33.8,151.28')
    // The map (loaded on demand) with one marker at the place.
    const map = await screen.findByRole('region', { name: 'Map of Grace Church' })
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1))
    expect(screen.getByText('Member')).toBeInTheDocument()
  })

  it('D3-2.4-10 no map without a position', async () => {
    signedInTo('member')
    server.use(mockCall(teamAdminCalls.manageTeam, buildTeamDetail({ address_lat: null, address_lng: null })))
    renderApp('/team')
    await screen.findByRole('link', { name: 'Get directions' })
    expect(screen.queryByRole('region', { name: 'Map of Grace Church' })).not.toBeInTheDocument()
  })

  it('D3-2.4-11 D3-2.4-13 an owner sees Edit (to /team/edit) and no Leave button', async () => {
    signedInTo('owner')
    server.use(mockCall(teamAdminCalls.manageTeam, buildTeamDetail({ role: 'owner' })))
    renderApp('/team')
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/team/edit')
    expect(screen.queryByRole('button', { name: 'Leave team' })).not.toBeInTheDocument()
  })

  it('D3-2.4-13 a member sees no Edit', async () => {
    signedInTo('member')
    server.use(mockCall(teamAdminCalls.manageTeam, buildTeamDetail()))
    renderApp('/team')
    await screen.findByRole('button', { name: 'Leave team' })
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
  })

  it('D3-2.4-12 Leave team asks, sends leave-team, reloads the account and goes to /', async () => {
    const { userCalls } = signedInTo('member')
    const sent: unknown[] = []
    server.use(
      mockCall(teamAdminCalls.manageTeam, buildTeamDetail()),
      mockCall(teamAdminCalls.leaveTeam, ({ input }) => {
        sent.push(input)
        return { success: true as const }
      }),
    )
    const { user, router } = renderApp('/team')
    await user.click(await screen.findByRole('button', { name: 'Leave team' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Leave Grace Church\?/)).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    const before = userCalls()
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(sent).toEqual([{ team_id: 10 }])
    expect(userCalls()).toBeGreaterThan(before)
  })

  it('D3-8-01 a failed leave closes the dialog, says Error on the page and stays there', async () => {
    signedInTo('member')
    server.use(mockCall(teamAdminCalls.manageTeam, buildTeamDetail()), mockCall(teamAdminCalls.leaveTeam, apiError('internal_error', 500)))
    const { user, router } = renderApp('/team')
    await user.click(await screen.findByRole('button', { name: 'Leave team' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('alert')).toHaveTextContent(/^Error$/)
    // The focus is back on the button that opened the dialog.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave team' })).toHaveFocus())
    expect(router.state.location.pathname).toBe('/team')
  })

  it('D3-2.4-01 /group shows the selected group; Leave group sends the group id', async () => {
    signedInTo('member', 12)
    const asked: unknown[] = []
    const sent: unknown[] = []
    server.use(
      mockCall(teamAdminCalls.manageTeam, ({ params, input }) => {
        asked.push({ id: params.id, ...input })
        return buildTeamDetail({ id: 12, title: 'Youth', is_group: true, parent_id: 10, address_formatted_break: null, address_directions_link: null })
      }),
      mockCall(teamAdminCalls.leaveTeam, ({ input }) => {
        sent.push(input)
        return { success: true as const }
      }),
    )
    const { user, router } = renderApp('/group')
    expect(await screen.findByRole('heading', { name: 'Youth', level: 1 })).toBeInTheDocument()
    expect(asked).toEqual([{ id: '12', team_id: '10' }])
    await user.click(screen.getByRole('button', { name: 'Leave group' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave group' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(sent).toEqual([{ team_id: 10, group_id: 12 }])
  })

  it('shows the Spanish texts', async () => {
    signedInTo('member')
    server.use(mockCall(teamAdminCalls.manageTeam, buildTeamDetail()))
    await changeLocale('es')
    try {
      renderApp('/team')
      expect(await screen.findByRole('button', { name: 'Salir del equipo' })).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Cómo llegar' })).toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  })
})
