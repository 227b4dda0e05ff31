import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { subTeamCalls, teamAdminCalls } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildTeamDetail } from '../team-detail.fixture'

const conference = buildTeam({ id: 20, title: 'Demo Conference', role: 'owner', is_conference: true })
const conferenceDetail = buildTeamDetail({ id: 20, title: 'Demo Conference', is_conference: true, role: 'owner', acms_id: 'CONF-9' })
const hope = buildTeamDetail({
  id: 31,
  title: 'Hope Church',
  parent_id: 20,
  is_sub_team: true,
  role: 'owner',
  acms_id: 'HOPE-1',
  can_remove: true,
  can_leave: false,
})

/** GET manage-team: the conference itself, or its sub-team (with users when asked). */
function mockDetails() {
  server.use(
    mockCall(teamAdminCalls.manageTeam, ({ params, input }) => {
      const detail = String(params.id) === '20' ? conferenceDetail : hope
      return input.with_users ? { ...detail, users: [], invited_users: [] } : detail
    }),
    mockCall(subTeamCalls.manageTeams, { items: [], count: 0, max_pages: 0 }),
  )
}

describe('sub-team new page', () => {
  it('D3-2.4-09 D3-5-14 the ACMS ID is guessed when the name loses focus, then manage-teams/add is sent and the list opens', async () => {
    signedInAs(buildAccount([conference]), { teamId: 20, groupId: 20 })
    mockDetails()
    const guesses: unknown[] = []
    const sent: Array<Record<string, unknown>> = []
    server.use(
      mockCall(teamAdminCalls.acmsGetIdForTeam, ({ input }) => {
        guesses.push(input)
        return { id: 'NL-7' }
      }),
      mockCall(teamAdminCalls.manageTeamsAdd, ({ input }) => {
        sent.push(input as Record<string, unknown>)
        return { id: 40, success_message: 'Saved' }
      }),
    )
    const { user, router } = renderApp('/team/manage-sub-teams/new')
    const form = await screen.findByRole('form', { name: 'Add sub-team' })
    expect(within(form).getByRole('group', { name: 'ACMS' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryAllByRole('status', { name: 'Loading' })).toHaveLength(0))
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'New Life')
    await user.tab()
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /ACMS ID/ })).toHaveValue('NL-7'))
    expect(guesses).toEqual([{ team_id: '20', team_name: 'New Life', conference_acms_id: 'CONF-9' }])
    await user.click(within(form).getByRole('checkbox', { name: 'Enter the address manually' }))
    await user.type(within(form).getByRole('textbox', { name: 'Street' }), '1 Hill St')
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Ryde')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/manage-sub-teams'))
    expect(sent).toEqual([
      expect.objectContaining({
        team_id: 20,
        title: 'New Life',
        acms_id: 'NL-7',
        address_manual_input: true,
        address_street: '1 Hill St',
        address_city: 'Ryde',
      }),
    ])
  }, 30_000)

  it('D3-5-13 D3-8-06 D3-8-07 the ACMS ID is required; name_taken and require_address show the spec texts', async () => {
    signedInAs(buildAccount([conference]), { teamId: 20, groupId: 20 })
    mockDetails()
    let answer = apiError('name_taken', 409)
    server.use(
      mockCall(teamAdminCalls.acmsGetIdForTeam, { id: null }),
      mockCall(teamAdminCalls.manageTeamsAdd, () => answer),
    )
    const { user } = renderApp('/team/manage-sub-teams/new')
    const form = await screen.findByRole('form', { name: 'Add sub-team' })
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Hope Church')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('Required')).toBeInTheDocument()
    await user.type(within(form).getByRole('textbox', { name: /ACMS ID/ }), 'H-2')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect((await within(form).findAllByText('This name is already used.')).length).toBeGreaterThan(0)
    answer = apiError('require_address', 400)
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect((await within(form).findAllByText('An address is required.')).length).toBeGreaterThan(0)
  })

  it('D3-5-14 a new name asks again: the guess is replaced (or cleared), never an id the user typed (issue 35)', async () => {
    signedInAs(buildAccount([conference]), { teamId: 20, groupId: 20 })
    mockDetails()
    const guesses: string[] = []
    const ids: Record<string, string> = { 'Hope Street': 'DEMO-1', Riverside: 'DEMO-2' }
    server.use(
      mockCall(teamAdminCalls.acmsGetIdForTeam, ({ input }) => {
        guesses.push(String(input.team_name))
        return { id: ids[String(input.team_name)] ?? null }
      }),
    )
    const { user } = renderApp('/team/manage-sub-teams/new')
    const form = await screen.findByRole('form', { name: 'Add sub-team' })
    await waitFor(() => expect(screen.queryAllByRole('status', { name: 'Loading' })).toHaveLength(0))
    const name = within(form).getByRole('textbox', { name: /Name/ })
    const acmsId = within(form).getByRole('textbox', { name: /ACMS ID/ })
    const rename = async (title: string) => {
      await user.clear(name)
      await user.type(name, title)
      await user.tab()
    }
    await rename('Hope Street')
    await waitFor(() => expect(acmsId).toHaveValue('DEMO-1'))
    // Renamed: Hope Street's id goes; no church fits the new name, so the field is empty again.
    await rename('Harbour Light')
    await waitFor(() => expect(guesses).toEqual(['Hope Street', 'Harbour Light']))
    await waitFor(() => expect(acmsId).toHaveValue(''))
    await rename('Riverside')
    await waitFor(() => expect(acmsId).toHaveValue('DEMO-2'))
    // Leaving the name as it is asks nothing.
    await user.click(name)
    await user.tab()
    expect(guesses).toHaveLength(3)
    // An id the user typed is theirs: a new name neither asks nor replaces it.
    await user.clear(acmsId)
    await user.type(acmsId, 'MY-7')
    await rename('Hope Street')
    expect(acmsId).toHaveValue('MY-7')
    expect(guesses).toEqual(['Hope Street', 'Harbour Light', 'Riverside'])
  }, 30_000)

  it('an ACMS ID another sub-team holds shows acms_id_taken on the field, in English and Spanish (issue 35)', async () => {
    signedInAs(buildAccount([conference]), { teamId: 20, groupId: 20 })
    mockDetails()
    server.use(
      mockCall(teamAdminCalls.acmsGetIdForTeam, { id: null }),
      mockCall(teamAdminCalls.manageTeamsAdd, () =>
        apiError('acms_id_taken', 409, { team: 'Hope Street Church', errors: { acms_id: 'This ACMS ID is already used by Hope Street Church.' } }),
      ),
    )
    const { user } = renderApp('/team/manage-sub-teams/new')
    const form = await screen.findByRole('form', { name: 'Add sub-team' })
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'New Plant')
    await user.type(within(form).getByRole('textbox', { name: /ACMS ID/ }), 'DEMO-1')
    await user.click(within(form).getByRole('checkbox', { name: 'Enter the address manually' }))
    await user.type(within(form).getByRole('textbox', { name: 'Street' }), '1 Hill St')
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Ryde')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    const field = within(form).getByRole('textbox', { name: /ACMS ID/ })
    await waitFor(() => expect(field).toHaveAccessibleDescription('This ACMS ID is already used by Hope Street Church.'))
    await changeLocale('es')
    try {
      await user.click(within(form).getByRole('button', { name: 'Guardar' }))
      await waitFor(() => expect(field).toHaveAccessibleDescription('Hope Street Church ya usa este ID de ACMS.'))
    } finally {
      await changeLocale('en')
    }
  }, 30_000)

  it('D3-6-10 a church (not a conference) is not offered the form', async () => {
    signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role: 'owner' })]), { teamId: 10, groupId: 10 })
    renderApp('/team/manage-sub-teams/new')
    expect(await screen.findByText('You do not have permission to edit this team.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
  })
})

