import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { teamAdminCalls, type TeamDetail } from '@crm/domain'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { enter } from '../../../test/user'
import { buildInvite, buildTeamDetail, buildTeamUser } from '../team-users.fixtures'

const youth = buildGroup({ id: 12, title: 'Youth', user_role: 'owner' })
const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [youth] })
const ruth = buildTeamUser({ user_id: 7, name: 'Ruth Miller', email: 'ruth@example.test', role: 'owner', role_display_name: 'Owner', is_self: true })
const ann = buildTeamUser({ user_id: 21, name: 'Ann Lee', email: 'ann@example.test', role: 'leader', role_display_name: 'Leader' })
const bob = buildTeamUser({ user_id: 22, name: 'Bob Stone', email: 'bob@example.test' })
const teamDetail = buildTeamDetail({
  id: 10,
  title: 'Grace Church',
  users: [ruth, ann, bob],
  invited_users: [buildInvite({ id: 31, email: 'nina@example.test' })],
})
const groupDetail = buildTeamDetail({ id: 12, title: 'Youth', is_group: true, parent_id: 10, users: [ruth] })

/** Opens a users page; manage-team answers by id (team 10, group 12); send-invite answers `answer`. */
function openInvite(path: string, answer: (input: Record<string, unknown>) => Response | null = () => null) {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: path.startsWith('/group') ? 12 : 10 })
  const sent: Array<Record<string, unknown>> = []
  const details: Record<string, TeamDetail> = { '10': teamDetail, '12': groupDetail }
  server.use(
    mockCall(teamAdminCalls.manageTeam, ({ params }) => details[String(params['id'])]!),
    mockCall(teamAdminCalls.sendInvite, async ({ input }) => {
      const body = input as Record<string, unknown>
      sent.push(body)
      const refused = answer(body)
      if (refused) return refused
      const chosen = [ann, bob].find((person) => person.user_id === body['invite_user_id'])
      const email = typeof body['email'] === 'string' ? body['email'] : (chosen?.email ?? '')
      const target = path.startsWith('/group') ? '12' : '10'
      const current = details[target]!
      details[target] = { ...current, invited_users: [...(current.invited_users ?? []), buildInvite({ id: 40, email, name: 'Invited Person' })] }
      return { invite_id: 40, email, success_message: 'x' }
    }),
  )
  return { ...renderApp(path), sent }
}

async function fillTeamInvite(user: ReturnType<typeof renderApp>['user'], email: string) {
  const form = within(await screen.findByRole('form', { name: 'Invite user' }))
  await enter(user, form.getByRole('textbox', { name: 'First name' }), 'Jo')
  await enter(user, form.getByRole('textbox', { name: 'Last name' }), 'Park')
  await enter(user, form.getByRole('textbox', { name: 'Email' }), email)
  await user.selectOptions(form.getByRole('combobox', { name: 'Role' }), 'leader')
  return form
}

