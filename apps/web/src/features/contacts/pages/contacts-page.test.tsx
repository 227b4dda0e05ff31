import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { contactCalls, lookupCalls, maxPages, type ContactListItem, type ContactListKind } from '@crm/domain'
import { apiBase, type OutputOf } from '../../../lib/api'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildGroup, buildTeam, buildContactListItem } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { readStoredSelection } from '../../../lib/session'

const youth = buildGroup({ id: 12, title: 'Youth', is_public: true, user_role: 'owner' })
const elders = buildGroup({ id: 13, title: 'Elders', is_public: false, user_role: 'owner' })
const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [youth, elders] })

const buildContact = buildContactListItem

type Query = Record<string, string>
type ListAnswer = OutputOf<typeof contactCalls.contacts>
type Responder = ListAnswer | Response | ((query: Query, signal: AbortSignal) => ListAnswer | Response | Promise<ListAnswer | Response>)

function answer(items: ContactListItem[], count = items.length, perPage = 100): ListAnswer {
  return { items, count, max_pages: maxPages(count, perPage) }
}

const calls = { contacts: contactCalls.contacts, assigned: contactCalls.assignedContacts, archived: contactCalls.archivedContacts }

/**
 * Answers the three lists (typed by the contract) and records every query and the
 * request's AbortSignal, to see which requests were aborted.
 */
function mockLists(responders: Partial<Record<ContactListKind, Responder>> = {}) {
  const sent: Record<ContactListKind, Query[]> = { contacts: [], assigned: [], archived: [] }
  const signals: Record<ContactListKind, AbortSignal[]> = { contacts: [], assigned: [], archived: [] }
  for (const kind of ['contacts', 'assigned', 'archived'] as const) {
    const responder = responders[kind] ?? answer([])
    server.use(
      http.get(`${apiBase}${calls[kind].path}`, async ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams)
        sent[kind].push(query)
        signals[kind].push(request.signal)
        const result = typeof responder === 'function' ? await responder(query, request.signal) : responder
        return result instanceof Response ? result : HttpResponse.json(result)
      }),
    )
  }
  return { sent, signals }
}

function mockLookups() {
  server.use(
    mockCall(lookupCalls.lookups, ({ params }) => {
      if (params['list'] === 'member-status-types')
        return {
          items: [
            { id: 'member', title: 'Member' },
            { id: 'lead-visited', title: 'Lead (visited)' },
          ],
        }
      if (params['list'] === 'contact-source-types')
        return {
          items: [
            { id: 'event', title: 'Event' },
            { id: 'friend', title: 'Friend' },
          ],
        }
      return { items: [] }
    }),
  )
}

/** Opens a path of the app once the page's heading shows (the first render loads the page's chunk). */
async function visit(path: string) {
  const view = renderApp(path)
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })
  return view
}

async function section(name: string | RegExp) {
  return within(await screen.findByRole('region', { name }))
}

function last<T>(list: T[]): T | undefined {
  return list[list.length - 1]
}

