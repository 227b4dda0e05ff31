import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { demoApi, uniqueSurname } from './api'
import { settled, violations } from './axe'
import { openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'
import { addDays, teamToday } from './team-dates'

// Attendance on a phone (issue 37): a pastor opens a weekly event's page at 390 × 844 and
// finds the date and Add visitor on the first screen, on the meeting just held, not below a
// row per date and a hundred contacts. axe-core on the section and on the add-visitor dialog.
const baseUrl = withAppServer()
const zone = 'Australia/Sydney'
const phone = { width: 390, height: 844 }

const weekdays = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA']
// Weekly since 67 days ago: 16 dates in the page's window of 8 weeks either side, the last held
// 4 days ago, the next in 3.
const first = addDays(teamToday(zone), -67)
const held = addDays(teamToday(zone), -4)

let session: Session
let eventId = 0
beforeAll(async () => {
  const api = await demoApi(baseUrl(), 'leader@example.org')
  const made = await api.post<{ id: number }>('create-event', {
    // Every row of the summary filled, as a church's own event has them.
    title: `Sunday evening home group ${uniqueSurname('Phone')}`,
    type: 'social',
    is_public: 1,
    address_manual_input: 1,
    address_street: '12 Hope Street',
    address_city: 'Parramatta',
    address_state: 'NSW',
    address_postcode: '2150',
    address_country: 'AU',
    auc_disciple_phase: 'grow',
    grow_phase: 'cultivate',
    start_time: first,
    start_time_hour: '19:00',
    end_time_hour: '20:30',
    is_recurring: 1,
    rrule: `FREQ=WEEKLY;INTERVAL=1;BYDAY=${weekdays[new Date(`${first}T00:00:00Z`).getUTCDay()]}`,
  })
  eventId = made.id
  session = await openBrowser(baseUrl(), { viewport: phone })
  await signIn(session.page, 'leader@example.org')
})
afterAll(async () => session?.close())

/** Wholly on the first screen: nothing scrolled, its bottom above the fold. */
async function onFirstScreen(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox()
  expect(box).not.toBeNull()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height).toBeLessThanOrEqual(phone.height)
}

describe('attendance on a 390 px phone (issue 37)', () => {
  it('opens on the meeting just held, with the date and Add visitor on the first screen; axe finds nothing', async () => {
    const page = session.page
    await page.goto(`/events/view/${eventId}`)
    const attendance = page.getByRole('region', { name: /^Attendance on / })
    await attendance.waitFor({ timeout: 15_000 })
    await settled(page)

    const date = page.getByRole('combobox', { name: 'Date', exact: true })
    expect(await date.inputValue()).toBe(held)
    expect(await date.locator('option').count()).toBe(16)
    const add = attendance.getByRole('button', { name: 'Add visitor' })
    await onFirstScreen(page, date)
    await onFirstScreen(page, add)
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
    expect(await violations(page)).toEqual([])

    await add.click()
    const dialog = page.getByRole('dialog', { name: 'Add a visitor' })
    await dialog.getByRole('textbox', { name: 'Name' }).waitFor()
    await settled(page)
    expect(await violations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('choosing another date in the select shows its attendance', async () => {
    const page = session.page
    const date = page.getByRole('combobox', { name: 'Date', exact: true })
    const next = addDays(held, 7)
    await date.selectOption(next)
    await page.waitForURL(new RegExp(`date=${next}`))
    await expect.poll(() => date.inputValue()).toBe(next)
    await page.getByRole('region', { name: /^Attendance on / }).waitFor()
    await settled(page)
    expect(await violations(page)).toEqual([])
  })
})
