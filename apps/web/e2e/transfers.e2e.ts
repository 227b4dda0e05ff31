import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addAdult, demoApi, uniqueSurname, type DemoApi } from './api'
import { settled, violations } from './axe'
import { openBrowser, signIn, type Session } from './browser'
import { mainSettled } from './route-walk'
import { withAppServer } from './server'

// Transfers and reports in Chromium (issue 18 "Tests"): the owner of Hope Street reads the
// reports page and switches a chart's period; the entity admin cancels the demo's planned
// transfer and plans Hope Street's pastor's move to Riverside; the pastor picks move for one
// contact and share for another; the transfer is processed by hand; both churches see what
// they should. The steps build on each other, in order, on one demo workspace.
const baseUrl = withAppServer()

const sessions: Session[] = []
async function signedIn(email: string): Promise<Page> {
  const session = await openBrowser(baseUrl())
  sessions.push(session)
  await signIn(session.page, email)
  return session.page
}
afterAll(async () => Promise.all(sessions.map((session) => session.close())))

async function seen(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true)
}

async function chooseTeam(page: Page, team: RegExp): Promise<void> {
  await page.goto('/team/switch')
  await page.getByRole('button', { name: team }).click()
  await page.waitForURL((url) => url.pathname === '/')
}

/**
 * The names the contacts list shows for a search, once it shows its answer: every use finds
 * at least one (the page's "My contacts" heading is there before the list, so it is no sign).
 */
async function listedNames(page: Page, search: string): Promise<string[]> {
  await page.goto(`/contacts?search=${encodeURIComponent(search)}`)
  const main = page.getByRole('main')
  await expect.poll(() => main.getByRole('link').filter({ hasText: search }).count(), { timeout: 15_000 }).toBeGreaterThan(0)
  await mainSettled(page)
  return main.getByRole('link').filter({ hasText: search }).allInnerTexts()
}

const surname = uniqueSurname('Transfa')
const ruth = { first: 'Ruth', last: surname, gender: 'female' as const }
const tom = { first: 'Tom', last: surname, gender: 'male' as const }
let owner: DemoApi
let transferId = 0

beforeAll(async () => {
  // Two adults of Hope Street assigned to its pastor, Olivia Owner: the contacts she chooses from.
  owner = await demoApi(baseUrl(), 'owner@example.org')
  for (const person of [ruth, tom]) {
    const id = await addAdult(owner, person)
    await owner.post('add-contact-assignment', { user_id: id, to_self: 1 })
  }
})