describe('/contacts: header and sections (spec 2 §2)', () => {
  it('D2-2.1-01, -02, -03, -04, -05: a public group reads Contacts, shows its title, and has My contacts, All contacts in group and Archived', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    mockLists()
    const { user, router } = await visit('/contacts')
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument()
    const main = within(screen.getByRole('main'))
    expect(main.getByText('Youth')).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'My contacts' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'All contacts in group' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Archived contacts' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'My contacts',
      'All contacts in group',
      'Archived contacts',
    ])
    await waitFor(() => expect(document.title).toBe('Grace CRM - Contacts'))

    const switchGroup = main.getByRole('link', { name: 'Switch group' })
    expect(switchGroup).toHaveAttribute('href', '/contacts/group/switch')
    await user.click(switchGroup)
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/group/switch'))
    expect(await screen.findByRole('heading', { name: 'Switch group' })).toBeInTheDocument()
  })

  it('D2-2.1-01, -03, -04: the primary group reads My contacts, has no assigned list, and lists All contacts in team', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { sent } = mockLists()
    await visit('/contacts')
    expect(await screen.findByRole('heading', { level: 1, name: 'My contacts' })).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByText('Grace Church')).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'All contacts in team' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Archived contacts' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'My contacts' })).not.toBeInTheDocument()
    await waitFor(() => expect(sent.contacts).toHaveLength(1))
    expect(sent.assigned).toHaveLength(0)
  })

  it('D2-2.1-01: a private group reads My contacts and lists All contacts in group', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 13 })
    mockLists()
    await visit('/contacts')
    expect(await screen.findByRole('heading', { level: 1, name: 'My contacts' })).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'All contacts in group' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'My contacts' })).not.toBeInTheDocument()
  })

  it('D1-9-04, D1-9-06, D2-9-01, D2-9-02: first requests ask page 1 of 100, contacts by name ascending, the others by created descending', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    const { sent } = mockLists()
    await visit('/contacts')
    await waitFor(() => expect(sent.archived).toHaveLength(1))
    await waitFor(() => expect(sent.assigned).toHaveLength(1))
    expect(sent.contacts).toEqual([{ team_id: '10', group_id: '12', page: '1', per_page: '100', order_by: 'name', order: 'asc' }])
    expect(sent.assigned[0]).toEqual({ team_id: '10', group_id: '12', page: '1', per_page: '100', order_by: 'created', order: 'desc' })
    expect(sent.archived[0]).toEqual({ team_id: '10', group_id: '12', page: '1', per_page: '100', order_by: 'created', order: 'desc' })
  })

  it('D2-2.1-07: Add new links to /contacts/new with create_contact; Import sits beside it with import_contact', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    mockLists()
    await visit('/contacts')
    const all = await section('All contacts in group')
    expect(all.getByRole('link', { name: 'Add new' })).toHaveAttribute('href', '/contacts/new')
    expect(screen.getAllByRole('link', { name: 'Add new' })).toHaveLength(3)
    expect(all.getByRole('button', { name: 'Import' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Import' })).toHaveLength(3)
  })
})

describe('/contacts: rows and empty states', () => {
  it('shows name (linked), age, member status, grow phase (preserve as Multiply), phone, email and the child and awaiting markers', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    mockLists({
      contacts: answer([
        buildContact({
          id: 1,
          name: 'Ann Lee',
          age: 1,
          grow_phase: 'preserve',
          phone: '+61 412 345 678',
          email: 'ann@example.test',
          last_interaction_days_ago: 3,
        }),
        buildContact({ id: 2, name: 'Ben Cho', age: 15, is_child: true, is_awaiting_approval: true }),
      ]),
    })
    await visit('/contacts')
    const all = await section('All contacts in team')
    const table = within(await all.findByRole('table', { name: 'All contacts in team' }))
    const [, annRow, benRow] = table.getAllByRole('row')
    const ann = within(annRow!)
    expect(ann.getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/contacts/view/1')
    expect(ann.getByText('1 year old')).toBeInTheDocument()
    expect(ann.getByText('Member')).toBeInTheDocument()
    expect(ann.getByText('Multiply')).toBeInTheDocument()
    expect(ann.getByText('3 days ago')).toBeInTheDocument()
    expect(ann.getByRole('link', { name: '+61 412 345 678' })).toHaveAttribute('href', 'tel:+61412345678')
    expect(ann.getByRole('link', { name: 'ann@example.test' })).toHaveAttribute('href', 'mailto:ann@example.test')
    const ben = within(benRow!)
    expect(ben.getByText('15 years old')).toBeInTheDocument()
    expect(ben.getByText('Child')).toBeInTheDocument()
    expect(ben.getByText('Awaiting approval')).toBeInTheDocument()
    expect(all.getByText('2 contacts')).toBeInTheDocument()
  })

  it("a restricted child's row names no one: 'A child', linking to its page, and the protected text (issue 33)", async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const restricted = {
      id: 5,
      name: '',
      first_name: '',
      last_name: '',
      is_child: true,
      is_restricted: true,
      age: null,
      member_status_display: null,
      grow_phase: null,
      phone: null,
      email: null,
    }
    mockLists({ contacts: answer([buildContact(restricted)]) })
    await visit('/contacts')
    const all = await section('All contacts in team')
    const row = within((await all.findAllByRole('row'))[1]!)
    expect(row.getByRole('link', { name: 'A child' })).toHaveAttribute('href', '/contacts/view/5')
    expect(row.getByText("This child's details are protected.")).toBeInTheDocument()
    expect(row.getAllByRole('cell')).toHaveLength(2)
    expect(row.queryByText(/years old/)).not.toBeInTheDocument()
  })

  it("D2-2.1-08, -09, -10: each list's empty text", async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    mockLists()
    await visit('/contacts')
    expect(await (await section('My contacts')).findByText("You don't have any assigned contacts.")).toBeInTheDocument()
    expect(await (await section('All contacts in group')).findByText('Nothing found.')).toBeInTheDocument()
    expect(await (await section('Archived contacts')).findByText("You don't have any archived contacts.")).toBeInTheDocument()
  })

  it("D2-2.1-08: a search with no result reads 'Nothing found.', also in the assigned list", async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    const { sent } = mockLists()
    const { user } = await visit('/contacts')
    const mine = await section('My contacts')
    await mine.findByText("You don't have any assigned contacts.")
    await user.type(mine.getByRole('searchbox', { name: 'Search contacts' }), 'zzzzqq')
    expect(await mine.findByText('Nothing found.')).toBeInTheDocument()
    // The search goes 400 ms after typing stops; under load the text can show first.
    await waitFor(() => expect(last(sent.assigned)).toMatchObject({ search: 'zzzzqq' }))
  })
})

