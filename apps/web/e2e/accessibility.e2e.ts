import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'

const baseUrl = withAppServer()
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  id: string
  help: string
  nodes: Array<{ target: string[]; failureSummary?: string }>
}

/** axe-core's WCAG 2 A and AA rules on the page as it is; one line per broken rule and element. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol: the app's CSP (script-src 'self') stays on.
  await page.evaluate(axeSource)
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return result.violations
  })
  return found.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? violation.help}`))
}

/** Waits until nothing is loading any more (no status spinner, no busy region). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0)
}

let session: Session
beforeAll(async () => {
  session = await openBrowser(baseUrl())
})
afterAll(async () => session.close())

describe('axe-core finds nothing on the main pages (WCAG 2.1 A and AA)', () => {
  it('the login page, with its validation messages', async () => {
    const page = session.page
    await page.goto('/login')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0)
    expect(await violations(page)).toEqual([])
  })

  it('the contacts list', async () => {
    const page = session.page
    await signIn(page, 'owner@example.org')
    await page.goto('/contacts')
    await expect.poll(() => page.getByRole('main').getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThan(3)
    await settled(page)
    expect(await violations(page)).toEqual([])
  })

  it('a contact page', async () => {
    const page = session.page
    await page.goto('/contacts')
    await page.getByRole('main').getByRole('row').nth(1).getByRole('link').first().click()
    await page.waitForURL(/\/contacts\/view\/\d+$/)
    await settled(page)
    expect(await violations(page)).toEqual([])
  })

  it('the new-contact form, with its errors showing', async () => {
    const page = session.page
    await page.goto('/contacts/new')
    await page.getByRole('textbox', { name: /First name/ }).waitFor()
    await settled(page)
    await page.getByRole('button', { name: 'Add contact', exact: true }).click()
    await expect.poll(() => page.getByText('This field is required.').count()).toBeGreaterThan(0)
    expect(await violations(page)).toEqual([])
  })

  it('the profile page', async () => {
    const page = session.page
    await page.goto('/profile')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await settled(page)
    expect(await violations(page)).toEqual([])
  })
})