describe('sub-team edit page', () => {
  it('D3-2.4-17 D3-6-17 shows the ACMS section and Remove with a warning; saving sends update-team with sub_team_id', async () => {
    signedInAs(buildAccount([conference]), { teamId: 20, groupId: 20 })
    mockDetails()
    const sent: Array<Record<string, unknown>> = []
    const removed: unknown[] = []
    server.use(
      mockCall(teamAdminCalls.updateTeam, ({ input }) => {
        sent.push(input as Record<string, unknown>)
        return { success: true as const, success_message: 'Saved' }
      }),
      mockCall(subTeamCalls.removeSubTeam, ({ input }) => {
        removed.push(input)
        return { success: true as const }
      }),
    )
    const { user, router } = renderApp('/team/manage-sub-teams/edit/31')
    const form = await screen.findByRole('form', { name: 'Edit sub-team' })
    expect(within(form).getByRole('textbox', { name: /ACMS ID/ })).toHaveValue('HOPE-1')
    expect(within(form).getByText(/Removing Hope Church deletes it/)).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('Saved')).toBeInTheDocument()
    expect(sent).toEqual([expect.objectContaining({ team_id: 20, sub_team_id: 31, title: 'Hope Church', acms_id: 'HOPE-1' })])
    await user.click(within(form).getByRole('button', { name: 'Remove' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/manage-sub-teams'))
    expect(removed).toEqual([{ team_id: 20, sub_team_id: 31 }])
  })

  it('D3-5-14 keeps the stored ACMS ID on a rename; emptied, the guess names the sub-team, whose own id may come back', async () => {
    signedInAs(buildAccount([conference]), { teamId: 20, groupId: 20 })
    mockDetails()
    const guesses: unknown[] = []
    server.use(
      mockCall(teamAdminCalls.acmsGetIdForTeam, ({ input }) => {
        guesses.push(input)
        return { id: 'HOPE-1' }
      }),
    )
    const { user } = renderApp('/team/manage-sub-teams/edit/31')
    const form = await screen.findByRole('form', { name: 'Edit sub-team' })
    const name = within(form).getByRole('textbox', { name: /Name/ })
    const acmsId = within(form).getByRole('textbox', { name: /ACMS ID/ })
    await user.type(name, ' Street')
    await user.tab()
    expect(acmsId).toHaveValue('HOPE-1')
    expect(guesses).toEqual([])
    await user.clear(acmsId)
    await user.click(name)
    await user.tab()
    await waitFor(() => expect(acmsId).toHaveValue('HOPE-1'))
    expect(guesses).toEqual([{ team_id: '20', team_name: 'Hope Church Street', sub_team_id: '31', conference_acms_id: 'CONF-9' }])
  }, 30_000)

  it('reads in Spanish', async () => {
    await changeLocale('es')
    try {
      signedInAs(buildAccount([conference]), { teamId: 20, groupId: 20 })
      mockDetails()
      renderApp('/team/manage-sub-teams/edit/31')
      const form = await screen.findByRole('form', { name: 'Editar subequipo' })
      expect(within(form).getByRole('textbox', { name: /ID de ACMS/ })).toHaveValue('HOPE-1')
    } finally {
      await changeLocale('en')
    }
  })
})
