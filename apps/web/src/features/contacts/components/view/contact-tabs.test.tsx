import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { capabilityMap, consentCalls, contactCalls, interactionCalls, lookupCalls, suggestionCalls, type ContactItem } from '@crm/domain'
import { buildAccount, buildGroup, buildTeam } from '../../../../test/fixtures'
import { renderApp } from '../../../../test/render'
import { apiError, mockCall, server } from '../../../../test/server'
import { signedInAs } from '../../../../test/session'
import { buildContactItem, buildContactView } from '../../pages/contact-view.fixtures'
import { activeTabStorageKey } from './contact-tabs'
import { contactTabs, type ContactTabContext } from './tab-registry'

const youth = buildGroup({ id: 12, title: 'Youth', is_public: true })
const choir = buildGroup({ id: 14, title: 'Choir', is_public: true })
const elders = buildGroup({ id: 13, title: 'Elders', is_public: false })
const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [youth, choir, elders] })
const emptyList = { items: [], count: 0, max_pages: 1 }

/** Opens contact 5 in the group, serving the item (a function answers each fetch anew). */
function openContact(item: ContactItem | (() => ContactItem), groupId = 12, contactId = 5) {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId })
  let fetches = 0
  server.use(
    // A child opens on the Consent tab (apps/web/src/features/consent has its tests).
    mockCall(consentCalls.contactConsents, { items: [], request: null, can_update: true }),
    // An adult opens on Interactions, empty here.
    mockCall(interactionCalls.contactInteractions, emptyList),
    mockCall(interactionCalls.contactInteractionsStudies, { items: {}, items_other: [] }),
    mockCall(lookupCalls.lookups, { items: [] }),
    mockCall(contactCalls.contact, () => {
      fetches++
      return typeof item === 'function' ? item() : item
    }),
  )
  return { ...renderApp(`/contacts/view/${contactId}`), fetches: () => fetches }
}

const tabNames = async () => {
  // The first render loads the page's and the tab's chunks.
  const list = await screen.findByRole('tablist', { name: 'Contact sections' }, { timeout: 5000 })
  return within(list)
    .getAllByRole('tab')
    .map((tab) => tab.textContent)
}

const findTab = (name: string) => screen.findByRole('tab', { name }, { timeout: 5000 })

const panel = () => within(screen.getByRole('tabpanel'))

describe('the tab registry', () => {
  const context = (overrides: Partial<ContactTabContext> = {}): ContactTabContext => ({
    contact: buildContactView({ is_child: true }),
    capabilities: capabilityMap('admin'),
    group: youth,
    ...overrides,
  })
  const shownKeys = (ctx: ContactTabContext) => contactTabs.filter((tab) => tab.isShown(ctx)).map((tab) => tab.key)

  it('D2-2.2-18 holds every tab in the spec order, every one built', () => {
    expect(shownKeys(context())).toEqual([
      'consent',
      'ownership',
      'groups',
      'assignments',
      'notes',
      'interactions',
      'events',
      'decisions',
      'interests',
      'privateNotes',
      'delegate',
      'relationships',
      'activityLog',
    ])
    expect(contactTabs.filter((tab) => tab.available).map((tab) => tab.key)).toEqual([
      'consent',
      'ownership',
      'groups',
      'assignments',
      'notes',
      'interactions',
      'events',
      'decisions',
      'interests',
      'privateNotes',
      'delegate',
      'relationships',
      'activityLog',
    ])
  })

  it('D2-2.2-19 D2-2.2-20 a tab needs its capability; Interests, Relationships and Activity log go when consent was declined', () => {
    expect(shownKeys(context({ capabilities: { ...capabilityMap('admin'), read_user_interest: false } }))).not.toContain('interests')
    const declined = shownKeys(context({ contact: buildContactView({ consent_declined: true }) }))
    expect(declined).not.toContain('interests')
    expect(declined).not.toContain('relationships')
    expect(declined).not.toContain('activityLog')
    expect(declined).toContain('notes')
  })

  it('D2-2.2-18 Consent shows for a minor and for anyone with a consent on record', () => {
    expect(shownKeys(context())).toContain('consent')
    expect(shownKeys(context({ contact: buildContactView({ consent_type: 'verbal' }) }))).toContain('consent')
    expect(shownKeys(context({ contact: buildContactView() }))).not.toContain('consent')
  })
})

