import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { teamAdminCalls, type TeamRole } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildTeamDetail } from '../team-detail.fixture'

const youth = buildGroup({ id: 12, title: 'Youth', is_public: true, user_role: 'owner' })

function signedInTo(role: TeamRole, groupId = 10) {
  return signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role, groups: [youth] })]), { teamId: 10, groupId })
}

const youthDetail = buildTeamDetail({ id: 12, title: 'Youth', description: 'Young people', is_group: true, parent_id: 10, role: 'owner', can_remove: true })

describe('team edit page', () => {
  it('D3-2.4-02 D3-2.4-14 D3-2.4-16 shows Basic info and Address; manual entry shows the five parts', async () => {
    signedInTo('owner')
    server.use(mockCall(teamAdminCalls.manageTeam, buildTeamDetail({ role: 'owner' })))
    const { user } = renderApp('/team/edit')
    const form = await screen.findByRole('form', { name: 'Edit team' })
    expect(within(form).getByRole('group', { name: 'Basic info' })).toBeInTheDocument()
    expect(within(form).getByRole('group', { name: 'Address' })).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveValue('Grace Church')
    expect(within(form).queryByRole('textbox', { name: /ACMS ID/ })).not.toBeInTheDocument()
    await user.click(within(form).getByRole('checkbox', { name: 'Enter the address manually' }))
    for (const name of ['Street', 'City', 'State', 'Postcode']) expect(within(form).getByRole('textbox', { name })).toBeInTheDocument()
    expect(within(form).getByLabelText('Country')).toBeInTheDocument()
  })

  it('D3-5-12 an empty name says Required and sends nothing; a good save sends update-team and says Saved', async () => {
    signedInTo('owner')
    const sent: Array<Record<string, unknown>> = []
    server.use(
      mockCall(teamAdminCalls.manageTeam, buildTeamDetail({ role: 'owner' })),
      mockCall(teamAdminCalls.updateTeam, ({ input }) => {
        sent.push(input as Record<string, unknown>)
        return { success: true as const, success_message: 'Saved' }
      }),
    )
    const { user } = renderApp('/team/edit')
    const name = await screen.findByRole('textbox', { name: /Name/ })
    await user.clear(name)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Required')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.type(name, 'Grace Street Church')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(sent).toEqual([
      expect.objectContaining({ team_id: 10, title: 'Grace Street Church', description: 'A church by the sea', address_place_id: 'place-1' }),
    ])
  })

  it('D3-6-08 without update_team the form is not offered', async () => {
    signedInTo('member')
    server.use(mockCall(teamAdminCalls.manageTeam, buildTeamDetail({ role: 'member' })))
    renderApp('/team/edit')
    expect(await screen.findByText('You do not have permission to edit this team.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
  })

  it('D3-2.4-15 the group form has only name and description; it sends update-group', async () => {
    signedInTo('owner', 12)
    const sent: unknown[] = []
    server.use(
      mockCall(teamAdminCalls.manageTeam, youthDetail),
      mockCall(teamAdminCalls.updateGroup, ({ input }) => {
        sent.push(input)
        return { success: true as const }
      }),
    )
    const { user } = renderApp('/group/edit')
    const form = await screen.findByRole('form', { name: 'Edit group' })
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveValue('Youth')
    expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveValue('Young people')
    expect(within(form).queryByRole('group', { name: 'Address' })).not.toBeInTheDocument()
    expect(within(form).queryByRole('checkbox', { name: 'Enter the address manually' })).not.toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(sent).toEqual([{ team_id: 10, group_id: 12, title: 'Youth', description: 'Young people' }])
  })

  it('D3-2.4-18 D3-6-18 Remove comes with a warning, asks, sends remove-group and goes to /group/switch', async () => {
    signedInTo('owner', 12)
    const sent: unknown[] = []
    server.use(
      mockCall(teamAdminCalls.manageTeam, youthDetail),
      mockCall(teamAdminCalls.removeGroup, ({ input }) => {
        sent.push(input)
        return { success: true as const }
      }),
    )
    const { user, router } = renderApp('/group/edit')
    expect(await screen.findByText(/Removing this group cannot be undone/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/switch'))
    expect(sent).toEqual([{ team_id: 10, group_id: 12 }])
  })

  it("D3-8-01 a failed remove closes the dialog and says 'Error' under the warning", async () => {
    signedInTo('owner', 12)
    server.use(mockCall(teamAdminCalls.manageTeam, youthDetail), mockCall(teamAdminCalls.removeGroup, apiError('internal_error', 500)))
    const { user, router } = renderApp('/group/edit')
    expect(await screen.findByText(/Removing this group cannot be undone/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText(/^Error$/).closest('[role="alert"]')).not.toBeNull()
    expect(router.state.location.pathname).toBe('/group/edit')
  })

  it('D3-6-19 no Remove when can_remove is false (a non-empty public group)', async () => {
    signedInTo('owner', 12)
    server.use(mockCall(teamAdminCalls.manageTeam, { ...youthDetail, can_remove: false }))
    renderApp('/group/edit')
    await screen.findByRole('form', { name: 'Edit group' })
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument()
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    try {
      signedInTo('owner')
      server.use(mockCall(teamAdminCalls.manageTeam, buildTeamDetail({ role: 'owner' })))
      renderApp('/team/edit')
      const form = await screen.findByRole('form', { name: 'Editar equipo' })
      expect(within(form).getByRole('group', { name: 'Información básica' })).toBeInTheDocument()
      expect(within(form).getByRole('button', { name: 'Guardar' })).toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  })
})
