import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from '@e965/xlsx'
import type { Page } from 'playwright-core'
import { addAdult, demoApi, uniqueSurname, type DemoApi } from './api'
import { settled, violations } from './axe'
import { openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'
import { addDays, teamToday } from './team-dates'

// Events in Chromium (issue 14 "Tests"): a leader adds a fortnightly event on Tuesday and
// Thursday that ends after 10 dates and sees them; takes attendance with a filter; adds a
// visitor who becomes a contact; imports attendance from an .xlsx file; copies the calendar
// url on the dashboard and reads the feed it names. axe-core on /events, the form and the view;
// the list on a 390 px phone. The steps build on each other, in order, on one demo workspace.
const baseUrl = withAppServer()
const zone = 'Australia/Sydney'

let session: Session
let api: DemoApi
beforeAll(async () => {
  session = await openBrowser(baseUrl())
  await signIn(session.page, 'leader@example.org')
  api = await demoApi(baseUrl(), 'leader@example.org')
})
afterAll(async () => session?.close())

/** The first Tuesday after today: the series' first date, so its 10 dates are Tue and Thu of 5 fortnights. */
function nextTuesday(): string {
  const today = teamToday(zone)
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay()
  return addDays(today, (2 - weekday + 7) % 7 || 7)
}

async function seen(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true)
}

const surname = uniqueSurname('Eventa')
const title = `Bible study ${surname}`
const start = nextTuesday()
/** Tuesday and Thursday of every other week, from the first Tuesday: 10 dates. */
const expectedDates = [0, 2, 14, 16, 28, 30, 42, 44, 56, 58].map((days) => addDays(start, days))
let eventId = 0
let ruthId = 0
const people = { ruth: { first: 'Ruth', last: surname, gender: 'female' as const }, tom: { first: 'Tom', last: surname, gender: 'male' as const } }

/** The attendance of the chosen date on the event's view. */
const attendance = (page: Page) => page.getByRole('region', { name: /^Attendance on / })

async function openDate(page: Page): Promise<void> {
  await page.goto(`/events/view/${eventId}?date=${start}&from=${start}&to=${addDays(start, 60)}`)
  await attendance(page).waitFor({ timeout: 15_000 })
}

