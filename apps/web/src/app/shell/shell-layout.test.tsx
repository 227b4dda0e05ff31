import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls, notificationCalls, siteCalls, teamCalls } from '@crm/domain'
import { buildAccount, buildGroup, buildSite, buildTeam } from '../../test/fixtures'
import { renderApp } from '../../test/render'
import { apiError, mockCall, server } from '../../test/server'
import { signedInAs } from '../../test/session'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [buildGroup({ id: 12, title: 'Youth' })] })
const hope = buildTeam({ id: 20, title: 'Hope Chapel', role: 'member' })

async function menu() {
  return within(await screen.findByRole('navigation', { name: 'Main menu' }))
}

describe('the shell', () => {
  it('shows built entries only; My team links its screen and opens its children inside its section (D1-2.1-01, -18, -25)', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/group/switch')
    const nav = await menu()
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/')
    expect(nav.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout')
    expect(nav.getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contacts')
    expect(nav.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events')
    expect(nav.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications')
    expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports')
    expect(nav.getByRole('link', { name: 'My team' })).toHaveAttribute('href', '/team')
    expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/team/users')
    expect(nav.getByRole('link', { name: 'Switch group' })).toHaveAttribute('href', '/group/switch')
    // One team: no Switch team entry anywhere.
    expect(nav.queryByRole('link', { name: 'Switch team' })).not.toBeInTheDocument()
  })

  it('offers Switch team under My team with more than one team (D1-2.1-17)', async () => {
    signedInAs(buildAccount([grace, hope]), { teamId: 10, groupId: 10 })
    renderApp('/team/switch')
    const nav = await menu()
    expect(nav.getAllByRole('link', { name: 'Switch team' }).map((link) => link.getAttribute('href'))).toEqual(['/team/switch'])
  })

  it('offers Switch team under My profile with more than one team (D1-2.1-24)', async () => {
    signedInAs(buildAccount([grace, hope]), { teamId: 10, groupId: 10 })
    renderApp('/profile/switch-team')
    const nav = await menu()
    expect(nav.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile')
    expect(nav.getAllByRole('link', { name: 'Switch team' }).map((link) => link.getAttribute('href'))).toEqual(['/profile/switch-team'])
  })

  it("shows My group and adds ' (group)' to the title only for a non-primary group (D1-2.1-19, -20)", async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    renderApp('/')
    const nav = await menu()
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Dashboard - Grace Church \(Youth\)$/)
    expect(nav.getByRole('link', { name: 'My group' })).toHaveAttribute('href', '/group')
  })

  it('hides My group and names no group in the title while the primary group is selected (D1-2.1-19)', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/')
    const nav = await menu()
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Dashboard - Grace Church$/)
    expect(nav.queryByRole('button', { name: /My group/ })).not.toBeInTheDocument()
  })

  it("keeps Contacts marked on a contact's page, and marks the child entry on its own page", async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    server.use(mockCall(contactCalls.contact, () => apiError('not_found', 404)))
    renderApp('/contacts/view/5')
    const nav = await menu()
    await waitFor(() => expect(nav.getByRole('link', { name: 'Contacts' })).toHaveAttribute('data-active', 'true'))
    expect(nav.getByRole('link', { name: 'Add new contact' })).not.toHaveAttribute('data-active')
  })

  it('marks Add new contact, not Contacts, on /contacts/new', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    server.use(mockCall(contactCalls.contactAccessForNew, () => apiError('forbidden', 403)))
    renderApp('/contacts/new')
    const nav = await menu()
    await waitFor(() => expect(nav.getByRole('link', { name: 'Add new contact' })).toHaveAttribute('data-active', 'true'))
    expect(nav.getByRole('link', { name: 'Contacts' })).not.toHaveAttribute('data-active')
  })

  it('shows the pending counts on My team (D1-2.1-26, -27)', async () => {
    let asked: unknown
    signedInAs(buildAccount([grace], { role: 'admin' }), { teamId: 10, groupId: 10 })
    server.use(
      mockCall(teamCalls.pendingItems, ({ input }) => {
        asked = input
        return { membership_requests: 3, owner_requests: 1 }
      }),
    )
    renderApp('/')
    const nav = await menu()
    await waitFor(() => expect(asked).toEqual({ team_id: '10' }))
    const myTeam = await nav.findByRole('link', { name: /My team/ })
    await waitFor(() => expect(within(myTeam).getByText('3')).toBeInTheDocument())
    expect(within(myTeam).getByText('1')).toBeInTheDocument()
  })

  it('shows the selected team with the role, and the group, in the header (D1-6-02)', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    renderApp('/')
    expect(await screen.findByLabelText('Team')).toHaveTextContent('Grace Church (Owner)')
    expect(screen.getByLabelText('Group')).toHaveTextContent('Youth')
  })

  it('moves the menu into a drawer below the configured breakpoint (D1-2.1-28)', async () => {
    window.innerWidth = 900
    server.use(mockCall(siteCalls.site, buildSite({ mobile_breakpoint: 1000 })))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { user } = renderApp('/')
    const burger = await screen.findByRole('button', { name: 'Open menu' })
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument()
    await user.click(burger)
    const drawer = await screen.findByRole('dialog')
    await user.click(within(drawer).getByRole('link', { name: 'Dashboard' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('keeps the side menu on wider screens', async () => {
    window.innerWidth = 1200
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/')
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument()
  })

  it('has the footer links and the page title (D1-1-10, D1-1-11)', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/')
    await screen.findByRole('heading', { name: 'Dashboard - Grace Church' })
    const footer = within(screen.getByRole('navigation', { name: 'Site links' }))
    expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy')
    expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms')
    expect(footer.getByRole('link', { name: 'Code of conduct' })).toHaveAttribute('href', '/code-of-conduct')
    await waitFor(() => expect(document.title).toBe('Grace CRM - Dashboard'))
  })

  it('has the notifications bell with the unread count in the header, asked once; none while membership is pending (D1-2.10-01, -07)', async () => {
    let asked = 0
    server.use(
      mockCall(notificationCalls.notifications, () => {
        asked++
        return { items: [], count: 4, count_unread: 4 }
      }),
    )
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const view = renderApp('/group/switch')
    const header = within(await screen.findByRole('banner'))
    const bell = await header.findByRole('button', { name: 'Notifications, 4 unread' })
    expect(bell).toHaveAttribute('aria-expanded', 'false')
    expect(asked).toBe(1)
    view.unmount()

    signedInAs(buildAccount([buildTeam({ id: 30, title: 'Pending Church', role: 'member_request' })]), { teamId: 30, groupId: 30 })
    renderApp('/')
    expect(await screen.findByText('Awaiting membership approval')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument()
  })
})
