import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { maxPages, notificationCalls, type ManagedNotification } from '@crm/domain'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const conference = buildTeam({ id: 1, title: 'Demo Conference', role: 'entity_admin', is_conference: true })

function row(overrides: Partial<ManagedNotification> & Pick<ManagedNotification, 'id'>): ManagedNotification {
  return {
    content: '<p>Pray for the <strong>youth camp</strong></p>',
    link_url: 'https://example.org/camp',
    link_text: 'Camp details',
    importance: 'high',
    is_scheduled: true,
    date: '2026-12-01',
    date_timestamp: 1_796_083_200,
    level: 'conference',
    is_seen_by_count: 2,
    created_display: '20 Nov 2026',
    ...overrides,
  }
}

function mockList(items: ManagedNotification[], total = items.length) {
  const sent: Array<Record<string, string>> = []
  server.use(
    mockCall(notificationCalls.notifications, { items: [], count: 0, count_unread: 0 }),
    mockCall(notificationCalls.manageNotifications, ({ input }) => {
      const query = input as unknown as Record<string, string>
      sent.push(query)
      return { items, count: total, max_pages: maxPages(total, Number(query['per_page'])) }
    }),
  )
  return sent
}

async function visit(path = '/manage-notifications', { team = conference, role = 'user' as 'user' | 'admin' } = {}) {
  signedInAs(buildAccount([team], { role }), { teamId: team.id, groupId: team.id })
  const view = renderApp(path)
  await screen.findByRole('heading', { level: 1, name: 'Manage notifications' }, { timeout: 15000 })
  return view
}

/** The options of the Mantine select just opened (the page's native selects have options too). */
async function openOptions() {
  const listbox = await screen.findByRole('listbox')
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent)
}

async function choose(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }))
  await user.click(await screen.findByRole('option', { name: option }))
}