describe('the invite form of a team (spec 3 §5 Invite, §8)', () => {
  it('D3-5-01 D3-8-05 D3-2.4-27 Send waits for first name, email and role; a sent invite says so and shows under Invited', async () => {
    const { user, sent } = openInvite('/team/users')
    const form = within(await screen.findByRole('form', { name: 'Invite user' }))
    const send = form.getByRole('button', { name: 'Send' })
    expect(send).toBeDisabled()
    expect(
      within(form.getByRole('combobox', { name: 'Role' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a role', 'Member', 'Leader'])
    await enter(user, form.getByRole('textbox', { name: 'Email' }), 'jo@example.test')
    await user.selectOptions(form.getByRole('combobox', { name: 'Role' }), 'leader')
    expect(send).toBeDisabled()
    await enter(user, form.getByRole('textbox', { name: 'First name' }), 'Jo')
    expect(send).toBeEnabled()
    await user.click(send)
    expect(await form.findByText('An invite has been sent to jo@example.test.')).toBeInTheDocument()
    expect(sent).toEqual([{ team_id: 10, first_name: 'Jo', last_name: '', email: 'jo@example.test', role: 'leader' }])
    const invited = within(screen.getByRole('region', { name: 'Invited' }))
    expect(await invited.findByText('jo@example.test')).toBeInTheDocument()
    expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('')
  })

  it("D3-5-04 an email already in the team reads 'The email {email} is already in this team' and Send is disabled", async () => {
    const { user, sent } = openInvite('/team/users')
    const form = await fillTeamInvite(user, 'ANN@example.test')
    expect(form.getByText('The email ANN@example.test is already in this team')).toBeInTheDocument()
    expect(form.getByRole('button', { name: 'Send' })).toBeDisabled()
    // An open invite counts too.
    await user.clear(form.getByRole('textbox', { name: 'Email' }))
    await enter(user, form.getByRole('textbox', { name: 'Email' }), 'nina@example.test')
    expect(form.getByText('The email nina@example.test is already in this team')).toBeInTheDocument()
    expect(form.getByRole('button', { name: 'Send' })).toBeDisabled()
    expect(sent).toEqual([])
  })

  it('D3-5-05 a bad email disables Send', async () => {
    const { user } = openInvite('/team/users')
    const form = await fillTeamInvite(user, 'not-an-email')
    expect(form.getByText('Enter a valid email address.')).toBeInTheDocument()
    expect(form.getByRole('button', { name: 'Send' })).toBeDisabled()
  })

  it("D3-8-02 the server's in_team shows the same text and keeps Send disabled for that email", async () => {
    const { user, sent } = openInvite('/team/users', () => apiError('in_team', 409, { email: 'hidden@example.test' }))
    const form = await fillTeamInvite(user, 'hidden@example.test')
    await user.click(form.getByRole('button', { name: 'Send' }))
    expect(await form.findByText('The email hidden@example.test is already in this team')).toBeInTheDocument()
    expect(form.getByRole('button', { name: 'Send' })).toBeDisabled()
    expect(sent).toHaveLength(1)
  })

  it('D3-8-04 acms_not_in_church_requires_admin explains that the admin was asked', async () => {
    const { user } = openInvite('/team/users', () => apiError('acms_not_in_church_requires_admin', 403, { email: 'far@example.test' }))
    const form = await fillTeamInvite(user, 'far@example.test')
    await user.click(form.getByRole('button', { name: 'Send' }))
    expect(await form.findByText('The email far@example.test cannot be added without admin approval. An email has been sent to the admin.')).toBeInTheDocument()
    expect(form.queryByRole('checkbox', { name: 'Ignore membership check - invite anyway' })).not.toBeInTheDocument()
    expect(form.getByRole('button', { name: 'Send' })).toBeDisabled()
  })

  it('D3-8-03 D3-5-06 acms_not_in_church shows its text and the ignore checkbox; ticking it re-enables Send and sends ignore_acms_check=1', async () => {
    const { user, sent } = openInvite('/team/users', (body) =>
      body['ignore_acms_check'] ? null : apiError('acms_not_in_church', 422, { email: 'out@example.test' }),
    )
    const form = await fillTeamInvite(user, 'out@example.test')
    await user.click(form.getByRole('button', { name: 'Send' }))
    expect(await form.findByText('The email out@example.test was not found as a member of this church.')).toBeInTheDocument()
    const send = form.getByRole('button', { name: 'Send' })
    expect(send).toBeDisabled()
    await user.click(form.getByRole('checkbox', { name: 'Ignore membership check - invite anyway' }))
    expect(send).toBeEnabled()
    await user.click(send)
    expect(await form.findByText('An invite has been sent to out@example.test.')).toBeInTheDocument()
    expect(sent.map((body) => body['ignore_acms_check'])).toEqual([undefined, 1])
  })

  it('D3-4-13 a slow send says it may take some time and not to navigate away', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    server.use(
      mockCall(teamAdminCalls.manageTeam, teamDetail),
      mockCall(teamAdminCalls.sendInvite, async () => {
        await held
        return HttpResponse.json({ invite_id: 41, email: 'slow@example.test', success_message: 'x' })
      }),
    )
    const { user } = renderApp('/team/users')
    const form = await fillTeamInvite(user, 'slow@example.test')
    await user.click(form.getByRole('button', { name: 'Send' }))
    expect(form.queryByText('This may take some time. Please do not navigate away from this page.')).not.toBeInTheDocument()
    expect(await form.findByText('This may take some time. Please do not navigate away from this page.', {}, { timeout: 4000 })).toBeInTheDocument()
    release()
    expect(await form.findByText('An invite has been sent to slow@example.test.')).toBeInTheDocument()
    expect(form.queryByText('This may take some time. Please do not navigate away from this page.')).not.toBeInTheDocument()
  })
})

describe('the invite form of a group (spec 3 §5 Invite (group))', () => {
  it('D3-5-02 D3-5-09 a group invites a chosen team user with a role; Send waits for both; owner is offered', async () => {
    const { user, sent } = openInvite('/group/users')
    const form = within(await screen.findByRole('form', { name: 'Invite user' }))
    expect(form.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument()
    const chooser = form.getByRole('combobox', { name: 'User' })
    // Team users already in the group are not offered.
    await waitFor(() => expect(within(chooser).getAllByRole('option')).toHaveLength(3))
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a user', 'Ann Lee (ann@example.test)', 'Bob Stone (bob@example.test)'])
    const role = form.getByRole('combobox', { name: 'Role' })
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a role', 'Member', 'Leader', 'Owner'])
    const send = form.getByRole('button', { name: 'Send' })
    await user.selectOptions(chooser, '22')
    expect(send).toBeDisabled()
    await user.selectOptions(role, 'member')
    expect(send).toBeEnabled()
    await user.click(send)
    expect(await form.findByText('An invite has been sent to bob@example.test.')).toBeInTheDocument()
    expect(sent).toEqual([{ team_id: 10, group_id: 12, invite_user_id: 22, role: 'member' }])
  })
})
