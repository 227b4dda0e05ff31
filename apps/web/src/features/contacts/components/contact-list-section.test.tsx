import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { delay } from 'msw'
import { contactCalls, maxPages, searchDebounceMs } from '@crm/domain'
import { renderWithProviders } from '../../../test/render'
import { buildAccount, buildTeam, buildContactListItem } from '../../../test/fixtures'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { ContactListSection } from './contact-list-section'
import { columnsStorageKey, defaultColumns } from './contact-list-columns'

// One list of /contacts rendered alone (the page's tests cover the sections together).

const buildContact = (overrides: Parameters<typeof buildContactListItem>[0]) => buildContactListItem({ last_interaction_days_ago: 3, ...overrides })

const longEmail = 'bartholomew.featherstonehaugh-worthington@a-very-long-domain.example.test'
const people = [
  buildContact({ id: 1, name: 'Ann Lee', phone: '+61 412 345 678', email: 'ann@example.test' }),
  buildContact({ id: 2, name: 'Bartholomew Featherstonehaugh-Worthington', email: longEmail, is_child: true, age: 12 }),
]

function mockList(items = people, count = items.length, wait?: (query: Record<string, string>) => Promise<void>) {
  const sent: Array<Record<string, string>> = []
  server.use(
    mockCall(contactCalls.contacts, async ({ input }) => {
      const query = input as unknown as Record<string, string>
      sent.push(query)
      await wait?.(query)
      return { items, count, max_pages: maxPages(count, Number(query['per_page'] ?? 100)) }
    }),
  )
  return sent
}