describe('contact view tabs', () => {
  it('D2-2.2-18 D2-2.2-21/22 in a public group all built tabs show, in order, and no placeholder', async () => {
    server.use(mockCall(contactCalls.contactGroups, emptyList))
    openContact(buildContactItem({ role: 'admin' }))
    expect(await tabNames()).toEqual([
      'Ownership',
      'Groups',
      'Assignments',
      'Notes',
      'Interactions',
      'Events',
      'Decisions',
      'Interests',
      'Private notes',
      'Delegate',
      'Relationships',
      'Activity log',
    ])
    expect(screen.queryByRole('tab', { name: 'Consent' })).not.toBeInTheDocument()
  })

  it('opens, with no tab remembered, where the follow-up is: Interactions for an adult, though a consent is on record', async () => {
    openContact(buildContactItem({ role: 'admin', view: { consent_type: 'verbal' } }))
    expect(await findTab('Interactions')).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'Consent' })).toHaveAttribute('aria-selected', 'false')
    // The open section is the page's second heading level, under the contact's name.
    expect(await screen.findByRole('heading', { level: 2, name: 'Interactions' })).toBeInTheDocument()
  })

  it('opens a minor awaiting consent on the Consent tab', async () => {
    openContact(buildContactItem({ role: 'admin', view: { is_child: true, consent_given: false } }))
    expect(await findTab('Consent')).toHaveAttribute('aria-selected', 'true')
  })

  it.each([
    ['the primary group', 10],
    ['a private group', 13],
  ])('D2-2.2-21/22 Groups and Delegate are hidden in %s', async (_case, groupId) => {
    openContact(buildContactItem({ role: 'admin' }), groupId)
    expect(await tabNames()).toEqual([
      'Ownership',
      'Assignments',
      'Notes',
      'Interactions',
      'Events',
      'Decisions',
      'Interests',
      'Private notes',
      'Relationships',
      'Activity log',
    ])
  })

  it('D2-6-09 D2-6-10 D2-6-11 each tab needs its capability (Ownership: read_dcrm_team_users)', async () => {
    openContact(
      buildContactItem({
        role: 'admin',
        capabilities: {
          read_user_groups: false,
          set_user_public_group: false,
          read_user_assignment: false,
          read_dcrm_team_users: false,
          read_user_relationship: false,
          read_user_interest: false,
          read_own_activity_log: false,
          read_public_note: false,
          update_own_note: false,
          read_own_interaction: false,
          read_user_event: false,
        },
      }),
    )
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' }, { timeout: 5000 })
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
  })

  it('D2-2.2-17 the last active tab is remembered, for another contact too', async () => {
    server.use(mockCall(contactCalls.contactAssignments, emptyList), mockCall(contactCalls.contactGroups, emptyList))
    const { user, unmount } = openContact(buildContactItem({ role: 'admin' }))
    await user.click(await findTab('Assignments'))
    expect(window.localStorage.getItem(activeTabStorageKey)).toBe('assignments')
    unmount()
    openContact(buildContactItem({ role: 'admin', view: { id: 6, name: 'Grace Hopper', first_name: 'Grace', last_name: 'Hopper' } }), 12, 6)
    expect(await findTab('Assignments')).toHaveAttribute('aria-selected', 'true')
  })
})

