import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { notificationCalls, notificationPollMs } from '@crm/domain'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { i18next } from '../../../lib/i18n'
import { buildNotification, serveNotifications } from '../notifications.fixtures'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner' })

async function openPanel(path = '/group/switch') {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const view = renderApp(path)
  const bell = await screen.findByRole('button', { name: /^(Notifications|Notificaciones), / })
  await view.user.click(bell)
  const panel = await screen.findByRole('dialog')
  return { ...view, bell, panel: within(panel) }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the notifications panel', () => {
  it("names the unread count on the bell; tabs 'Unread' with the count and 'Read' with the seen items (D1-2.10-01)", async () => {
    serveNotifications([
      buildNotification({ id: 1, content: '<p>First unread</p>' }),
      buildNotification({ id: 2, content: '<p>Second unread</p>' }),
      buildNotification({ id: 3, content: '<p>Third unread</p>' }),
      buildNotification({ id: 4, content: '<p>Already read</p>', is_seen: true }),
    ])
    const { bell, panel, user } = await openPanel()
    expect(bell).toHaveAccessibleName('Notifications, 3 unread')
    expect(bell).toHaveAttribute('aria-expanded', 'true')
    const unreadTab = panel.getByRole('tab', { name: /Unread/ })
    expect(unreadTab).toHaveAttribute('aria-selected', 'true')
    await waitFor(() => expect(within(unreadTab).getByText('3')).toBeInTheDocument())
    const unreadList = within(await panel.findByRole('list', { name: 'Unread' }))
    expect(unreadList.getAllByRole('listitem')).toHaveLength(3)
    expect(unreadList.getByText('First unread')).toBeInTheDocument()
    expect(panel.queryByText('Already read')).not.toBeInTheDocument()

    await user.click(panel.getByRole('tab', { name: 'Read' }))
    const readList = within(await panel.findByRole('list', { name: 'Read' }))
    expect(readList.getAllByRole('listitem')).toHaveLength(1)
    expect(readList.getByText('Already read')).toBeInTheDocument()
    // Read items have nothing to mark; the Unread tab keeps its count.
    expect(readList.queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument()
    expect(within(panel.getByRole('tab', { name: /Unread/ })).getByText('3')).toBeInTheDocument()
  })

  it('shows an icon with a label for high and medium importance, none for normal (D1-2.10-02)', async () => {
    serveNotifications([
      buildNotification({ id: 1, importance: 'high', content: '<p>Urgent</p>' }),
      buildNotification({ id: 2, importance: 'medium', content: '<p>Soon</p>' }),
      buildNotification({ id: 3, importance: 'normal', content: '<p>Whenever</p>' }),
    ])
    const { panel } = await openPanel()
    const items = within(await panel.findByRole('list', { name: 'Unread' })).getAllByRole('listitem')
    expect(within(items[0]!).getByRole('img', { name: 'High importance' })).toBeInTheDocument()
    expect(within(items[1]!).getByRole('img', { name: 'Medium importance' })).toBeInTheDocument()
    expect(within(items[2]!).queryByRole('img')).not.toBeInTheDocument()
  })

  it('renders the content as HTML with the date and the optional link: paths through the router, addresses in a new tab (D1-2.10-03)', async () => {
    serveNotifications([
      buildNotification({ id: 1, content: 'Pray for <b>x</b>', link_url: '/contacts/view/12', link_text: 'Open Ann' }),
      buildNotification({ id: 2, content: '<p>Camp</p>', link_url: 'https://example.org/camp', link_text: 'Camp details' }),
      buildNotification({ id: 3, content: '<p>No link here</p>', date_timestamp: 1_795_000_000 }),
    ])
    const { panel } = await openPanel()
    const items = within(await panel.findByRole('list', { name: 'Unread' })).getAllByRole('listitem')
    const bold = within(items[0]!).getByText('x')
    expect(bold.tagName).toBe('B')
    const internal = within(items[0]!).getByRole('link', { name: 'Open Ann' })
    expect(internal).toHaveAttribute('href', '/contacts/view/12')
    expect(internal).not.toHaveAttribute('target')
    const external = within(items[1]!).getByRole('link', { name: 'Camp details' })
    expect(external).toHaveAttribute('href', 'https://example.org/camp')
    expect(external).toHaveAttribute('target', '_blank')
    expect(external.getAttribute('rel')).toContain('noopener')
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument()
    // The date, in the reader's language, from date_timestamp in seconds, where the team lives
    // (Sydney, the default zone: 11:06 UTC is 10:06 pm there), whatever the browser's zone.
    const time = items[2]!.querySelector('time')
    expect(time).toHaveAttribute('datetime', '2026-11-18T11:06:40.000Z')
    expect(time?.textContent).toBe('18 Nov 2026, 10:06 pm')
  })

  it('marks one notification as read: seen-notification/{id}, off the Unread tab, one fewer on the bell (D1-2.10-04)', async () => {
    const served = serveNotifications([buildNotification({ id: 7, content: '<p>Seven</p>' }), buildNotification({ id: 8, content: '<p>Eight</p>' })])
    const { panel, user } = await openPanel()
    const list = within(await panel.findByRole('list', { name: 'Unread' }))
    const seven = list.getByText('Seven').closest('li')!
    await user.click(within(seven).getByRole('button', { name: 'Mark as read' }))
    await waitFor(() => expect(panel.queryByText('Seven')).not.toBeInTheDocument())
    expect(served.seen).toEqual([7])
    expect(panel.getByText('Eight')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument())
    await user.click(panel.getByRole('tab', { name: 'Read' }))
    expect(await panel.findByText('Seven')).toBeInTheDocument()
  })

  it("shows 'Clear all' only with more than 2 items; it marks all as read (seen-all-notifications) (D1-2.10-05, -06)", async () => {
    serveNotifications([buildNotification({ id: 1 }), buildNotification({ id: 2 })])
    const two = await openPanel()
    await two.panel.findByRole('list', { name: 'Unread' })
    expect(two.panel.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument()
    two.unmount()

    const served = serveNotifications([buildNotification({ id: 1 }), buildNotification({ id: 2 }), buildNotification({ id: 3 })])
    const three = await openPanel()
    await three.panel.findByRole('list', { name: 'Unread' })
    await three.user.click(three.panel.getByRole('button', { name: 'Clear all' }))
    expect(await three.panel.findByText('No unread notifications.')).toBeInTheDocument()
    expect(served.seenAllCalls()).toBe(1)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument())
  })

  it('says why marking failed', async () => {
    serveNotifications([buildNotification({ id: 1, content: '<p>One</p>' })])
    server.use(mockCall(notificationCalls.seenNotification, () => apiError('internal_error', 500)))
    const { panel, user } = await openPanel()
    await user.click(await panel.findByRole('button', { name: 'Mark as read' }))
    expect(await panel.findByRole('alert')).toHaveTextContent('The notification could not be marked as read. Try again.')
  })

  it('says why the list could not be loaded, and shows the empty state', async () => {
    server.use(
      mockCall(notificationCalls.notifications, ({ input }) =>
        (input as unknown as Record<string, string>)['per_page'] === '4' ? { items: [], count: 0, count_unread: 0 } : apiError('internal_error', 500),
      ),
    )
    const failed = await openPanel()
    expect(await failed.panel.findByRole('alert')).toHaveTextContent('The notifications could not be loaded. Try again later.')
    failed.unmount()

    serveNotifications([])
    const empty = await openPanel()
    expect(await empty.panel.findByText('No unread notifications.')).toBeInTheDocument()
    await empty.user.click(empty.panel.getByRole('tab', { name: 'Read' }))
    expect(await empty.panel.findByText('No read notifications.')).toBeInTheDocument()
  })

  it('toggles with the bell, closes with its close button and Escape (D1-2.10-07)', async () => {
    serveNotifications([buildNotification({ id: 1 })])
    const { bell, user } = await openPanel()
    await user.click(bell)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(bell).toHaveAttribute('aria-expanded', 'false')

    await user.click(bell)
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close notifications' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(bell)
    await screen.findByRole('dialog')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('on a phone: the panel opens full width and opening the menu collapses it (D1-2.10-07)', async () => {
    window.innerWidth = 390
    serveNotifications([buildNotification({ id: 1, content: '<p>Phone item</p>' })])
    const { panel, user } = await openPanel()
    expect(await panel.findByText('Phone item')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    await waitFor(() => expect(screen.queryByText('Phone item')).not.toBeInTheDocument())
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument()
  })

  it('polls GET notifications every 60 s while open, and stops when closed (D1-7-08)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const served = serveNotifications([buildNotification({ id: 1 })])
    const { bell, user } = await openPanel()
    await waitFor(() => expect(served.listCalls()).toBe(1))
    await vi.advanceTimersByTimeAsync(notificationPollMs)
    await waitFor(() => expect(served.listCalls()).toBe(2))
    await vi.advanceTimersByTimeAsync(notificationPollMs)
    await waitFor(() => expect(served.listCalls()).toBe(3))

    await user.click(bell)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await vi.advanceTimersByTimeAsync(notificationPollMs * 3)
    expect(served.listCalls()).toBe(3)
    // The bell's own count was asked once, not polled.
    expect(served.queries.filter((query) => query['per_page'] === '4')).toHaveLength(1)
  })

  it('speaks Spanish', async () => {
    await i18next.changeLanguage('es')
    serveNotifications([buildNotification({ id: 1, importance: 'high' })])
    const { panel } = await openPanel()
    expect(screen.getByRole('button', { name: 'Notificaciones, 1 sin leer' })).toBeInTheDocument()
    expect(await panel.findByRole('tab', { name: /No leídas/ })).toBeInTheDocument()
    expect(await panel.findByRole('img', { name: 'Importancia alta' })).toBeInTheDocument()
    expect(panel.getByRole('button', { name: 'Marcar como leída' })).toBeInTheDocument()
  })
})
