import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { capabilityMap, teamAdminCalls, type TeamDetail } from '@crm/domain'
import { renderWithProviders } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { signedInAs } from '../../../test/session'
import { enter } from '../../../test/user'
import { buildTeamDetail, buildTeamUser } from '../team-users.fixtures'
import { SubTeamUsers } from './sub-team-users'

const pastor = buildTeamUser({ user_id: 51, name: 'Paul Pastor', email: 'paul@example.test', role: 'owner', role_display_name: 'Owner', has_wwcc: true })
const elder = buildTeamUser({ user_id: 52, name: 'Eli Elder', role: 'member', role_display_name: 'Member' })

/** The conference (id 5) looks at its sub-team 60 as an entity admin (retire_user) or an owner. */
function open(role: 'entity_admin' | 'owner' = 'entity_admin') {
  signedInAs(buildAccount([buildTeam({ id: 5, title: 'North Conference', role, is_conference: true })]), { teamId: 5, groupId: 5 })
  const sent: Record<string, unknown[]> = { manage: [], invite: [], update: [], remove: [], retire: [] }
  let detail: TeamDetail = buildTeamDetail(
    { id: 60, title: 'Hillside Church', parent_id: 5, is_sub_team: true, users: [pastor, elder], user_capabilities: capabilityMap(role) },
    role,
  )
  server.use(
    mockCall(teamAdminCalls.manageTeam, ({ params, input }) => {
      sent['manage']!.push({ id: params['id'], ...input })
      return detail
    }),
    mockCall(teamAdminCalls.sendInviteConferenceSubTeam, ({ input }) => {
      sent['invite']!.push(input)
      return { invite_id: 70, email: 'olivia@example.test', success_message: 'x' }
    }),
    mockCall(teamAdminCalls.updateTeamUser, ({ input }) => {
      sent['update']!.push(input)
      return { success: true as const }
    }),
    mockCall(teamAdminCalls.removeUserFromTeam, ({ input }) => {
      sent['remove']!.push(input)
      return { success: true as const }
    }),
    mockCall(teamAdminCalls.retireUser, ({ input }) => {
      sent['retire']!.push(input)
      detail = { ...detail, users: [pastor] }
      return { success: true as const }
    }),
  )
  return { ...renderWithProviders(<SubTeamUsers conferenceId={5} subTeamId={60} />), sent }
}

describe("a conference's view of a sub-team's users (spec 3 §2.4, §5)", () => {
  it("D3-2.4-24 D3-5-03 'Invite new owner' has no role choice and sends role owner with the conference ids", async () => {
    const { user, sent } = open()
    const form = within(await screen.findByRole('form', { name: 'Invite new owner' }))
    expect(screen.queryByRole('heading', { name: 'Invite user' })).not.toBeInTheDocument()
    expect(form.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument()
    await enter(user, form.getByRole('textbox', { name: 'First name' }), 'Olivia')
    await enter(user, form.getByRole('textbox', { name: 'Email' }), 'olivia@example.test')
    await user.click(form.getByRole('button', { name: 'Send' }))
    expect(await form.findByText('An invite has been sent to olivia@example.test.')).toBeInTheDocument()
    expect(sent['invite']).toEqual([
      { team_id: 5, conference_team_id: 5, sub_team_id: 60, first_name: 'Olivia', last_name: '', email: 'olivia@example.test', role: 'owner' },
    ])
    expect(sent['manage']![0]).toEqual({ id: '60', team_id: '5', with_users: '1' })
    // No spreadsheet importer for a sub-team.
    expect(screen.queryByRole('region', { name: 'Invite from a spreadsheet' })).not.toBeInTheDocument()
  })

  it('D3-5-08 the edit panel has no role and no hidden_in_contacts, and update-user sends neither but the conference ids', async () => {
    const { user, sent } = open()
    await user.click(await screen.findByRole('button', { name: 'Edit Paul Pastor' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Paul Pastor' }))
    expect(dialog.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument()
    expect(dialog.queryByRole('checkbox', { name: 'Hidden in contacts' })).not.toBeInTheDocument()
    await user.click(dialog.getByRole('checkbox', { name: 'Has AdSafe' }))
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent['update']).toHaveLength(1))
    expect(sent['update']![0]).toEqual({ team_id: 5, conference_team_id: 5, sub_team_id: 60, user_id: 51, has_wwcc: true, has_adsafe: true })
  })

  it('D3-2.4-26 users can be removed and, with retire_user, retired after confirmation', async () => {
    const { user, sent } = open()
    await user.click(await screen.findByRole('button', { name: 'Delete Eli Elder' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(sent['remove']).toEqual([{ team_id: 5, conference_team_id: 5, sub_team_id: 60, user_id: 52 }]))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete user' })).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Retire Eli Elder' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Retire user' }))
    expect(sent['retire']).toEqual([])
    await user.click(dialog.getByRole('button', { name: 'Retire' }))
    await waitFor(() => expect(screen.queryByText('Eli Elder')).not.toBeInTheDocument())
    expect(sent['retire']).toEqual([{ conference_team_id: 5, team_id: 60, user_id: 52 }])
  })

  it('D3-2.4-26 without retire_user there is no Retire button', async () => {
    open('owner')
    await screen.findByRole('button', { name: 'Delete Eli Elder' })
    expect(screen.queryByRole('button', { name: /Retire/ })).not.toBeInTheDocument()
  })
})