describe('the Ownership tab', () => {
  // The tab a person chose last (D2-2.2-17).
  beforeEach(() => window.localStorage.setItem(activeTabStorageKey, 'ownership'))

  it('D2-4.3-02 lists the owning teams when several teams share a contact the current team owns', async () => {
    const owners = [
      { id: 10, title: 'Grace Church' },
      { id: 20, title: 'Hope Chapel' },
    ]
    openContact(buildContactItem({ ownership: { has_multiple_owners: true, owners } }), 10)
    await findTab('Ownership')
    expect(await panel().findByText('Your team owns this contact.', {}, { timeout: 5000 })).toBeInTheDocument()
    const list = within(panel().getByRole('list', { name: 'Owning teams' }))
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Grace Church', 'Hope Chapel'])
  })

  it("D2-4.3-01 D2-8-07 with no owner the team takes ownership: 'Saved', and the contact is refreshed", async () => {
    let taken: unknown
    const noOwner = { has_owner: false, is_owned_by_current_team: false, primary_owner: null, owners: [] }
    const { user, fetches } = openContact(() => buildContactItem({ ownership: taken ? {} : noOwner }), 10)
    server.use(
      mockCall(contactCalls.takeOwnership, ({ params, input }) => {
        taken = { params, input }
        return { success: true as const }
      }),
    )
    await findTab('Ownership')
    expect(panel().getByText('No team owns this contact.')).toBeInTheDocument()
    await user.click(panel().getByRole('button', { name: 'Take ownership' }))
    await waitFor(() => expect(panel().getByRole('status')).toHaveTextContent('Saved'))
    expect(taken).toEqual({ params: { id: '5' }, input: { team_id: 10, group_id: 10, the_user_id: 5 } })
    await waitFor(() => expect(panel().getByText('Your team owns this contact.')).toBeInTheDocument())
    expect(panel().queryByRole('button', { name: 'Take ownership' })).not.toBeInTheDocument()
    expect(fetches()).toBe(2)
  })

  it("D2-8-07 taking ownership that fails shows 'Error'", async () => {
    const { user } = openContact(buildContactItem({ ownership: { has_owner: false, is_owned_by_current_team: false, primary_owner: null, owners: [] } }), 10)
    server.use(mockCall(contactCalls.takeOwnership, () => apiError('internal_error', 500)))
    await findTab('Ownership')
    await user.click(panel().getByRole('button', { name: 'Take ownership' }))
    await waitFor(() => expect(panel().getByRole('alert')).toHaveTextContent(/^Error$/))
  })

  it('offers no Take ownership to a caller who may not update the contact', async () => {
    openContact(
      buildContactItem({
        ownership: { has_owner: false, is_owned_by_current_team: false, primary_owner: null, owners: [] },
        capabilities: { update_contact: false, update_assigned_contact: false },
      }),
      10,
    )
    await findTab('Ownership')
    expect(panel().queryByRole('button', { name: 'Take ownership' })).not.toBeInTheDocument()
  })
})

