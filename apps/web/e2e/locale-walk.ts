import { writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { settled, violations } from './axe'
import { openBrowser, signIn, type Session } from './browser'
import { mainSettled, signedInRoutes } from './route-walk'
import { withAppServer } from './server'
import { untranslatedCheck, visibleLines, type UntranslatedCheck, type WalkLocale } from './untranslated'

// The locale walk (issue 36 item 4): demo accounts open every signed-in route, every tab of
// it and, for some, what every button opens (dialogs, drawers, menus), with the interface in
// the pseudo-locale (?locale=xx: every catalogue text ⟦bracketed⟧) or in Spanish. Whatever
// else the screen says must be data (untranslated.ts tells data from a missed text); each
// missed text is listed with where it was seen. A route added to paths.ts is walked without
// touching this file.

export interface WalkingAccount {
  email: string
  /** Also press every button of every page (a minute more per account). */
  buttons?: boolean
}

const overlays = '[role="dialog"]:visible, [role="menu"]:visible, [role="listbox"]:visible'

/**
 * Presses each button of the page once (by its name: a list's twenty Edit buttons are one),
 * and reads what it opens (a dialog, a drawer, a menu) before closing it with Escape. A button
 * that goes elsewhere is followed back. Submit buttons are left alone: forms stay as they are.
 */
async function openEachButton(page: Page, route: string, look: (where: string) => Promise<void>, within = 'main'): Promise<void> {
  const pressed = new Set<string>()
  const buttons = page.locator(within).locator('button:visible:not([type="submit"]):not([disabled]):not([role="tab"])')
  for (let index = 0; index < (await buttons.count()); index++) {
    const button = buttons.nth(index)
    const name = ((await button.getAttribute('aria-label').catch(() => null)) ?? (await button.innerText().catch(() => ''))).trim()
    if (name === '' || pressed.has(name)) continue
    pressed.add(name)
    const clicked = await button.click({ timeout: 3_000 }).then(
      () => true,
      () => false,
    )
    if (!clicked) continue
    await settled(page)
    if ((await page.locator(overlays).count()) > 0) {
      await look(`${route} (${name.slice(0, 40)})`)
      await page.keyboard.press('Escape')
      await settled(page)
    }
    if ((await page.locator(overlays).count()) > 0 || new URL(page.url()).pathname !== route) {
      await page.goto(route)
      await mainSettled(page)
    }
  }
}

/**
 * An empty new record's form, sent: the form's own refusals show (nothing is saved, the
 * required fields are blank).
 */
async function sendEmptyForm(page: Page, route: string, look: (where: string) => Promise<void>): Promise<void> {
  const submit = page.getByRole('main').locator('form button[type="submit"]:visible:not([disabled])').first()
  if ((await submit.count()) === 0) return
  await submit.click()
  await settled(page)
  await look(`${route} (sent empty)`)
}

/** What a walk found, each with the places it was seen. */
type Findings = Map<string, Set<string>>

function note(findings: Findings, finding: string, where: string): void {
  findings.set(finding, (findings.get(finding) ?? new Set()).add(where))
}

function listed(findings: Findings, places = 3): string[] {
  return [...findings].map(
    ([finding, seen]) => `${finding}  ← ${[...seen].slice(0, places).join(', ')}${seen.size > places ? ` and ${seen.size - places} more` : ''}`,
  )
}

/**
 * Each route, each of its tabs and, with `withButtons`, what each of its buttons opens, new
 * records' forms sent empty: `look` reads every one of these states.
 */
async function walk(page: Page, routes: string[], look: (where: string) => Promise<void>, withButtons: boolean): Promise<void> {
  for (const route of routes) {
    await page.goto(route)
    await mainSettled(page)
    await look(route)
    const tabs = page.getByRole('main').getByRole('tab')
    const count = await tabs.count()
    for (let index = 1; index < count; index++) {
      const tab = tabs.nth(index)
      if (!(await tab.isVisible()) || (await tab.isDisabled())) continue
      await tab.click()
      await mainSettled(page)
      await look(`${route} (tab ${index + 1})`)
    }
    if (withButtons) {
      // The header's menus and panels are the same on every page: pressed on the first.
      if (route === routes[0]) await openEachButton(page, route, look, 'header')
      await openEachButton(page, route, look)
      if (route.endsWith('/new')) {
        await page.goto(route)
        await mainSettled(page)
        await sendEmptyForm(page, route, look)
      }
    }
  }
}

/**
 * The pages before sign-in, each sent empty where it has a form, and the pages a mailed link
 * opens with a link that is no good.
 */
const publicPages = [
  '/login',
  '/signup',
  '/reset-password',
  '/activate?key=no-such-key',
  '/accept-invite?key=no-such-key',
  '/privacy',
  '/terms',
  '/code-of-conduct',
  '/consent/no-such-key',
]

export interface WalkOptions {
  /** Also walk the pages before sign-in and the pages a bad mailed link opens. */
  publicPages?: boolean
  /** The browser's window (1280×900 unless told). */
  viewport?: { width: number; height: number }
}

/**
 * Registers the walk of every signed-in route in `locale` by each of `accounts`, on a server
 * of the file's own. Every state it reads is judged twice: for text that missed the catalogue
 * (untranslated.ts), and by axe-core with all its default rules, best practices included
 * (issue 37: a screen is clean in every dialog, drawer, tab and menu, not only on first load).
 */
export function describeLocaleWalk(locale: WalkLocale, accounts: WalkingAccount[], options: WalkOptions = {}): void {
  const baseUrl = withAppServer()
  const viewport = options.viewport ?? { width: 1280, height: 900 }
  const size = `at ${viewport.width} px`
  let routes: string[] = []
  let untranslated: UntranslatedCheck
  beforeAll(async () => {
    routes = await signedInRoutes(baseUrl())
    // The walk's own import (route-walk.ts) is data too.
    untranslated = untranslatedCheck(locale, ['Route walk', 'Walker Route'])
  })

  /** A look that notes the state's missed texts and axe's findings; `outside` leaves a region's text unread. */
  const looking = (page: Page, missed: Findings, broken: Findings, outside?: () => string | undefined) => async (where: string) => {
    for (const piece of untranslated(await visibleLines(page, outside?.()))) note(missed, piece, where)
    for (const violation of await violations(page, 'all')) note(broken, violation, where)
  }

  /** PSEUDO_REPORT=/tmp/walk keeps the whole lists (a failure shows the start of them). */
  const keep = (name: string, missed: Findings, broken: Findings) => {
    if (!process.env.PSEUDO_REPORT) return
    writeFileSync(`${process.env.PSEUDO_REPORT}-${locale}-${viewport.width}-${name}.txt`, `${[...listed(missed, 99), '', ...listed(broken, 99)].join('\n')}\n`)
  }

  if (options.publicPages) {
    it(`every page before sign-in, in ${locale} ${size}`, async () => {
      const session = await openBrowser(baseUrl(), { viewport })
      try {
        const { page } = session
        const missed: Findings = new Map()
        const broken: Findings = new Map()
        // A content page is its administrators' text, written per language: in the pseudo-locale
        // (English underneath) its English is the page, and only its frame is the catalogue's.
        const contentPages = new Set(['/privacy', '/terms', '/code-of-conduct'])
        let current = ''
        const look = looking(page, missed, broken, () => (locale === 'xx' && contentPages.has(current) ? 'main' : undefined))
        for (const [index, path] of publicPages.entries()) {
          current = path
          // The first page chooses the locale; its cookie keeps it.
          await page.goto(index === 0 ? `${path}?locale=${locale}` : path)
          await mainSettled(page)
          await look(path)
          await sendEmptyForm(page, path, look)
        }
        keep('public', missed, broken)
        expect({ untranslated: listed(missed, 99), axe: listed(broken, 99) }).toEqual({ untranslated: [], axe: [] })
      } finally {
        await session.close()
      }
    })
  }

  describe(`every signed-in route, tab${accounts.some((account) => account.buttons) ? ' and dialog' : ''} in ${locale} ${size}`, () => {
    let session: Session | undefined
    afterAll(async () => session?.close())

    it.each(accounts)(
      '$email',
      async ({ email, buttons = false }) => {
        await session?.close()
        session = await openBrowser(baseUrl(), { viewport })
        const { page } = session
        await signIn(page, email)
        // The query chooses the locale and its cookie keeps it for the walk.
        await page.goto(`/?locale=${locale}`)
        await mainSettled(page)
        const main = await page.getByRole('main').innerText()
        expect(locale === 'xx' ? main.includes('⟦') : !main.includes('⟦')).toBe(true)
        const missed: Findings = new Map()
        const broken: Findings = new Map()
        await walk(page, routes, looking(page, missed, broken), buttons)
        keep(email, missed, broken)
        expect({ untranslated: listed(missed), axe: listed(broken) }).toEqual({ untranslated: [], axe: [] })
      },
      // Pressing every button of every page takes minutes on a loaded machine.
      600_000,
    )
  })
}
