import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { signedInAs } from '../../../test/session'
import { buildNotification, serveNotifications } from '../notifications.fixtures'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'member' })

function visit(path = '/notifications') {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  return renderApp(path)
}

describe('/notifications', () => {
  it('shows the same list as the panel, with its tabs (D1-2.10-08)', async () => {
    serveNotifications([
      buildNotification({ id: 1, importance: 'high', content: '<p>Urgent <b>prayer</b></p>', link_url: '/contacts/view/3', link_text: 'Open' }),
      buildNotification({ id: 2, content: '<p>Second</p>' }),
      buildNotification({ id: 3, content: '<p>Old one</p>', is_seen: true }),
    ])
    const { user } = visit()
    expect(await screen.findByRole('heading', { level: 1, name: /^Notifications/ })).toBeInTheDocument()
    const pageList = within(await screen.findByRole('list', { name: 'Unread' }))
    const pageItems = pageList.getAllByRole('listitem').map((item) => item.textContent)
    expect(pageItems).toHaveLength(2)
    expect(pageList.getByRole('img', { name: 'High importance' })).toBeInTheDocument()

    // The panel shows the same items.
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }))
    const panel = within(await screen.findByRole('dialog'))
    const panelItems = within(await panel.findByRole('list', { name: 'Unread' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(panelItems).toEqual(pageItems)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    // The Read tab, kept in the address.
    await user.click(screen.getByRole('tab', { name: 'Read' }))
    const readList = within(await screen.findByRole('list', { name: 'Read' }))
    expect(readList.getByText('Old one')).toBeInTheDocument()
  })

  it('pages through the notifications with the shared paging', async () => {
    window.localStorage.setItem('per_page', '20')
    const served = serveNotifications(Array.from({ length: 45 }, (_, index) => buildNotification({ id: index + 1, content: `<p>Item ${index + 1}</p>` })))
    const { user } = visit()
    expect(await screen.findByText('Item 1')).toBeInTheDocument()
    const pages = within(screen.getByRole('navigation', { name: 'Pages of notifications' }))
    await user.click(pages.getByRole('button', { name: 'Page 3' }))
    expect(await screen.findByText('Item 41')).toBeInTheDocument()
    expect(screen.queryByText('Item 1')).not.toBeInTheDocument()
    const last = served.queries.at(-1)!
    expect(last).toMatchObject({ team_id: '10', group_id: '10', filter: 'unread', page: '3', per_page: '20' })
  })

  it('says when nothing is unread', async () => {
    serveNotifications([])
    visit('/notifications?tab=read')
    expect(await screen.findByText('No read notifications.')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Read' })).toHaveAttribute('aria-selected', 'true')
  })
})