describe('/contacts: search, filters and sorting (D2-2.1-06)', () => {
  it('searches once, 400 ms after typing stops, from page 1 (D1-9-01)', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { sent } = mockLists({ contacts: answer([buildContact({ id: 1, name: 'Ann Lee' })], 300) })
    const { user, router } = await visit('/contacts?page=2')
    const all = await section('All contacts in team')
    await all.findByRole('link', { name: 'Ann Lee' })
    await user.type(all.getByRole('searchbox', { name: 'Search contacts' }), 'Ann')
    // Typing alone sends nothing; the search goes once the 400 ms pass.
    expect(sent.contacts.filter((query) => query['search'] !== undefined)).toHaveLength(0)
    await waitFor(() => expect(sent.contacts.filter((query) => query['search'] !== undefined)).toHaveLength(1))
    expect(last(sent.contacts)).toMatchObject({ search: 'Ann', page: '1' })
    expect(router.state.location.search).toBe('?search=Ann')
  })

  it('D2-9-06, D2-9-07: filters list the age bands, interactions, lookups, grow phases and genders, and send the choice', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    mockLookups()
    const { sent } = mockLists({ contacts: answer([buildContact({ id: 1, name: 'Ann Lee' })]) })
    const { user, router } = await visit('/contacts')
    const all = await section('All contacts in team')
    const toggle = all.getByRole('button', { name: 'Filters' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')

    const options = (label: string) =>
      within(all.getByRole('combobox', { name: label }))
        .getAllByRole('option')
        .map((option) => option.textContent)
    expect(options('Age')).toEqual(['All', '0-12', '13-21', '22-40', '41-65', '66+'])
    expect(options('Interaction')).toEqual(['All', 'Overdue', 'None', '1 month since last', '3 months since last', '6 months since last', 'Unvisited'])
    expect(options('Grow phase')).toEqual(['All', 'Prepare', 'Plant', 'Cultivate', 'Harvest', 'Multiply'])
    expect(options('Gender')).toEqual(['All', 'Male', 'Female', 'Prefer not to say'])
    await waitFor(() => expect(options('Member status')).toEqual(['All', 'Member', 'Lead (visited)']))
    await waitFor(() => expect(options('Source')).toEqual(['All', 'Event', 'Friend']))

    await user.selectOptions(all.getByRole('combobox', { name: 'Age' }), '13-21')
    await waitFor(() => expect(last(sent.contacts)).toMatchObject({ age: '13-21' }))
    await user.selectOptions(all.getByRole('combobox', { name: 'Interaction' }), 'Overdue')
    await waitFor(() => expect(last(sent.contacts)).toMatchObject({ age: '13-21', interaction: 'missed' }))
    await user.selectOptions(all.getByRole('combobox', { name: 'Member status' }), 'Lead (visited)')
    await user.selectOptions(all.getByRole('combobox', { name: 'Source' }), 'Friend')
    await user.selectOptions(all.getByRole('combobox', { name: 'Grow phase' }), 'Multiply')
    await user.selectOptions(all.getByRole('combobox', { name: 'Gender' }), 'Male')
    await waitFor(() =>
      expect(last(sent.contacts)).toEqual({
        team_id: '10',
        group_id: '10',
        page: '1',
        per_page: '100',
        order_by: 'name',
        order: 'asc',
        age: '13-21',
        interaction: 'missed',
        member_status: 'lead-visited',
        source: 'friend',
        grow_phase: 'preserve',
        gender: 'male',
      }),
    )
    expect(all.getByRole('button', { name: 'Filters (6)' })).toBeInTheDocument()
    expect(new URLSearchParams(router.state.location.search).get('grow_phase')).toBe('preserve')

    await user.click(all.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(last(sent.contacts)).toEqual({ team_id: '10', group_id: '10', page: '1', per_page: '100', order_by: 'name', order: 'asc' }))
  })

  it('opens with the filters of the URL applied and shown', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    mockLookups()
    const { sent } = mockLists()
    await visit('/contacts?age=66%2B&archived_gender=female&age_unknown=1&interaction=bogus')
    const all = await section('All contacts in team')
    expect(all.getByRole('combobox', { name: 'Age' })).toHaveValue('66+')
    await waitFor(() => expect(sent.archived).toHaveLength(1))
    expect(sent.contacts[0]).toMatchObject({ age: '66+' })
    expect(sent.contacts[0]).not.toHaveProperty('interaction')
    expect(sent.archived[0]).toMatchObject({ gender: 'female' })
    expect(sent.archived[0]).not.toHaveProperty('age')
  })

  it('sorts by a column header, toggling the direction, and marks the sorted column', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { sent } = mockLists({ contacts: answer([buildContact({ id: 1, name: 'Ann Lee' })]) })
    const { user } = await visit('/contacts')
    const all = await section('All contacts in team')
    await all.findByRole('link', { name: 'Ann Lee' })
    expect(all.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending')
    await user.click(all.getByRole('button', { name: 'Age' }))
    await waitFor(() => expect(last(sent.contacts)).toMatchObject({ order_by: 'age', order: 'asc' }))
    expect(all.getByRole('columnheader', { name: 'Age' })).toHaveAttribute('aria-sort', 'ascending')
    expect(all.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort')
    await user.click(all.getByRole('button', { name: 'Age' }))
    await waitFor(() => expect(last(sent.contacts)).toMatchObject({ order_by: 'age', order: 'desc' }))
    await user.click(all.getByRole('button', { name: 'Added' }))
    await waitFor(() => expect(last(sent.contacts)).toMatchObject({ order_by: 'created', order: 'desc' }))
    for (const [column, orderBy] of [
      ['Member status', 'member_status'],
      ['Grow phase', 'grow_phase'],
      ['Last interaction', 'last_interaction'],
    ]) {
      await user.click(all.getByRole('button', { name: column }))
      await waitFor(() => expect(last(sent.contacts)).toMatchObject({ order_by: orderBy }))
    }
  })
})

