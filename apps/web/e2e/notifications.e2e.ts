import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addAdult, conferenceApi, demoApi, uniqueSurname, type DemoApi } from './api'
import { settled, violations } from './axe'
import { openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'

// Notifications, their management and the dashboard in Chromium (issue 16 "Tests"): the
// panel shows an unread notification, marks it read and clears all; a conference admin
// schedules a notification and adds a missed-activity rule; the dashboard shows today's
// events, the person's upcoming interactions and the map with its markers (no tiles here:
// the markers must show without them). axe-core on the panel, the management pages and
// the dashboard.
const baseUrl = withAppServer()

const sessions: Session[] = []
async function open(): Promise<Page> {
  const session = await openBrowser(baseUrl())
  sessions.push(session)
  return session.page
}
afterAll(async () => {
  for (const session of sessions) await session.close()
})

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true)

const tomorrow = () => new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10)

describe('the notifications panel', () => {
  it('shows an unread notification of the conference, marks it read, and clears all', async () => {
    const conference = await conferenceApi(baseUrl(), 'requesting_team_id')
    const content = `Youth camp sign-ups close on Friday ${uniqueSurname('Camp')}`
    await conference.post('add-notification', {
      content: `<p><strong>${content}</strong></p>`,
      importance: 'high',
      link_url: '/events',
      link_text: 'See the events',
    })

    const page = await open()
    await signIn(page, 'owner@example.org')
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ })
    await expect.poll(() => bell.isVisible(), { timeout: 15_000 }).toBe(true)
    const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1])
    expect(unreadBefore).toBeGreaterThanOrEqual(3)

    await bell.click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await visible(page, content)
    await expect.poll(() => panel.getByRole('tab', { name: new RegExp(`Unread.*${unreadBefore}`) }).isVisible()).toBe(true)
    const item = panel.getByRole('listitem').filter({ hasText: content })
    expect(await item.getByLabel('High importance').count()).toBe(1)
    expect(await item.getByRole('link', { name: 'See the events' }).getAttribute('href')).toBe('/events')
    await settled(page)
    expect(await violations(page)).toEqual([])

    await item.getByRole('button', { name: 'Mark as read' }).click()
    await expect.poll(() => panel.getByText(content).count()).toBe(0)
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`Notifications, ${unreadBefore - 1} unread`)
    await panel.getByRole('tab', { name: /^Read/ }).click()
    await visible(page, content)

    await panel.getByRole('tab', { name: /^Unread/ }).click()
    await panel.getByRole('button', { name: 'Clear all' }).click()
    await visible(page, 'No unread notifications.')
    await expect.poll(() => page.getByRole('button', { name: 'Notifications, none unread' }).isVisible()).toBe(true)

    // The /notifications page shows the same list.
    await page.keyboard.press('Escape')
    await page.goto('/notifications?tab=read')
    await visible(page, content)
  })
})

describe('notification management', () => {
  let admin: Page
  beforeAll(async () => {
    admin = await open()
    await signIn(admin, 'entity@example.org')
  })

  it('a conference admin schedules a notification, which waits for its date', async () => {
    const content = `Conference day of prayer ${uniqueSurname('Prayer')}`
    await admin.goto('/manage-notifications')
    await visible(admin, 'Manage notifications')
    await admin.getByRole('button', { name: 'Add new' }).click()
    const form = admin.getByRole('form', { name: 'Add' })
    await form.getByRole('textbox', { name: /Content/ }).fill(content)
    await form.getByRole('textbox', { name: /Link URL/ }).fill('https://example.org/prayer')
    await form.getByRole('textbox', { name: /Link text/ }).fill('Read more')
    await form.getByRole('switch', { name: 'Scheduled' }).check()
    await form.getByLabel(/^Date/).fill(tomorrow())
    await form.getByRole('button', { name: 'Add' }).click()
    const row = admin.getByRole('listitem').filter({ hasText: content })
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => row.getByText(/^Scheduled for/).isVisible()).toBe(true)
    await expect.poll(() => row.getByText('Seen by 0').isVisible()).toBe(true)
    await settled(admin)
    expect(await violations(admin)).toEqual([])

    // Not shown to the churches' people before its day.
    const owner = await demoApi(baseUrl(), 'owner@example.org')
    const list = await owner.get<{ items: Array<{ content: string }> }>('notifications', { per_page: 100 })
    expect(list.items.some((notification) => notification.content.includes(content))).toBe(false)
  })

  it('a conference admin adds a missed-activity rule', async () => {
    await admin.goto('/manage-notifications/missed-activities')
    await visible(admin, 'Missed activities')
    const form = admin.getByRole('region', { name: /Add/ }).getByRole('form')
    await form.getByRole('textbox', { name: /After \(days\)/ }).fill('45')
    await form.getByLabel('Send to', { exact: true }).click()
    await admin.getByRole('option', { name: 'Leader' }).click()
    await form.getByRole('button', { name: 'Add' }).click()
    const rule = admin.getByRole('listitem', { name: 'After 45 days' })
    await expect.poll(() => rule.isVisible(), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => rule.getByText('Contact leader').isVisible()).toBe(true)
    await settled(admin)
    expect(await violations(admin)).toEqual([])
  })
})

describe('the dashboard', () => {
  let leader: DemoApi
  beforeAll(async () => {
    leader = await demoApi(baseUrl(), 'leader@example.org')
  })

  it("shows today's events, the person's upcoming interactions and the map with its markers", async () => {
    const surname = uniqueSurname('Upcoming')
    const contactId = await addAdult(leader, { first: 'Ruth', last: surname, gender: 'female' })
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    await leader.post('add-contact-interaction', { user_id: contactId, type: 'visit', date: inThreeDays, time: '10:00' })
    // An event today in the church's time zone (Sydney): the demo's one-off lunch was dated as
    // this file's server started, which may have been yesterday there.
    const sydneyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date())
    await leader.post('create-event', { title: `Lunch ${surname}`, is_all_day: 1, start_time: sydneyToday, type: 'social' })

    const page = await open()
    await signIn(page, 'leader@example.org')
    await visible(page, 'Dashboard - Hope Street Church')
    const upcoming = page.getByRole('region', { name: 'Upcoming interactions' })
    await expect.poll(() => upcoming.getByRole('link', { name: new RegExp(`Ruth ${surname}`) }).isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await upcoming.getByRole('link', { name: new RegExp(`Ruth ${surname}`) }).getAttribute('href')).toBe(`/contacts/view/${contactId}`)
    const today = page.getByRole('region', { name: /today/i })
    await expect.poll(() => today.getByRole('link', { name: new RegExp(`Lunch ${surname}`) }).isVisible(), { timeout: 15_000 }).toBe(true)
    // Demo contacts have places: markers show although the tiles cannot load here.
    await expect.poll(() => page.locator('.leaflet-marker-icon').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await settled(page)
    expect(await violations(page)).toEqual([])
  })
})
