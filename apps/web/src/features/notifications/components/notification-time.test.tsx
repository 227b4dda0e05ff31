import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { signedInAs } from '../../../test/session'
import { buildNotification, serveNotifications } from '../notifications.fixtures'

describe("a notification's time (issue 36)", () => {
  const browserZone = process.env.TZ
  afterEach(() => {
    if (browserZone === undefined) delete process.env.TZ
    else process.env.TZ = browserZone
  })

  it("is shown in the selected team's time zone, not the browser's", async () => {
    // 12:28 am on 29 November in Perth; 11:28 am on the 28th on a browser in New York.
    process.env.TZ = 'America/New_York'
    const at = new Date('2026-11-28T16:28:00Z')
    expect(at.getDate()).toBe(28)
    signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role: 'member', time_zone: 'Australia/Perth' })]), { teamId: 10, groupId: 10 })
    serveNotifications([buildNotification({ id: 1, content: '<p>Late news</p>', date_timestamp: at.getTime() / 1000 })])
    renderApp('/notifications')
    const list = within(await screen.findByRole('list', { name: 'Unread' }))
    const time = list.getByText(/29 Nov 2026/)
    expect(time.textContent?.replace(/\s/gu, ' ')).toBe('29 Nov 2026, 12:28 am')
    expect(time).toHaveAttribute('datetime', '2026-11-28T16:28:00.000Z')
  })
})