describe('/contacts: paging (spec 1 §9)', () => {
  it('D1-9-03, D1-9-05: offers 4, 20, 50, 100, 200 rows and remembers the choice under per_page', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { sent } = mockLists({ contacts: answer([buildContact({ id: 1, name: 'Ann Lee' })]) })
    const first = await visit('/contacts')
    const all = await section('All contacts in team')
    await all.findByRole('link', { name: 'Ann Lee' })
    const size = all.getByRole('combobox', { name: 'Rows per page' })
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['4', '20', '50', '100', '200'])
    expect(size).toHaveValue('100')
    await first.user.selectOptions(size, '20')
    await waitFor(() => expect(last(sent.contacts)).toMatchObject({ per_page: '20' }))
    expect(window.localStorage.getItem('per_page')).toBe('20')
    // Archived contacts follow the same setting.
    await waitFor(() => expect(last(sent.archived)).toMatchObject({ per_page: '20' }))
    first.unmount()

    await visit('/contacts')
    await waitFor(() => expect(sent.contacts.length).toBeGreaterThan(2))
    expect(last(sent.contacts)).toMatchObject({ per_page: '20' })
  })

  it('D1-9-08: 20 pages at page 10 show 1 2 3 … 9 10 11 … 18 19 20; a page button loads that page', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { sent } = mockLists({ contacts: answer([buildContact({ id: 1, name: 'Ann Lee' })], 2000) })
    const { user, router } = await visit('/contacts?page=10')
    const all = await section('All contacts in team')
    const pages = within(await all.findByRole('navigation', { name: 'Pages of All contacts in team' }))
    const buttons = pages.getAllByRole('button', { name: /^Page \d+$/ })
    expect(buttons.map((button) => button.textContent)).toEqual(['1', '2', '3', '9', '10', '11', '18', '19', '20'])
    expect(pages.getAllByText('…')).toHaveLength(2)
    expect(pages.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page')
    expect(sent.contacts[0]).toMatchObject({ page: '10' })

    await user.click(pages.getByRole('button', { name: 'Page 11' }))
    await waitFor(() => expect(last(sent.contacts)).toMatchObject({ page: '11' }))
    expect(router.state.location.search).toBe('?page=11')
    await user.click(pages.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(last(sent.contacts)).toMatchObject({ page: '12' }))
    await user.click(pages.getByRole('button', { name: 'Page 1' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled()
  })

  it('D1-9-07: a page past max_pages is reduced to max_pages', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { sent } = mockLists({ contacts: answer([buildContact({ id: 1, name: 'Ann Lee' })], 250) })
    const { router } = await visit('/contacts?page=999')
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'))
    await waitFor(() => expect(last(sent.contacts)).toMatchObject({ page: '3' }))
    expect(sent.contacts[0]).toMatchObject({ page: '999' })
    const pages = within(await screen.findByRole('navigation', { name: 'Pages of All contacts in team' }))
    expect(pages.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page')
  })

  it('keeps each list on its own page: page for all contacts, archived_page and assigned_page for the others', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    const many = answer([buildContact({ id: 1, name: 'Ann Lee' })], 450)
    const { sent } = mockLists({ contacts: many, assigned: many, archived: many })
    const { user, router } = await visit('/contacts?archived_page=2&assigned_page=3')
    await waitFor(() => expect(sent.archived).toHaveLength(1))
    expect(sent.contacts[0]).toMatchObject({ page: '1' })
    expect(sent.assigned[0]).toMatchObject({ page: '3' })
    expect(sent.archived[0]).toMatchObject({ page: '2' })
    const archived = await section('Archived contacts')
    await user.click(await archived.findByRole('button', { name: 'Page 4' }))
    await waitFor(() => expect(last(sent.archived)).toMatchObject({ page: '4' }))
    expect(new URLSearchParams(router.state.location.search).get('archived_page')).toBe('4')
    expect(new URLSearchParams(router.state.location.search).get('assigned_page')).toBe('3')
    expect(sent.contacts).toHaveLength(1)
  })
})