describe('events, attendance and the calendar (issue 14)', () => {
  it('a leader adds a fortnightly event on Tuesday and Thursday, ending after 10 dates, and sees them', async () => {
    const page = session.page
    await page.goto('/events')
    await page.getByRole('heading', { name: 'Current' }).waitFor()
    await settled(page)
    expect(await violations(page)).toEqual([])

    await page.getByRole('main').getByRole('link', { name: 'Add event' }).click()
    await page.waitForURL('**/events/new')
    const form = page.getByRole('form', { name: 'Add event' })
    await form.getByRole('textbox', { name: 'Title' }).waitFor()
    await settled(page)
    // The form with its errors showing passes axe too.
    await form.getByRole('button', { name: 'Add event' }).click()
    await seen(page, 'Please correct the errors to continue.')
    expect(await violations(page)).toEqual([])

    await form.getByRole('textbox', { name: 'Title' }).fill(title)
    await form.getByRole('checkbox', { name: 'No address' }).check()
    await form.getByLabel('Start date').fill(start)
    await form.getByLabel('Start time').fill('19:00')
    await form.getByLabel('End time').fill('20:30')
    await form.getByRole('checkbox', { name: 'Recurring event' }).check()
    await form.getByRole('combobox', { name: 'Repeats' }).selectOption('FORTNIGHTLY')
    for (const day of ['Tuesday', 'Thursday']) {
      const box = form.getByRole('checkbox', { name: day, exact: true })
      if (!(await box.isChecked())) await box.check()
    }
    await form.getByRole('combobox', { name: 'Ends' }).selectOption('AFTER')
    await form.getByRole('textbox', { name: 'Number of times' }).fill('10')
    await form.getByRole('button', { name: 'Add event' }).click()
    await page.waitForURL(/\/events\/view\/\d+/)
    eventId = Number(/\/events\/view\/(\d+)/.exec(page.url())![1])

    // The ten dates, in a window that holds them all.
    await page.goto(`/events/view/${eventId}?from=${start}&to=${addDays(start, 60)}`)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await seen(page, /Every 2 weeks on .*Tu.*Th.*10 times/)
    const dates = page.getByRole('list', { name: 'Dates' }).getByRole('listitem')
    await expect.poll(() => dates.count(), { timeout: 15_000 }).toBe(10)
    const stored = await api.get<{ occurrences: Array<{ event_date: string }> }>(`event/${eventId}`, { from: start, to: addDays(start, 60) })
    expect(stored.occurrences.map((each) => each.event_date)).toEqual(expectedDates)
    await settled(page)
    expect(await violations(page)).toEqual([])

    // It is among the upcoming events.
    await page.goto('/events')
    await expect.poll(() => page.getByRole('region', { name: 'Upcoming' }).innerText(), { timeout: 15_000 }).toContain(title)
  })

  it('takes attendance with a filter: the toggle is saved at once and still set after a reload', async () => {
    const page = session.page
    ruthId = await addAdult(api, people.ruth)
    await addAdult(api, people.tom)
    await openDate(page)
    const section = attendance(page)
    await section.getByRole('combobox', { name: 'Gender' }).selectOption('female')
    await section.getByRole('searchbox', { name: 'Search contacts' }).fill(surname)
    const ruth = section.getByRole('checkbox', { name: `Attended: Ruth ${surname}` })
    await ruth.waitFor({ timeout: 15_000 })
    // The filter leaves Tom out.
    expect(await section.getByRole('checkbox', { name: `Attended: Tom ${surname}` }).count()).toBe(0)
    await ruth.check()
    await seen(page, 'Contacts attended: 1')

    await page.reload()
    await attendance(page).waitFor({ timeout: 15_000 })
    await section.getByRole('searchbox', { name: 'Search contacts' }).fill(surname)
    await expect.poll(() => section.getByRole('checkbox', { name: `Attended: Ruth ${surname}` }).isChecked(), { timeout: 15_000 }).toBe(true)
    expect(await section.getByRole('checkbox', { name: `Attended: Tom ${surname}` }).isChecked()).toBe(false)
    await settled(page)
    expect(await violations(page)).toEqual([])
  })

  it("the contact's Events tab lists the event attended, linking to its date", async () => {
    const page = session.page
    await page.goto(`/contacts/view/${ruthId}`)
    await page.getByRole('tab', { name: 'Events' }).click()
    const attended = page.getByRole('region', { name: 'Events attended' })
    const link = attended.getByRole('link', { name: title })
    await link.waitFor({ timeout: 15_000 })
    expect(await link.getAttribute('href')).toBe(`/events/view/${eventId}?date=${start}`)
    await settled(page)
    expect(await violations(page)).toEqual([])
  })

  it('adds a visitor and makes them a contact of the team', async () => {
    const page = session.page
    await openDate(page)
    await attendance(page).getByRole('button', { name: 'Add visitor' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a visitor' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Vera ${surname}`)
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`vera.${surname.toLowerCase()}@example.net`)
    await dialog.getByRole('checkbox', { name: 'New to the church' }).check()
    await dialog.getByRole('checkbox', { name: 'Create contact' }).check()
    await dialog.getByRole('button', { name: 'Save' }).click()
    const contactLink = attendance(page).getByRole('link', { name: `View contact Vera ${surname}` })
    await contactLink.waitFor({ timeout: 15_000 })
    await seen(page, 'Visitors: 1')

    await page.goto('/contacts')
    await page.getByRole('searchbox', { name: 'Search contacts' }).first().fill(`Vera ${surname}`)
    await expect.poll(() => page.getByRole('region', { name: 'All contacts in team' }).innerText(), { timeout: 15_000 }).toContain(`Vera ${surname}`)
  })

  it('imports attendance from an .xlsx file: previewed, then matched, added and refused with the reason', async () => {
    const page = session.page
    const sheet = XLSX.utils.aoa_to_sheet([
      ['First name', 'Last name', 'Gender', 'Email'],
      ['Tom', surname, 'male', ''],
      ['Uma', surname, 'female', `uma.${surname.toLowerCase()}@example.net`],
      ['Nobody', surname, '', ''],
    ])
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, sheet, 'Attendance')
    const buffer = Buffer.from(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)

    await openDate(page)
    await attendance(page).getByRole('button', { name: 'Import attendance' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import attendance' })
    await dialog.getByLabel('Spreadsheet file').setInputFiles({
      name: 'attendance.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    })
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('Would match 1 and add 1; 0 already marked; 1 refused.')
    expect(await dialog.innerText()).toContain(`Matched: Tom ${surname} (by name and gender)`)
    // Nothing is saved before Import.
    const before = await api.get<{ count: number }>(`event-attendance/${eventId}`, { event_date: start })
    expect(before.count).toBe(2)

    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('Matched: 1. Added: 1. Already marked: 0. Refused: 1.')
    expect(await dialog.innerText()).toMatch(/Row 3: Gender/)
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    const after = await api.get<{ items: Array<{ name: string; is_visitor: boolean }> }>(`event-attendance/${eventId}`, { event_date: start, per_page: 20 })
    expect(after.items.map((item) => item.name).sort()).toEqual([`Ruth ${surname}`, `Tom ${surname}`, `Uma ${surname}`, `Vera ${surname}`].sort())
  })

  it('copies the calendar url on the dashboard; the feed it names carries the event', async () => {
    const page = session.page
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() })
    await page.goto('/')
    await page.getByRole('region', { name: 'Events today' }).waitFor({ timeout: 15_000 })
    await page.getByRole('button', { name: 'Copy calendar url' }).click()
    await seen(page, 'The calendar url was copied.')
    expect(await violations(page)).toEqual([])
    const url = await page.evaluate(() => navigator.clipboard.readText())
    expect(url).toMatch(/\/ical\/[^/]+\.ics$/)
    // The message goes after about two seconds.
    await expect.poll(() => page.getByText('The calendar url was copied.').count(), { timeout: 5_000 }).toBe(0)

    const feed = await fetch(url)
    expect(feed.status).toBe(200)
    const text = (await feed.text()).replace(/\r\n[ \t]/g, '')
    expect(text).toContain('BEGIN:VCALENDAR')
    expect(text).toContain(`SUMMARY:${title}`)
    expect(text).toMatch(/RRULE:FREQ=WEEKLY;[^\r\n]*INTERVAL=2/)
  })

  it('the events list fits a 390 px phone without sideways scroll', async () => {
    const phone = await openBrowser(baseUrl(), { viewport: { width: 390, height: 844 } })
    try {
      await signIn(phone.page, 'leader@example.org')
      await phone.page.goto('/events')
      await expect.poll(() => phone.page.getByRole('region', { name: 'Upcoming' }).innerText(), { timeout: 15_000 }).toContain(title)
      await settled(phone.page)
      const { scrollWidth, innerWidth } = await phone.page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }))
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
    } finally {
      await phone.close()
    }
  })
})
