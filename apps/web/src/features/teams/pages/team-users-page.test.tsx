import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { authCalls, copiedMessageMs, teamAdminCalls, type TeamDetail } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildInvite, buildTeamDetail, buildTeamUser } from '../team-users.fixtures'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const youth = buildGroup({ id: 12, title: 'Youth', user_role: 'owner' })
const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [youth] })

const ruth = buildTeamUser({ user_id: 7, name: 'Ruth Miller', email: 'ruth@example.test', role: 'owner', role_display_name: 'Owner', is_self: true })
const ann = buildTeamUser({ user_id: 21, name: 'Ann Lee', role: 'leader', role_display_name: 'Leader', has_wwcc: true })
const bob = buildTeamUser({ user_id: 22, name: 'Bob Stone', role: 'member', role_display_name: 'Member', has_adsafe: true })
const sam = buildTeamUser({ user_id: 23, name: 'Sam Admin', role: 'admin', role_display_name: 'Super admin' })
const pending = buildInvite({ id: 31, email: 'new@example.test', name: 'Nina New' })

function teamDetail(overrides: Partial<TeamDetail> = {}) {
  return buildTeamDetail({ id: 10, title: 'Grace Church', users: [ruth, ann, bob, sam], invited_users: [pending], ...overrides })
}

/** Opens a users page with the team's (or group's) manage-team answer; records what was asked. */
function openUsers(path = '/team/users', detail: TeamDetail = teamDetail(), team = grace) {
  signedInAs(buildAccount([team]), { teamId: team.id, groupId: path.startsWith('/group') ? 12 : team.id })
  const asked: Array<{ id: unknown; input: unknown }> = []
  let current = detail
  server.use(
    mockCall(teamAdminCalls.manageTeam, ({ params, input }) => {
      asked.push({ id: params['id'], input })
      return current
    }),
  )
  return { ...renderApp(path), asked, setDetail: (next: TeamDetail) => (current = next) }
}

function section(name: string) {
  return within(screen.getByRole('region', { name }))
}