describe('/contacts: requests', () => {
  it('D1-4-23: a new search aborts the earlier request of the same list; only the latest answer shows', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { sent, signals } = mockLists({
      contacts: async (query) => {
        if (query['search'] === 'An') {
          await delay(2000)
          return answer([buildContact({ id: 2, name: 'Andrew Slow' })])
        }
        if (query['search'] === 'Ann') return answer([buildContact({ id: 3, name: 'Ann Fast' })])
        return answer([buildContact({ id: 1, name: 'Zoe Start' })])
      },
    })
    const { user } = await visit('/contacts')
    const all = await section('All contacts in team')
    await all.findByRole('link', { name: 'Zoe Start' })
    const search = all.getByRole('searchbox', { name: 'Search contacts' })
    await user.type(search, 'An')
    await waitFor(() => expect(last(sent.contacts)).toMatchObject({ search: 'An' }))
    // The rows on screen stay while the next answer loads.
    expect(all.getByRole('link', { name: 'Zoe Start' })).toBeInTheDocument()
    await user.type(search, 'n')
    expect(await all.findByRole('link', { name: 'Ann Fast' })).toBeInTheDocument()
    const slow = sent.contacts.findIndex((query) => query['search'] === 'An')
    expect(signals.contacts[slow]!.aborted).toBe(true)
    expect(all.queryByRole('link', { name: 'Andrew Slow' })).not.toBeInTheDocument()
  })

  it('a failed list says so quietly and loads again on Try again', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    let fail = true
    mockLists({ contacts: () => (fail ? apiError('internal_error', 500) : answer([buildContact({ id: 1, name: 'Ann Lee' })])) })
    const { user } = await visit('/contacts')
    const all = await section('All contacts in team')
    expect(await all.findByText('The list could not be loaded.')).toBeInTheDocument()
    fail = false
    await user.click(all.getByRole('button', { name: 'Try again' }))
    expect(await all.findByRole('link', { name: 'Ann Lee' })).toBeInTheDocument()
  })
})

