import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'

const baseUrl = withAppServer()

let session: Session | undefined
afterEach(async () => {
  await session?.close()
  session = undefined
})

// What the English screens say for the demo's lookups, grow phases and dates.
const englishMemberStatuses = [
  'Member',
  'Baptismal candidate',
  'Studying in person',
  'Studying by correspondence',
  'Church attendee',
  'Interest from an event',
  'Lead (visited)',
  'Lead (not yet visited)',
  'Former member',
  'Not interested',
]
const englishGrowPhases = ['Prepare', 'Plant', 'Cultivate', 'Harvest', 'Multiply']
const englishDate =
  /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec) \d{4}\b/

/** The English words of a screen's main region: lookups, grow phases, month names. */
async function englishOn(page: Page): Promise<string[]> {
  const text = await page.getByRole('main').innerText()
  const words = [...englishMemberStatuses, ...englishGrowPhases].filter((word) =>
    new RegExp(`(^|[\\s(])${word.replace(/[()]/g, '\\$&')}($|[\\s,.)])`, 'm').test(text),
  )
  const date = englishDate.exec(text)
  return date ? [...words, date[0]] : words
}

describe('in Spanish', () => {
  it('the contacts list and a contact page show lookups, grow phases and dates in Spanish, at once after the switch', async () => {
    session = await openBrowser(baseUrl())
    const page = session.page
    await signIn(page, 'owner@example.org')
    await page.goto('/contacts')
    const rows = page.getByRole('main').getByRole('row')
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(5)
    // The English screen does say these things (so the check below can fail).
    await expect.poll(async () => (await englishOn(page)).length, { timeout: 10_000 }).toBeGreaterThan(0)

    await page.getByRole('combobox', { name: 'Language' }).selectOption('es')
    await expect.poll(() => page.getByRole('combobox', { name: 'Idioma' }).isVisible()).toBe(true)
    await expect.poll(() => englishOn(page), { timeout: 15_000 }).toEqual([])

    await page.getByRole('main').getByRole('row').nth(1).getByRole('link').first().click()
    await page.waitForURL(/\/contacts\/view\/\d+$/)
    await expect.poll(() => page.getByRole('main').innerText(), { timeout: 15_000 }).toMatch(/\d{4}/)
    expect(await englishOn(page)).toEqual([])
  })
})