function renderSection(path = '/contacts') {
  // Signed in: without a session the app clears its cached answers.
  signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role: 'owner' })]), { teamId: 10, groupId: 10 })
  return renderWithProviders(
    <ContactListSection
      kind="contacts"
      title="All contacts in team"
      scope={{ team_id: 10, group_id: 10 }}
      canRead
      canCreate
      canImport={false}
      emptyText="Nothing found."
    />,
    path,
  )
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('contact list: columns (issue #10)', () => {
  it('keeps every column where the width is unknown, and drops the least needed first as the list narrows', () => {
    expect([...defaultColumns(undefined)]).toHaveLength(8)
    // 1280 px beside the menu: everything but Added.
    expect(defaultColumns(978).has('created')).toBe(false)
    expect(defaultColumns(978).has('email')).toBe(true)
    expect(defaultColumns(978).has('growPhase')).toBe(true)
    expect([...defaultColumns(600)]).toEqual(['name', 'memberStatus', 'phone', 'email'])
    expect(defaultColumns(1200).size).toBe(8)
  })

  it('hides a column from the Columns menu and remembers the choice under contact_columns', async () => {
    mockList()
    const { user } = renderSection()
    const table = await screen.findByRole('table', { name: 'All contacts in team' })
    expect(within(table).getByRole('columnheader', { name: 'Email' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Columns' }))
    const menu = within(await screen.findByRole('group', { name: 'Columns shown' }))
    // The name always shows; every other column is a checkbox.
    expect(menu.queryByRole('checkbox', { name: 'Name' })).not.toBeInTheDocument()
    expect(menu.getAllByRole('checkbox')).toHaveLength(7)
    await user.click(menu.getByRole('checkbox', { name: 'Email' }))
    expect(within(table).queryByRole('columnheader', { name: 'Email' })).not.toBeInTheDocument()
    expect(within(table).queryByRole('link', { name: 'ann@example.test' })).not.toBeInTheDocument()
    expect(JSON.parse(window.localStorage.getItem(columnsStorageKey) ?? '{}')).toEqual({ email: false })
  })

  it('a remembered hidden column says so on the button and is one tick away', async () => {
    window.localStorage.setItem(columnsStorageKey, JSON.stringify({ email: false }))
    mockList()
    const { user } = renderSection()
    const table = await screen.findByRole('table', { name: 'All contacts in team' })
    expect(within(table).queryByRole('columnheader', { name: 'Email' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Columns (1 hidden)' }))
    const menu = within(await screen.findByRole('group', { name: 'Columns shown' }))
    const email = menu.getByRole('checkbox', { name: 'Email' })
    expect(email).not.toBeChecked()
    await user.click(email)
    expect(within(table).getByRole('link', { name: 'ann@example.test' })).toHaveAttribute('href', 'mailto:ann@example.test')
    expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument()
  })

  it('truncates long names and emails with the full value as their title, and keeps the Child badge whole', async () => {
    mockList()
    renderSection()
    const table = await screen.findByRole('table', { name: 'All contacts in team' })
    const email = within(table).getByRole('link', { name: longEmail })
    expect(email).toHaveAttribute('title', longEmail)
    expect(email).toHaveTextContent(longEmail)
    const name = within(table).getByRole('link', { name: 'Bartholomew Featherstonehaugh-Worthington' })
    expect(name).toHaveAttribute('title', 'Bartholomew Featherstonehaugh-Worthington')
    // The badge sits beside the link, not inside the truncated text.
    const badge = within(name.closest('td')!).getByText('Child')
    expect(name).not.toContainElement(badge)
  })
})

describe('contact list: on a phone (issue #10)', () => {
  it('shows one card per contact with every column stacked, tap-to-call and a sort control', async () => {
    window.innerWidth = 390
    mockList()
    const { user } = renderSection()
    const list = await screen.findByRole('list', { name: 'All contacts in team' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const [ann, bart] = within(list).getAllByRole('listitem')
    const card = within(ann!)
    expect(card.getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/contacts/view/1')
    expect(card.getByRole('link', { name: '+61 412 345 678' })).toHaveAttribute('href', 'tel:+61412345678')
    expect(card.getByRole('link', { name: 'ann@example.test' })).toHaveAttribute('href', 'mailto:ann@example.test')
    expect(card.getByText('Member status')).toBeInTheDocument()
    expect(card.getByText('Member')).toBeInTheDocument()
    expect(card.getByText('Last interaction')).toBeInTheDocument()
    expect(card.getByText('3 days ago')).toBeInTheDocument()
    expect(within(bart!).getByText('Child')).toBeInTheDocument()
    expect(within(bart!).getByText('12 years old')).toBeInTheDocument()

    const sortBy = screen.getByRole('combobox', { name: 'Sort by' })
    expect(sortBy).toHaveValue('name')
    await user.click(screen.getByRole('button', { name: 'Ascending order; reverse it' }))
    expect(await screen.findByRole('button', { name: 'Descending order; reverse it' })).toBeInTheDocument()
  })
})

describe('contact list: paging and loading (issue #10)', () => {
  it('a new page scrolls to the list heading and moves focus there', async () => {
    mockList(people, 300)
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView')
    const { user, router } = renderSection()
    const pages = within(await screen.findByRole('navigation', { name: 'Pages of All contacts in team' }))
    await user.click(pages.getByRole('button', { name: 'Page 2' }))
    const heading = screen.getByRole('heading', { level: 2, name: 'All contacts in team' })
    expect(heading).toHaveFocus()
    expect(scrolled.mock.contexts).toContain(heading)
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'))
  })

  it('reserves the height of the rows it showed last while it loads again', async () => {
    window.sessionStorage.setItem('contact_rows:contacts:10:10', '2')
    mockList(people, 2, () => delay(10_000))
    renderSection()
    const loader = await screen.findByLabelText('Loading contacts')
    // Two rows of 42 px, the header (45) and the paging (60).
    expect(loader.closest('[style*="height"]')).toHaveStyle({ height: `${2 * 42 + 45 + 60}px` })
  })
})

describe('contact list: search (D1-9-01, issue #10)', () => {
  it('asks 400 ms after the last keystroke, not before and not later, and shows the list updating meanwhile', async () => {
    let release: () => void = () => {}
    const sent = mockList(people, 2, (query) => (query['search'] ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()))
    renderSection()
    const table = await screen.findByRole('table', { name: 'All contacts in team' })
    const searchbox = screen.getByRole('searchbox', { name: 'Search contacts' })

    vi.useFakeTimers()
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const searches = () => fetchSpy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('search='))
    fireEvent.change(searchbox, { target: { value: 'An' } })
    await act(() => vi.advanceTimersByTimeAsync(200))
    fireEvent.change(searchbox, { target: { value: 'Ann' } })
    await act(() => vi.advanceTimersByTimeAsync(searchDebounceMs - 1))
    expect(searches()).toHaveLength(0)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(searches()).toHaveLength(1)
    expect(String(searches()[0]![0])).toContain('search=Ann')
    vi.useRealTimers()

    await waitFor(() => expect(sent.some((query) => query['search'] === 'Ann')).toBe(true))
    expect(table).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('status', { name: 'Updating the list' })).toBeInTheDocument()
    release()
    await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'))
    expect(screen.queryByRole('status', { name: 'Updating the list' })).not.toBeInTheDocument()
  })
})

describe('contact list: a count stopped at a bound (issue #11)', () => {
  it('says "More than" the bound and keeps Next on past the last page it knows', async () => {
    server.use(mockCall(contactCalls.contacts, () => ({ items: people, count: 1000, max_pages: 10, count_is_lower_bound: true as const })))
    renderSection('/contacts?page=10')
    expect(await screen.findByText('More than 1,000 contacts')).toBeInTheDocument()
    const pages = screen.getByRole('navigation', { name: /All contacts in team/ })
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeEnabled()
  })

  it('an exact count says the number alone', async () => {
    mockList(people, 2)
    renderSection()
    expect(await screen.findByText('2 contacts')).toBeInTheDocument()
    expect(screen.queryByText(/More than/)).not.toBeInTheDocument()
  })
})