describe('/contacts: access', () => {
  it('a member in the primary group lands on the contacts assigned to them: no refusal, no list they cannot read (issue #10)', async () => {
    const member = buildTeam({ id: 10, title: 'Grace Church', role: 'member', groups: [buildGroup({ id: 12, title: 'Youth', is_public: true })] })
    signedInAs(buildAccount([member]), { teamId: 10, groupId: 10 })
    const { sent } = mockLists({ assigned: answer([buildContact({ id: 4, name: 'Tom Vu' })]) })
    await visit('/contacts')
    const mine = await section('My contacts')
    expect(await mine.findByRole('link', { name: 'Tom Vu' })).toBeInTheDocument()
    expect(screen.getByText(/Only the contacts assigned to you are listed here/)).toBeInTheDocument()
    expect(screen.queryByText('You do not have permission to access this page.')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'All contacts in team' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Archived contacts' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add new' })).not.toBeInTheDocument()
    expect(sent.contacts).toHaveLength(0)
    expect(sent.assigned).toHaveLength(1)
  })

  it('D2-2.1-15: with no list to read the page says access is denied and links to /contacts/group/switch; nothing is asked', async () => {
    // A group whose role reads nothing (no read_contact, no read_assigned_contact).
    const bare = buildGroup({ id: 12, title: 'Youth', is_public: false, user_role: null })
    const team = buildTeam({ id: 10, title: 'Grace Church', role: 'member', groups: [bare] })
    signedInAs(buildAccount([team]), { teamId: 10, groupId: 12 })
    const { sent } = mockLists()
    renderApp('/contacts')
    expect(await screen.findByText(/You do not have permission to access this page\./, {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Switch to another group' })).toHaveAttribute('href', '/contacts/group/switch')
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
    expect(sent.contacts).toHaveLength(0)
    expect(sent.assigned).toHaveLength(0)
  })

  it('at a conference shows the way to the churches’ contacts (issue #10)', async () => {
    const conference = buildTeam({ id: 1, title: 'North Conference', role: 'entity_admin', is_conference: true })
    const church = buildTeam({ id: 10, title: 'Grace Church', role: 'entity_admin', parent_id: 1 })
    signedInAs(buildAccount([conference, church]), { teamId: 1, groupId: 1 })
    mockLists()
    const { user } = await visit('/contacts')
    expect(screen.getByText('The churches keep their own contacts')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Grace Church' }))
    // Now at the church: its lists, and no conference notice.
    await waitFor(() => expect(readStoredSelection()).toEqual({ teamId: 10, groupId: 10 }))
    expect(await screen.findByRole('region', { name: 'All contacts in team' })).toBeInTheDocument()
    expect(screen.queryByText('The churches keep their own contacts')).not.toBeInTheDocument()
  })

  it('a member of a public group reads their assigned contacts without Add new', async () => {
    const member = buildTeam({ id: 10, title: 'Grace Church', role: 'member', groups: [buildGroup({ id: 12, title: 'Youth', is_public: true })] })
    signedInAs(buildAccount([member]), { teamId: 10, groupId: 12 })
    mockLists({ assigned: answer([buildContact({ id: 4, name: 'Tom Vu' })]) })
    await visit('/contacts')
    const mine = await section('My contacts')
    expect(await mine.findByRole('link', { name: 'Tom Vu' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add new' })).not.toBeInTheDocument()
  })

  it('D2-2.1-15: a 403 from the server shows the same message instead of the list', async () => {
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    mockLists({ contacts: apiError('forbidden', 403) })
    await visit('/contacts')
    const all = await section('All contacts in team')
    expect(await all.findByText('You do not have permission to access this page.')).toBeInTheDocument()
    expect(all.getByRole('link', { name: 'Switch to another group' })).toHaveAttribute('href', '/contacts/group/switch')
    // The other lists are unaffected.
    expect(await (await section('Archived contacts')).findByText("You don't have any archived contacts.")).toBeInTheDocument()
  })
})

describe('/contacts in Spanish', () => {
  it('speaks Spanish', async () => {
    await changeLocale('es')
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 12 })
    mockLists({ contacts: answer([buildContact({ id: 1, name: 'Ann Lee', age: 1, grow_phase: 'preserve' })]) })
    await visit('/contacts')
    expect(await screen.findByRole('heading', { level: 1, name: 'Contactos' })).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Cambiar de grupo' })).toBeInTheDocument()
    expect(await (await section('Mis contactos')).findByText('No tienes contactos asignados.')).toBeInTheDocument()
    const all = await section('Todos los contactos del grupo')
    expect(await all.findByText('1 año')).toBeInTheDocument()
    expect(all.getByText('Multiplicar')).toBeInTheDocument()
    expect(all.getByRole('combobox', { name: 'Filas por página' })).toBeInTheDocument()
    expect(await (await section('Contactos archivados')).findByText('No tienes contactos archivados.')).toBeInTheDocument()
  })
})