describe('/manage-notifications (spec 3 §2.7)', () => {
  it('D3-2.7-03 D3-2.7-04 a row shows the content, scheduled date, importance, link URL and text, and Seen by n', async () => {
    const sent = mockList([
      row({ id: 5 }),
      row({ id: 6, is_scheduled: false, date: null, link_url: null, link_text: null, importance: 'normal', level: 'global', is_seen_by_count: 0 }),
    ])
    await visit()
    const first = within(await screen.findByRole('listitem', { name: 'Notification 5' }, { timeout: 15000 }))
    expect(first.getByText('youth camp').tagName).toBe('STRONG')
    expect(first.getByText('Scheduled for 1 Dec 2026')).toBeInTheDocument()
    expect(first.getByText('Importance: High')).toBeInTheDocument()
    expect(first.getByRole('link', { name: 'https://example.org/camp' })).toHaveAttribute('href', 'https://example.org/camp')
    expect(first.getByText(/Link text: Camp details/)).toBeInTheDocument()
    expect(first.getByText('Seen by 2')).toBeInTheDocument()
    const second = within(screen.getByRole('listitem', { name: 'Notification 6' }))
    expect(second.getByText('Not scheduled')).toBeInTheDocument()
    expect(second.getByText('Global')).toBeInTheDocument()
    expect(second.getByText('Seen by 0')).toBeInTheDocument()
    expect(sent[0]).toMatchObject({ team_id: '1', group_id: '1', page: '1', order_by: 'created', order: 'desc' })
  }, 30_000)

  it('D3-2.7-02 D3-9-02 the importance and date filters (exactly the seven ranges) and the search go to the query and the URL', async () => {
    const sent = mockList([row({ id: 5 })], 300)
    const { user, router } = await visit('/manage-notifications?page=2')
    await screen.findByRole('listitem', { name: 'Notification 5' }, { timeout: 15000 })
    expect(sent.at(-1)).toMatchObject({ page: '2' })
    await user.click(screen.getByRole('combobox', { name: 'Date' }))
    const options = await openOptions()
    expect(options).toEqual(['Future (scheduled)', 'This week', 'Last week', 'This month', 'Last month', 'This year', 'Last year'])
    await user.click(screen.getByRole('option', { name: 'Last month' }))
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ date_filter: 'last_month', page: '1' }))
    await choose(user, 'Importance', 'High')
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ importance: 'high', date_filter: 'last_month' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search notifications' }), 'camp')
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ search: 'camp', importance: 'high' }))
    expect(new URLSearchParams(router.state.location.search).get('date_filter')).toBe('last_month')
  }, 30_000)

  it('D3-2.7-01 D3-3-11 D3-5-23 D3-6-23 adds: content required, date only when scheduled, no Level for a non-admin', async () => {
    mockList([])
    const added: unknown[] = []
    server.use(
      mockCall(notificationCalls.addNotification, ({ input }) => {
        added.push(input)
        return { id: 9 }
      }),
    )
    const { user } = await visit()
    await user.click(await screen.findByRole('button', { name: 'Add new' }, { timeout: 15000 }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add notification' }))
    expect(dialog.queryByRole('combobox', { name: 'Level' })).not.toBeInTheDocument()
    expect(dialog.queryByLabelText(/^Date/)).not.toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Add' }))
    expect(await dialog.findByText('Enter the content of the notification.')).toBeInTheDocument()
    expect(added).toEqual([])
    await user.type(dialog.getByRole('textbox', { name: /^Content/ }), 'Camp this weekend')
    await user.type(dialog.getByRole('textbox', { name: 'Link URL' }), 'example.org')
    await user.click(dialog.getByRole('button', { name: 'Add' }))
    expect(await dialog.findByText(/Enter a web address starting with http/)).toBeInTheDocument()
    await user.clear(dialog.getByRole('textbox', { name: 'Link URL' }))
    await user.type(dialog.getByRole('textbox', { name: 'Link URL' }), '/events')
    await user.click(dialog.getByRole('switch', { name: 'Scheduled' }))
    await user.click(dialog.getByRole('button', { name: 'Add' }))
    expect(await dialog.findByText('Choose the date the notification shows.')).toBeInTheDocument()
    await user.type(dialog.getByLabelText(/^Date/), '2026-12-24')
    await user.click(dialog.getByRole('combobox', { name: 'Importance' }))
    expect(await openOptions()).toEqual(['Normal', 'Medium', 'High'])
    await user.click(screen.getByRole('option', { name: 'Medium' }))
    await user.click(dialog.getByRole('button', { name: 'Add' }))
    await waitFor(() =>
      expect(added).toEqual([
        {
          content: 'Camp this weekend',
          link_url: '/events',
          link_text: null,
          importance: 'medium',
          is_scheduled: true,
          date: '2026-12-24',
          requesting_team_id: 1,
        },
      ]),
    )
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add notification' })).not.toBeInTheDocument())
  }, 30_000)

  it('D3-3-12 D3-6-23 an admin chooses the level (global or conference)', async () => {
    mockList([])
    const added: unknown[] = []
    server.use(
      mockCall(notificationCalls.addNotification, ({ input }) => {
        added.push(input)
        return { id: 9 }
      }),
    )
    const { user } = await visit('/manage-notifications', {
      role: 'admin',
      team: buildTeam({ id: 1, title: 'Demo Conference', role: 'admin', is_conference: true }),
    })
    await user.click(await screen.findByRole('button', { name: 'Add new' }, { timeout: 15000 }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add notification' }))
    await user.type(dialog.getByRole('textbox', { name: /^Content/ }), 'For everyone')
    await user.click(dialog.getByRole('combobox', { name: 'Level' }))
    expect(await openOptions()).toEqual(['Global', 'Conference'])
    await user.click(screen.getByRole('option', { name: 'Global' }))
    await user.click(dialog.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(added).toMatchObject([{ content: 'For everyone', level: 'global', is_scheduled: false, date: null }]))
  }, 30_000)

  it('D3-2.7-01 D3-8-01 quick edit shows the server field errors and says why the save failed; delete asks first, and a failure closes the dialog and says why', async () => {
    mockList([row({ id: 5 })])
    const updated: unknown[] = []
    const deleted: unknown[] = []
    server.use(
      mockCall(notificationCalls.updateNotification, ({ input }) => {
        updated.push(input)
        return apiError('invalid_request', 400, { errors: { link_text: 'Link text is too long for the server' } })
      }),
      mockCall(notificationCalls.deleteNotification, ({ input }) => {
        deleted.push(input)
        return deleted.length === 1 ? apiError('internal_error', 500) : { success: true as const }
      }),
    )
    const { user } = await visit()
    await user.click(await screen.findByRole('button', { name: 'Edit Notification 5' }, { timeout: 15000 }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit notification' }))
    expect(dialog.getByRole('textbox', { name: /^Content/ })).toHaveValue('<p>Pray for the <strong>youth camp</strong></p>')
    expect(dialog.getByLabelText(/^Date/)).toHaveValue('2026-12-01')
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    expect(await dialog.findByText('Link text is too long for the server')).toBeInTheDocument()
    expect(dialog.getByRole('alert')).toHaveTextContent('Not saved: please correct the fields marked in red.')
    expect(updated).toMatchObject([{ id: 5, requesting_team_id: 1, importance: 'high', date: '2026-12-01' }])
    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Delete Notification 5' }))
    let confirm = within(await screen.findByRole('dialog', { name: 'Delete notification' }))
    await user.click(confirm.getByRole('button', { name: 'Delete' }))
    // D3-8-01: the dialog closes and the page says why.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete notification' })).not.toBeInTheDocument())
    expect(screen.getByRole('alert')).toHaveTextContent('The item could not be deleted. Try again.')
    await user.click(screen.getByRole('button', { name: 'Delete Notification 5' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    confirm = within(await screen.findByRole('dialog', { name: 'Delete notification' }))
    await user.click(confirm.getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(deleted).toEqual([
        { id: 5, requesting_team_id: 1 },
        { id: 5, requesting_team_id: 1 },
      ]),
    )
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete notification' })).not.toBeInTheDocument())
  }, 30_000)

  it('D3-6-14 a church reads that the page is not available', async () => {
    mockList([])
    await visit('/manage-notifications', { team: buildTeam({ id: 2, title: 'Hope Church', role: 'owner', is_conference: false }) })
    expect(screen.getByText('Notification management is available only for conference teams.')).toBeInTheDocument()
  }, 30_000)

  it('D3-6-14 a conference leader without create_notification is not allowed', async () => {
    mockList([])
    await visit('/manage-notifications', { team: buildTeam({ id: 1, title: 'Demo Conference', role: 'leader', is_conference: true }) })
    expect(screen.getByText('You do not have permission to manage the notifications of this team.')).toBeInTheDocument()
  }, 30_000)
})