describe('the users page (spec 3 §2.4 Team users)', () => {
  it('D3-2.4-19 D3-2.4-22 groups the users into the sections in order, hides empty ones, links the own card to /profile', async () => {
    const { asked } = openUsers()
    await screen.findByRole('heading', { name: 'Members', level: 2 })
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    expect(headings.slice(0, 5)).toEqual(['Super admins', 'Owners', 'Leaders', 'Members', 'Invited'])
    expect(screen.queryByRole('heading', { name: 'Entity admins' })).not.toBeInTheDocument()
    expect(section('Leaders').getByText('Ann Lee')).toBeInTheDocument()
    expect(section('Leaders').getByText('WWCC')).toBeInTheDocument()
    expect(section('Members').getByText('AdSafe')).toBeInTheDocument()
    expect(section('Invited').getByText('new@example.test')).toBeInTheDocument()
    expect(section('Owners').getByRole('link', { name: 'Ruth Miller (you)' })).toHaveAttribute('href', '/profile')
    expect(section('Leaders').queryByRole('link')).not.toBeInTheDocument()
    expect(asked[0]).toEqual({ id: '10', input: { team_id: '10', with_users: '1' } })
  })

  it("names each user's and invite's role in the reader's language, not the server's English (issue 36)", async () => {
    await changeLocale('es')
    openUsers()
    await screen.findByRole('heading', { name: 'Miembros', level: 2 })
    expect(section('Propietarios').getByText('Propietario')).toBeInTheDocument()
    expect(section('Líderes').getByText('Líder')).toBeInTheDocument()
    expect(section('Miembros').getByText('Miembro')).toBeInTheDocument()
    expect(section('Superadministradores').getByText('Superadministrador')).toBeInTheDocument()
    expect(section('Invitados').getByText('Miembro')).toBeInTheDocument()
    expect(screen.queryByText(/^(Owner|Leader|Member)$/)).not.toBeInTheDocument()
    await changeLocale('en')
  })

  it("D3-2.4-20 with update_dcrm_team_user each card has edit and delete; a leader's page has none", async () => {
    openUsers()
    await screen.findByRole('heading', { name: 'Members', level: 2 })
    expect(screen.getByRole('button', { name: 'Edit Ann Lee' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete Bob Stone' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel invite of Nina New' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Retire/ })).not.toBeInTheDocument()
  })

  it('D3-2.4-20 a leader sees the users but no edit, delete or invite', async () => {
    const leaderTeam = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })
    openUsers('/team/users', buildTeamDetail({ id: 10, title: 'Grace Church', users: [ann, bob] }, 'leader'), leaderTeam)
    await screen.findByRole('heading', { name: 'Members', level: 2 })
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Invite user' })).not.toBeInTheDocument()
  })

  it('shows the not-allowed text to a member without read_dcrm_team_users_names, and asks nothing', async () => {
    const memberTeam = buildTeam({ id: 10, title: 'Grace Church', role: 'member' })
    const { asked } = openUsers('/team/users', teamDetail(), memberTeam)
    expect(await screen.findByText('You do not have permission to see the users of this team.')).toBeInTheDocument()
    expect(asked).toEqual([])
  })

  it("reads 'Nothing found.' when there is nobody", async () => {
    openUsers('/team/users', teamDetail({ users: [], invited_users: [] }))
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument()
  })

  it("D3-2.4-21 the copy-email button copies the email and shows 'Copied' for 2 seconds", async () => {
    openUsers()
    const button = await screen.findByRole('button', { name: 'Copy email of Ann Lee' })
    const write = vi.spyOn(navigator.clipboard, 'writeText')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.click(button)
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(write).toHaveBeenCalledWith('ann.lee@example.test')
    const card = within(screen.getByRole('listitem', { name: 'Ann Lee' }))
    expect(card.getByRole('status')).toHaveTextContent('Copied')
    await act(() => vi.advanceTimersByTimeAsync(copiedMessageMs - 1))
    expect(card.getByRole('status')).toHaveTextContent('Copied')
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(card.getByRole('status')).toHaveTextContent('')
  })

  it('D3-2.4-23 D3-5-07 D3-5-09 the edit panel of a church team: role member or leader, the three checks; update-user carries them', async () => {
    const sent: unknown[] = []
    server.use(
      mockCall(teamAdminCalls.updateTeamUser, ({ input }) => {
        sent.push(input)
        return { success: true as const }
      }),
    )
    const { user } = openUsers()
    await user.click(await screen.findByRole('button', { name: 'Edit Bob Stone' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Bob Stone' }))
    const role = dialog.getByRole('combobox', { name: 'Role' })
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Member', 'Leader'])
    expect(role).toHaveValue('member')
    expect(dialog.getByRole('checkbox', { name: 'Has WWCC (Working with Children Check)' })).not.toBeChecked()
    expect(dialog.getByRole('checkbox', { name: 'Has AdSafe' })).toBeChecked()
    expect(dialog.getByRole('checkbox', { name: 'Hidden in contacts' })).not.toBeChecked()
    await user.selectOptions(role, 'leader')
    await user.click(dialog.getByRole('checkbox', { name: 'Has WWCC (Working with Children Check)' }))
    await user.click(dialog.getByRole('checkbox', { name: 'Hidden in contacts' }))
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Bob Stone' })).not.toBeInTheDocument())
    expect(sent).toEqual([{ team_id: 10, user_id: 22, role: 'leader', has_wwcc: true, has_adsafe: true, hidden_in_contacts: true }])
  })

  it('D3-5-09 a conference team offers owner too', async () => {
    const conference = buildTeam({ id: 10, title: 'North Conference', role: 'owner', is_conference: true })
    const { user } = openUsers('/team/users', teamDetail({ is_conference: true }), conference)
    await user.click(await screen.findByRole('button', { name: 'Edit Bob Stone' }))
    const role = within(await screen.findByRole('dialog', { name: 'Edit Bob Stone' })).getByRole('combobox', { name: 'Role' })
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Member', 'Leader', 'Owner'])
  })

  it('D3-2.4-20 delete asks first, then remove-user-from-team takes the user out', async () => {
    const sent: unknown[] = []
    const { user, setDetail } = openUsers()
    server.use(
      mockCall(teamAdminCalls.removeUserFromTeam, ({ input }) => {
        sent.push(input)
        setDetail(teamDetail({ users: [ruth, ann, sam] }))
        return { success: true as const }
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Delete Bob Stone' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete user' }))
    expect(sent).toEqual([])
    await user.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Members' })).not.toBeInTheDocument())
    expect(sent).toEqual([{ team_id: 10, user_id: 22 }])
  })

  it('D3-2.4-28 an invite is cancelled after confirmation (delete-invite) and leaves Invited; a failure says why', async () => {
    const sent: unknown[] = []
    let fail = true
    const { user, setDetail } = openUsers()
    server.use(
      mockCall(teamAdminCalls.deleteInvite, ({ input }) => {
        sent.push(input)
        if (fail) return apiError('not_found', 404)
        setDetail(teamDetail({ invited_users: [] }))
        return { success: true as const }
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Cancel invite of Nina New' }))
    let dialog = within(await screen.findByRole('dialog', { name: 'Cancel invite' }))
    await user.click(dialog.getByRole('button', { name: 'Cancel invite' }))
    // D3-8-01: the dialog closes and the list says why.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('That did not work. Please try again.').closest('[role="alert"]')).not.toBeNull()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Cancel invite of Nina New' }))
    dialog = within(await screen.findByRole('dialog', { name: 'Cancel invite' }))
    await user.click(dialog.getByRole('button', { name: 'Cancel invite' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Invited' })).not.toBeInTheDocument())
    expect(sent).toEqual([
      { team_id: 10, invite_id: 31 },
      { team_id: 10, invite_id: 31 },
    ])
  })
})

describe("a site admin's lock of an account (D1-8-03, issue 35)", () => {
  const adminTeam = buildTeam({ id: 10, title: 'Grace Church', role: 'admin' })
  const me = buildTeamUser({ ...sam, is_self: true, account_lock: null })
  const adminDetail = (annLock: 'admin' | null = null) =>
    buildTeamDetail(
      {
        id: 10,
        title: 'Grace Church',
        users: [me, { ...ann, account_lock: annLock }, { ...bob, account_lock: 'failures' }],
      },
      'admin',
    )

  it('locks after confirmation (lock-user) and unlocks (unlock-user); the cards say which accounts are locked', async () => {
    const sent: Array<[string, unknown]> = []
    const { user, setDetail } = openUsers('/team/users', adminDetail(), adminTeam)
    server.use(
      mockCall(authCalls.lockUser, ({ input }) => {
        sent.push(['lock', input])
        setDetail(adminDetail('admin'))
        return { success: true as const }
      }),
      mockCall(authCalls.unlockUser, ({ input }) => {
        sent.push(['unlock', input])
        return { success: true as const }
      }),
    )
    const bobCard = within(await screen.findByRole('listitem', { name: 'Bob Stone' }))
    expect(bobCard.getByTitle('Many failed sign-ins locked this account; a new password unlocks it')).toHaveTextContent('Locked')
    expect(within(screen.getByRole('listitem', { name: 'Ann Lee' })).queryByText('Locked')).not.toBeInTheDocument()
    // Nobody locks their own account.
    expect(within(screen.getByRole('listitem', { name: 'Sam Admin' })).queryByRole('button', { name: /Lock/ })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Lock account of Ann Lee' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Lock account' }))
    expect(
      dialog.getByText('Lock the account of Ann Lee? They are signed out everywhere and cannot sign in until a site admin unlocks it.'),
    ).toBeInTheDocument()
    expect(sent).toEqual([])
    await user.click(dialog.getByRole('button', { name: 'Lock account' }))
    const annCard = within(screen.getByRole('listitem', { name: 'Ann Lee' }))
    expect(await annCard.findByTitle('A site admin locked this account')).toHaveTextContent('Locked')
    expect(annCard.getByRole('button', { name: 'Unlock account of Ann Lee' })).toBeInTheDocument()
    // The dialog closes a moment after the lock (spec 1 §9); its overlay covers the page until then.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Lock account' })).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Unlock account of Bob Stone' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Unlock account' })).getByRole('button', { name: 'Unlock account' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent).toEqual([
      ['lock', { user_id: 21 }],
      ['unlock', { user_id: 22 }],
    ])
  })

  it("offers no lock to anyone else: an owner's page has no lock buttons", async () => {
    openUsers()
    await screen.findByRole('heading', { name: 'Members', level: 2 })
    expect(screen.queryByRole('button', { name: /Lock|Unlock/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Locked')).not.toBeInTheDocument()
  })
})
