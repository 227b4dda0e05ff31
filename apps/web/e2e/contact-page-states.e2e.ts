import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addAdult, demoApi, uniqueSurname } from './api'
import { openBrowser, signIn, type Session } from './browser'
import { settled, violations } from './axe'
import { mainSettled } from './route-walk'
import { withAppServer } from './server'

// The contact page and the contacts list in every state (issue 37): each tab of a contact,
// the interaction import's preview and a member's list, at 1280 px and on a 390 px phone,
// checked by axe-core with all its default rules (best practices too: heading order, empty
// headers), with the tab row on one line and nothing wider than the screen.
const baseUrl = withAppServer()

let session: Session | undefined
afterEach(async () => {
  await session?.close()
  session = undefined
})

async function signedIn(email: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  session = await openBrowser(baseUrl(), { viewport })
  await signIn(session.page, email)
  return session.page
}

let contactId: number
beforeAll(async () => {
  const owner = await demoApi(baseUrl(), 'owner@example.org')
  // A demo contact whose interactions carry a grow phase: the list shows its phase banners.
  const { items } = await owner.get<{ items: Array<{ id: number }> }>('contacts', { grow_phase: 'plant', per_page: 50 })
  for (const { id } of items) {
    const interactions = await owner.get<{ items: Array<{ grow_phase: string | null }> }>(`contact-interactions/${id}`)
    if (interactions.items.some((interaction) => interaction.grow_phase)) {
      contactId = id
      break
    }
  }
  const husband = await addAdult(owner, { first: 'Samuel', last: uniqueSurname('Tabwalk'), gender: 'male' })
  await owner.post('add-contact-relationship', { user_id: contactId, related_user_id: husband, relationship_type: 'husband' })
})

/** The tab row: one line, its tabs' names, and whether the page is wider than the window. */
async function tabRow(page: Page) {
  return page.getByRole('tablist', { name: 'Contact sections' }).evaluate((list) => {
    const tops = new Set([...list.querySelectorAll('[role="tab"]')].map((tab) => Math.round(tab.getBoundingClientRect().top)))
    return { lines: tops.size, pageOverflow: document.documentElement.scrollWidth - window.innerWidth }
  })
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  describe(`a contact's page at ${viewport.width} px`, () => {
    it('every tab passes axe, on one line of tabs, nothing wider than the screen', async () => {
      const page = await signedIn('owner@example.org', viewport)
      await page.goto(`/contacts/view/${contactId}`)
      await mainSettled(page)
      const rows = [await tabRow(page)]
      const names = await page.getByRole('tab').allInnerTexts()
      expect(names).toContain('Activity log')
      const problems: string[] = []
      for (const name of names) {
        await page.getByRole('tab', { name, exact: true }).click()
        await mainSettled(page)
        await settled(page)
        problems.push(...(await violations(page, 'all')).map((problem) => `${name}: ${problem}`))
        rows.push(await tabRow(page))
      }
      expect(problems).toEqual([])
      expect(rows.filter((row) => row.lines !== 1 || row.pageOverflow !== 0)).toEqual([])
    })
  })
}

describe('the interaction import', () => {
  it("the preview of a file's rows passes axe", async () => {
    const page = await signedIn('owner@example.org')
    await page.goto(`/contacts/view/${contactId}`)
    await page.getByRole('tab', { name: 'Interactions' }).click()
    await page.getByRole('button', { name: 'Import interactions' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import interactions' })
    const csv = 'date,time,type,content\n2026-03-01,10:30,visit,Visited the family\n2026-03-08,19:00,phone-call,Called\n'
    await dialog.getByLabel('Spreadsheet (.csv, .xls or .xlsx)').setInputFiles({ name: 'visits.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('2 rows read from visits.csv.')
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
  })
})

describe("a member's contacts", () => {
  it('pass axe', async () => {
    const page = await signedIn('member@example.org')
    await page.goto('/contacts')
    await mainSettled(page)
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
  })
})