describe('reports (issue 18)', () => {
  it("an owner reads the reports page and switches the contacts chart's period", async () => {
    const page = await signedIn('owner@example.org')
    await chooseTeam(page, /Hope Street Church/)
    await page.goto('/reports')
    const contacts = page.getByRole('region', { name: 'Contacts', exact: true })
    await contacts.waitFor({ timeout: 15_000 })
    await seen(page, 'Outstanding follow-ups')
    // Olivia's two new contacts are outstanding follow-ups of Hope Street.
    const outstanding = page.getByRole('region', { name: 'Outstanding follow-ups' })
    await expect.poll(async () => Number((await outstanding.innerText()).match(/\d+/)?.[0] ?? -1), { timeout: 10_000 }).toBeGreaterThanOrEqual(2)

    const period = contacts.getByRole('combobox', { name: 'Period' })
    expect(await period.inputValue()).toBe('this_year')
    expect(await period.locator('option').allInnerTexts()).toEqual(['All time', 'This year', 'Last year', 'This month', 'Last month'])
    const asked = page.waitForRequest((request) => request.url().includes('/reports-summary/') && request.url().includes('contacts_period=all'))
    await period.selectOption('all')
    await asked
    // The table under the chart carries this year's new contacts, the test's two among them.
    await contacts.getByText('Show as table').click()
    await expect.poll(() => contacts.getByRole('table').innerText(), { timeout: 10_000 }).toContain(String(new Date().getFullYear()))

    await settled(page)
    expect(await violations(page)).toEqual([])
  })

  it("the entity admin adds up the conference's churches with 'Show all teams'", async () => {
    const page = await signedIn('entity@example.org')
    await page.goto('/reports')
    await seen(page, 'Choose a team, or show all teams, to see the reports.')
    expect(await page.getByRole('region', { name: 'Contacts', exact: true }).count()).toBe(0)
    const asked = page.waitForRequest((request) => request.url().includes('/reports-summary/') && request.url().includes('combined=1'))
    await page.getByRole('checkbox', { name: 'Show all teams' }).check()
    await asked
    await page.getByRole('region', { name: 'Contacts', exact: true }).waitFor({ timeout: 15_000 })
    // Hope Street's outstanding follow-ups are among the conference's.
    const outstanding = page.getByRole('region', { name: 'Outstanding follow-ups' })
    await expect.poll(async () => Number((await outstanding.innerText()).match(/\d+/)?.[0] ?? -1), { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    await settled(page)
    expect(await violations(page)).toEqual([])
  })
})

describe("a pastor's transfer from Hope Street to Riverside (issue 18)", () => {
  it('the entity admin cancels the demo plan and plans the move of Hope Street’s pastor to Riverside', async () => {
    const page = await signedIn('entity@example.org')
    await page.goto('/transfers')
    const upcoming = page.getByRole('region', { name: 'Upcoming' })
    await upcoming.getByRole('link', { name: /Olivia Owner/ }).click()
    await page.waitForURL(/\/transfers\/view\/\d+$/)
    await page
      .getByRole('link', { name: 'Edit' })
      .or(page.getByRole('button', { name: 'Edit' }))
      .first()
      .click()
    await page.waitForURL(/\/transfers\/edit\/\d+$/)
    await page.getByRole('button', { name: 'Cancel this transfer' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Are you sure you want to do this?').waitFor()
    await dialog.getByRole('button', { name: 'Cancel this transfer' }).click()
    await page.waitForURL((url) => url.pathname === '/transfers')
    await expect.poll(() => upcoming.innerText(), { timeout: 10_000 }).toContain('Nothing found.')

    await page.getByRole('main').getByRole('link', { name: 'Add new' }).click()
    await page.waitForURL('**/transfers/new')
    const form = page.getByRole('form')
    await form.getByRole('heading', { name: 'Basic info' }).waitFor()
    // Both conferences start on the selected team (spec 3 §5).
    expect(await form.getByRole('combobox', { name: 'From conference' }).inputValue()).not.toBe('')
    await form.getByLabel('From church').fill('Hope')
    await page.getByRole('option', { name: /Hope Street Church/ }).click()
    const pastor = form.getByRole('combobox', { name: 'Pastor' })
    await expect.poll(() => pastor.locator('option').allInnerTexts(), { timeout: 10_000 }).toContain('Olivia Owner')
    await pastor.selectOption({ label: 'Olivia Owner' })
    await form.getByLabel('To church').fill('River')
    await page.getByRole('option', { name: /Riverside Community Church/ }).click()
    // A date under 7 days ahead is refused; empty means processed by hand.
    await settled(page)
    expect(await violations(page)).toEqual([])
    await form.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/transfers\/view\/\d+$/)
    transferId = Number(page.url().split('/').pop())
    await seen(page, 'Hope Street Church')
    await seen(page, 'owner@example.org')
    await seen(page, 'No contacts have been selected.')
    await settled(page)
    expect(await violations(page)).toEqual([])
  })

  it('the pastor picks move for one contact and share for another', async () => {
    expect(transferId).toBeGreaterThan(0)
    const page = await signedIn('owner@example.org')
    await chooseTeam(page, /Hope Street Church/)
    await page.goto(`/transfers/view/${transferId}`)
    const selection = page.getByRole('form', { name: 'Choose your contacts' })
    await selection.waitFor({ timeout: 15_000 })
    await selection.getByLabel('Search your contacts').fill(surname)
    const row = (name: string) => selection.getByRole('radiogroup', { name })
    await row(`${ruth.first} ${ruth.last}`).getByRole('radio', { name: 'Move' }).check()
    await row(`${tom.first} ${tom.last}`).getByRole('radio', { name: 'Share' }).check()
    await selection.getByRole('button', { name: 'Save' }).click()
    await seen(page, 'Changes saved.')
    await settled(page)
    expect(await violations(page)).toEqual([])
  })

  it('the entity admin sees the choice read-only and processes the transfer', async () => {
    const page = await signedIn('entity@example.org')
    await page.goto(`/transfers/view/${transferId}`)
    const chosen = page.getByRole('region', { name: 'Chosen contacts' })
    await expect.poll(() => chosen.innerText(), { timeout: 15_000 }).toContain(`${ruth.first} ${ruth.last}`)
    expect(await chosen.innerText()).toContain(`${tom.first} ${tom.last}`)
    expect(await chosen.getByRole('radio').count()).toBe(0)
    await page.getByRole('button', { name: 'Process now' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Process now' }).click()
    await seen(page, 'This transfer has been processed.')
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0)
    await page.goto('/transfers')
    await expect.poll(() => page.getByRole('region', { name: 'Processed' }).innerText(), { timeout: 10_000 }).toContain('Olivia Owner')
  })

  it('Riverside now holds both contacts with their pastor; Hope Street keeps only the shared one', async () => {
    // Riverside is now her only team: sign-in lands there, and Hope Street is not hers any more.
    const pastor = await signedIn('owner@example.org')
    await pastor.goto('/team')
    await expect.poll(() => pastor.getByRole('heading', { level: 1 }).first().innerText(), { timeout: 15_000 }).toContain('Riverside Community Church')
    const moved = await listedNames(pastor, surname)
    expect(moved.some((name) => name.includes('Ruth'))).toBe(true)
    expect(moved.some((name) => name.includes('Tom'))).toBe(true)

    const leader = await signedIn('leader@example.org')
    await chooseTeam(leader, /Hope Street Church/)
    const names = await listedNames(leader, surname)
    expect(names.some((name) => name.includes('Tom'))).toBe(true)
    expect(names.some((name) => name.includes('Ruth'))).toBe(false)
  })
})