describe('the Groups tab', () => {
  it('D2-3.6-01 lists the groups (public or private) and removes the contact from one after confirming', async () => {
    let removed: unknown
    const items = () => [
      { id: 10, title: 'Grace Church', is_public: true, is_active: true, user_capabilities: capabilityMap('owner') },
      ...(removed ? [] : [{ id: 12, title: 'Youth', is_public: true, is_active: true, user_capabilities: capabilityMap('leader') }]),
      { id: 13, title: 'Elders', is_public: false, is_active: true, user_capabilities: capabilityMap('member') },
    ]
    server.use(
      mockCall(contactCalls.contactGroups, () => ({ items: items(), count: items().length, max_pages: 1 })),
      mockCall(contactCalls.removeUserFromGroup, ({ input }) => {
        removed = input
        return { success: true as const }
      }),
    )
    const { user } = openContact(buildContactItem({ role: 'admin' }))
    await user.click(await findTab('Groups'))
    const list = within(await panel().findByRole('list', { name: 'Groups' }))
    const rows = list.getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual(['Grace ChurchPublic', 'YouthPublicRemove', 'EldersPrivate'])
    // Not the primary group (that is removing from the team), nor a group without the right.
    expect(list.getAllByRole('button')).toHaveLength(1)
    await user.click(list.getByRole('button', { name: 'Remove from Youth' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove from the group?' }))
    await user.click(dialog.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(list.queryByText('Youth')).not.toBeInTheDocument())
    expect(removed).toEqual({ team_id: 10, group_id: 12, user_id: 5 })
  })

  it("shows 'Nothing found.' for no groups", async () => {
    server.use(mockCall(contactCalls.contactGroups, emptyList))
    const { user } = openContact(buildContactItem({ role: 'admin' }))
    await user.click(await findTab('Groups'))
    expect(await panel().findByText('Nothing found.')).toBeInTheDocument()
  })
})

describe('the Delegate tab', () => {
  it("D2-6-09 adds the contact to a public group of the team: 'Saved'", async () => {
    let added: unknown
    const inYouth = { id: 12, title: 'Youth', is_public: true, is_active: true, user_capabilities: capabilityMap('leader') }
    server.use(
      mockCall(contactCalls.contactGroups, () => ({ items: added ? [inYouth] : [], count: added ? 1 : 0, max_pages: 1 })),
      mockCall(contactCalls.addUserToGroup, ({ input }) => {
        added = input
        return { success: true as const }
      }),
    )
    const { user } = openContact(buildContactItem({ role: 'admin' }))
    await user.click(await findTab('Delegate'))
    const select = await panel().findByRole('combobox', { name: /Group/ })
    // The public groups other than the primary one; not the private Elders.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['', 'Choir', 'Youth'])
    await user.selectOptions(select, 'Youth')
    await user.click(panel().getByRole('button', { name: 'Add to group' }))
    await waitFor(() => expect(panel().getByRole('status')).toHaveTextContent('Saved'))
    expect(added).toEqual({ team_id: 10, group_id: 12, user_id: 5 })
    // The contact's groups are fetched again: Youth is now taken.
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Youth (Already in this group)' })).toBeDisabled())
  })

  it('asks to correct the errors without a group', async () => {
    server.use(mockCall(contactCalls.contactGroups, emptyList))
    const { user } = openContact(buildContactItem({ role: 'admin' }))
    await user.click(await findTab('Delegate'))
    await user.click(await panel().findByRole('button', { name: 'Add to group' }))
    await waitFor(() => expect(panel().getByRole('alert')).toHaveTextContent('Please correct the errors to continue.'))
  })
})

describe('the Assignments tab', () => {
  // The tab a person chose last (D2-2.2-17).
  beforeEach(() => window.localStorage.setItem(activeTabStorageKey, 'assignments'))

  const assignments = [
    { id: 41, to_user_id: 7, to_user_name: 'Ruth Miller', to_user_email: 'ruth@example.test', by_user_name: 'Paul Reed', created_display: '02/05/2025' },
    { id: 40, to_user_id: 8, to_user_name: 'Joan Avery', to_user_email: null, by_user_name: 'Ruth Miller', created_display: '01/04/2025' },
  ]

  it('D2-3.7-01 lists the assignments as served; an assigned member deletes only their own', async () => {
    let deleted: unknown
    server.use(
      mockCall(contactCalls.contactAssignments, () => {
        const items = deleted ? assignments.slice(1) : assignments
        return { items, count: items.length, max_pages: 1 }
      }),
      mockCall(contactCalls.deleteContactAssignment, ({ input }) => {
        deleted = input
        return { success: true as const }
      }),
    )
    const { user } = openContact(buildContactItem({ role: 'assigned_member' }), 10)
    const table = within(await screen.findByRole('table', { name: 'Assignments' }, { timeout: 5000 }))
    const rows = table.getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Ruth Millerruth@example.test', 'Paul Reed', '02/05/2025'],
      ['Joan Avery', 'Ruth Miller', '01/04/2025'],
    ])
    // The signed-in person is Ruth Miller (user 7).
    expect(table.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Delete the assignment to Ruth Miller'])
    await user.click(table.getByRole('button', { name: 'Delete the assignment to Ruth Miller' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the assignment?' }))
    await user.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(table.queryByText('Paul Reed')).not.toBeInTheDocument())
    expect(deleted).toEqual({ team_id: 10, group_id: 10, user_id: 5, id: 41 })
  })

  it("D2-5-14 'Assign to self' hides the user field and assigns the caller", async () => {
    let sent: unknown
    server.use(
      mockCall(contactCalls.contactAssignments, emptyList),
      mockCall(contactCalls.addContactAssignment, ({ input }) => {
        sent = input
        return { id: 42 }
      }),
    )
    const { user } = openContact(buildContactItem({ role: 'leader' }), 10)
    await user.click(await findTab('Assignments'))
    const form = within(await screen.findByRole('region', { name: 'Add assignment' }, { timeout: 5000 }))
    expect(form.getByRole('textbox', { name: /User/ })).toBeInTheDocument()
    await user.click(form.getByRole('checkbox', { name: 'Assign to self' }))
    expect(form.queryByRole('textbox', { name: /User/ })).not.toBeInTheDocument()
    await user.click(form.getByRole('button', { name: 'Assign' }))
    await waitFor(() => expect(form.getByRole('status')).toHaveTextContent('Saved'))
    expect(sent).toEqual({ team_id: 10, group_id: 10, user_id: 5, to_self: true })
  })

  it('assigns a team user picked from the suggestions; without one it asks to correct the errors', async () => {
    let sent: unknown
    const searches: unknown[] = []
    server.use(
      mockCall(contactCalls.contactAssignments, emptyList),
      mockCall(suggestionCalls.teamUsers, ({ input }) => {
        searches.push(input)
        return { items: [{ id: 8, title: 'Joan Avery' }] }
      }),
      mockCall(contactCalls.addContactAssignment, ({ input }) => {
        sent = input
        return { id: 43 }
      }),
    )
    const { user } = openContact(buildContactItem({ role: 'leader' }), 10)
    await user.click(await findTab('Assignments'))
    const form = within(await screen.findByRole('region', { name: 'Add assignment' }, { timeout: 5000 }))
    await user.click(form.getByRole('button', { name: 'Assign' }))
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent('Please correct the errors to continue.'))
    expect(form.getByText('This field is required.')).toBeInTheDocument()
    await user.type(form.getByRole('textbox', { name: /User/ }), 'Jo')
    await user.click(await screen.findByRole('option', { name: 'Joan Avery' }))
    await user.click(form.getByRole('button', { name: 'Assign' }))
    await waitFor(() => expect(form.getByRole('status')).toHaveTextContent('Saved'))
    expect(searches[0]).toEqual({ search: 'Jo', team_id: '10' })
    expect(sent).toEqual({ team_id: 10, group_id: 10, user_id: 5, to_user_id: 8 })
  })

  it('D1-1-03 a minor without consent shows the needs-consent notice instead of the assignment form', async () => {
    server.use(mockCall(contactCalls.contactAssignments, emptyList))
    const { user } = openContact(buildContactItem({ role: 'leader', view: { is_child: true, age: 12, consent_given: false } }), 10)
    await user.click(await findTab('Assignments'))
    expect(
      await screen.findByText('A minor needs parental or carer consent on record before anyone follows them up.', {}, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(screen.getByText('This contact is a child and needs the consent of a parent or carer.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Add assignment' })).not.toBeInTheDocument()
  })

  it('without the names of team users only assigning oneself is offered', async () => {
    server.use(mockCall(contactCalls.contactAssignments, emptyList))
    openContact(buildContactItem({ role: 'assigned_member' }), 10)
    const form = within(await screen.findByRole('region', { name: 'Add assignment' }, { timeout: 5000 }))
    expect(form.getByRole('checkbox', { name: 'Assign to self' })).toBeChecked()
    expect(form.getByRole('checkbox', { name: 'Assign to self' })).toBeDisabled()
    expect(form.queryByRole('textbox', { name: /User/ })).not.toBeInTheDocument()
  })
})
