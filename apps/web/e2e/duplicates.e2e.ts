import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addAdult, demoApi, uniqueSurname } from './api'
import { settled, violations } from './axe'
import { openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'

// Possible duplicates in Chromium (issue 40 §1): one person added twice with a spelling
// difference is offered as a pair on /contacts/duplicates, reached from /contacts; axe-core finds
// nothing at 1280 px or on a 390 px phone, in English or Spanish, and nothing is wider than the
// screen; "Not the same person" takes the pair away for good.
const baseUrl = withAppServer()

let session: Session | undefined
afterEach(async () => {
  await session?.close()
  session = undefined
})

async function duplicatesAt(viewport: { width: number; height: number }, locale: 'en' | 'es'): Promise<Page> {
  session = await openBrowser(baseUrl(), { viewport })
  const page = session.page
  await signIn(page, 'owner@example.org')
  await page.goto(`/contacts?locale=${locale}`)
  await page.getByRole('link', { name: locale === 'es' ? 'Posibles duplicados' : 'Possible duplicates' }).click()
  await page.waitForURL('**/contacts/duplicates')
  return page
}

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

describe('possible duplicates in the browser', () => {
  it('offers one person added twice, clean for axe on a desktop and a phone in both languages, until it is said to be two people', async () => {
    const owner = await demoApi(baseUrl(), 'owner@example.org')
    const surname = uniqueSurname('Tallowmere')
    await addAdult(owner, { first: 'Jonathon', last: surname, gender: 'male' })
    await addAdult(owner, { first: 'Jonathan', last: surname, gender: 'male' })
    const english = `Jonathon ${surname} and Jonathan ${surname}`
    const spanish = `Jonathon ${surname} y Jonathan ${surname}`

    for (const [viewport, locale] of [
      [{ width: 1280, height: 900 }, 'en'],
      [{ width: 390, height: 844 }, 'es'],
    ] as const) {
      const page = await duplicatesAt(viewport, locale)
      const pair = page.getByRole('listitem', { name: locale === 'es' ? spanish : english })
      await expect.poll(() => pair.isVisible(), { timeout: 15_000 }).toBe(true)
      expect(await pair.getByText(locale === 'es' ? 'Nombres parecidos' : 'Similar names').isVisible()).toBe(true)
      await settled(page)
      expect(await violations(page, 'all')).toEqual([])
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
      await session?.close()
      session = undefined
    }

    const page = await duplicatesAt({ width: 1280, height: 900 }, 'en')
    const pair = page.getByRole('listitem', { name: english })
    await pair.getByRole('button', { name: `Not the same person: ${english}` }).click()
    await expect
      .poll(() => page.getByRole('status').first().textContent(), { timeout: 15_000 })
      .toContain(`${english} will not be shown as possible duplicates again.`)
    await expect.poll(() => pair.count(), { timeout: 15_000 }).toBe(0)
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
    // Not offered again, to anyone: the server keeps it.
    const answer = await owner.get<{ items: Array<{ contact: { name: string } }> }>('possible-duplicates', { team_id: owner.scope.team_id, per_page: 200 })
    expect(answer.items.filter((item) => item.contact.name.endsWith(surname))).toEqual([])
  })
})
