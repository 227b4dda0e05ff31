import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'

// The contacts list fits the screen (issue #10 item 1): no sideways scroll of the page at
// 1280×800 or on a 390×844 phone, in English and in Spanish (longer headers).
const baseUrl = withAppServer()

let session: Session | undefined
afterEach(async () => {
  await session?.close()
  session = undefined
})

async function contactsAt(viewport: { width: number; height: number }, locale: 'en' | 'es'): Promise<Page> {
  session = await openBrowser(baseUrl(), { viewport })
  const page = session.page
  await signIn(page, 'owner@example.org')
  await page.goto(`/contacts?locale=${locale}`)
  // The list's first answer is on screen (rows or cards, with their phone links).
  await expect.poll(() => page.locator('main a[href^="mailto:"]').count(), { timeout: 15_000 }).toBeGreaterThan(0)
  return page
}

function pageOverflow(page: Page) {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
}

/** Is the element's box wholly inside the window and not clipped by a scrolling ancestor? */
function whollyVisible(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.left < 0 || box.right > window.innerWidth) return false
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const frame = parent.getBoundingClientRect()
        const style = getComputedStyle(parent)
        if (style.overflowX !== 'visible' && (box.left < frame.left - 1 || box.right > frame.right + 1)) return false
      }
      return true
    })
}

describe('the contacts list on every screen (issue #10)', () => {
  for (const [locale, email] of [
    ['en', 'Email'],
    ['es', 'Correo'],
  ] as const) {
    it(`at 1280×800 in ${locale}: no sideways scroll, the Email column's header in view`, async () => {
      const page = await contactsAt({ width: 1280, height: 800 }, locale)
      const { scrollWidth, innerWidth } = await pageOverflow(page)
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
      const header = page.getByRole('columnheader', { name: email, exact: true }).first()
      expect(await header.isVisible()).toBe(true)
      expect(await whollyVisible(page, `main table th:has-text("${email}")`)).toBe(true)
      // The list itself does not scroll sideways either.
      const tableFits = await page
        .locator('main table')
        .first()
        .evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth)
      expect(tableFits).toBe(true)
    })

    it(`on a 390×844 phone in ${locale}: cards, no sideways scroll`, async () => {
      const page = await contactsAt({ width: 390, height: 844 }, locale)
      expect(await page.locator('main table').count()).toBe(0)
      expect(await page.locator('main ul li a[href^="tel:"]').count()).toBeGreaterThan(0)
      const { scrollWidth, innerWidth } = await pageOverflow(page)
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
    })
  }
})
