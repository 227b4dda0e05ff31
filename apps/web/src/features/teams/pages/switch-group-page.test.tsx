import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { accountCalls, contactCalls, lookupCalls, teamCalls } from '@crm/domain'
import { readStoredSelection, storeSelection } from '../../../lib/session'
import { buildAccount, buildGroup, buildTeam, signIn } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const youth = buildGroup({ id: 12, title: 'Youth', is_public: true })
const elders = buildGroup({ id: 13, title: 'Elders', is_public: false, user_role: 'owner' })
const offer = buildGroup({ id: 0, title: 'Private group', is_public: false, is_temp_private_group: true, user_role: null })
const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [youth, elders, offer] })

function groupList() {
  return within(screen.getByRole('list', { name: 'Groups of Grace Church' }))
}

const emptyList = { items: [], count: 0, max_pages: 0 }

/** The contacts home a selected group opens, with nothing in its lists. */
function mockContactsHome() {
  server.use(
    mockCall(contactCalls.contacts, emptyList),
    mockCall(contactCalls.assignedContacts, emptyList),
    mockCall(contactCalls.archivedContacts, emptyList),
    mockCall(lookupCalls.lookups, { items: [] }),
  )
}

describe('switch group page', () => {
  it("D3-2.4-05 lists the groups: 'Primary: {title}' first, a lock on groups that are not public", async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    renderApp('/group/switch')
    await screen.findByRole('heading', { name: 'Switch group' })
    const buttons = groupList().getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual([
      expect.stringContaining('Primary: Grace Church'),
      expect.stringContaining('Elders'),
      expect.stringContaining('Youth'),
      expect.stringContaining('Create your own private group'),
    ])
    const [primary, eldersButton, youthButton] = buttons
    expect(within(eldersButton!).getByRole('img', { name: 'Not public' })).toBeInTheDocument()
    expect(within(youthButton!).queryByRole('img', { name: 'Not public' })).not.toBeInTheDocument()
    expect(within(primary!).queryByRole('img', { name: 'Not public' })).not.toBeInTheDocument()
    expect(youthButton).toHaveAttribute('aria-current', 'true')
    await waitFor(() => expect(document.title).toBe('Grace CRM - Switch group'))
  })

  it('D3-2.4-05 at /contacts/group/switch too: reloads the account, then selects the group and opens /contacts', async () => {
    mockContactsHome()
    const { userCalls } = signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { user, router } = renderApp('/contacts/group/switch')
    await screen.findByRole('heading', { name: 'Switch group' })
    const before = userCalls()
    await user.click(groupList().getByRole('button', { name: /Youth/ }))
    expect(await screen.findByRole('heading', { name: 'Contacts', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/contacts')
    expect(userCalls()).toBe(before + 1)
    expect(readStoredSelection()).toEqual({ teamId: 10, groupId: 12 })
  })

  it('creates the private group of one’s own when its offer is picked, then selects it', async () => {
    signIn()
    storeSelection({ teamId: 10, groupId: 10 })
    let created = false
    let sent: unknown
    const mine = buildGroup({ id: 50, title: "Ruth Miller's private group", is_public: false, user_role: 'owner' })
    const withMine = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [youth, elders, mine] })
    server.use(
      mockCall(accountCalls.user, () => buildAccount([created ? withMine : grace])),
      mockCall(teamCalls.addGroup, ({ input }) => {
        sent = input
        created = true
        return { id: 50 }
      }),
    )
    mockContactsHome()
    const { user, router } = renderApp('/group/switch')
    await user.click(await screen.findByRole('button', { name: /Create your own private group/ }))
    expect(await screen.findByRole('heading', { name: 'My contacts', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/contacts')
    expect(readStoredSelection()).toEqual({ teamId: 10, groupId: 50 })
    expect(sent).toEqual({ team_id: 10, title: "Ruth Miller's private group", is_private: true })
  })

  it('adds a new group with the Add new form; the new group appears', async () => {
    signIn()
    storeSelection({ teamId: 10, groupId: 10 })
    let sent: unknown
    const choir = buildGroup({ id: 60, title: 'Choir', is_public: false, user_role: 'owner' })
    server.use(
      mockCall(accountCalls.user, () => buildAccount([sent ? buildTeam({ id: 10, title: 'Grace Church', groups: [youth, elders, choir] }) : grace])),
      mockCall(teamCalls.addGroup, ({ input }) => {
        sent = input
        return { id: 60 }
      }),
    )
    const { user } = renderApp('/group/switch')
    const form = within(await screen.findByRole('region', { name: 'Add new' }))
    const title = form.getByRole('textbox', { name: /Title/ })
    expect(title).toBeRequired()
    await user.type(title, 'Choir')
    await user.click(form.getByRole('checkbox', { name: /Private/ }))
    await user.click(form.getByRole('button', { name: 'Add group' }))
    await waitFor(() => expect(form.getByRole('status')).toHaveTextContent('Saved'))
    expect(sent).toEqual({ team_id: 10, title: 'Choir', is_private: true })
    expect(await groupList().findByRole('button', { name: /Choir/ })).toBeInTheDocument()
    expect(title).toHaveValue('')
  })

  it("shows 'Error' when the group cannot be created (D1-8-16)", async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    server.use(mockCall(teamCalls.addGroup, () => apiError('internal_error', 500)))
    const { user } = renderApp('/group/switch')
    const form = within(await screen.findByRole('region', { name: 'Add new' }))
    await user.type(form.getByRole('textbox', { name: /Title/ }), 'Choir')
    await user.click(form.getByRole('button', { name: 'Add group' }))
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent(/^Error$/))
  })

  it('asks to correct the errors and sends nothing without a title (D1-5-12)', async () => {
    let sent = false
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    server.use(mockCall(teamCalls.addGroup, () => ((sent = true), { id: 1 })))
    const { user } = renderApp('/group/switch')
    const form = within(await screen.findByRole('region', { name: 'Add new' }))
    await user.click(form.getByRole('button', { name: 'Add group' }))
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent('Please correct the errors to continue.'))
    expect(form.getByText('This field is required.')).toBeInTheDocument()
    expect(sent).toBe(false)
  })

  it('lets a member add only private groups', async () => {
    const asMember = buildTeam({ id: 10, title: 'Grace Church', role: 'member', groups: [youth] })
    signedInAs(buildAccount([asMember]), { teamId: 10, groupId: 10 })
    renderApp('/group/switch')
    const form = within(await screen.findByRole('region', { name: 'Add new' }))
    const checkbox = form.getByRole('checkbox', { name: /Private/ })
    expect(checkbox).toBeChecked()
    expect(checkbox).toBeDisabled()
  })

  it('lists pending invites with an Accept invite link', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    server.use(mockCall(teamCalls.invites, { items: [{ id: 3, team_name: 'Hope Chapel', url: 'http://localhost:3000/accept-invite?key=a' }], count: 1 }))
    renderApp('/group/switch')
    const invites = within(await screen.findByRole('region', { name: 'Pending invites' }))
    expect(invites.getByText('Hope Chapel')).toBeInTheDocument()
    expect(invites.getByRole('link', { name: 'Accept invite to Hope Chapel' })).toHaveAttribute('href', 'http://localhost:3000/accept-invite?key=a')
    await waitFor(() => expect(invites.getByRole('link')).toHaveTextContent('Accept invite'))
  })
})
