import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { builtPaths } from '../src/lib/paths'
import { conferenceApi, demoApi } from './api'
import { openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'

// The route × role walk: every signed-in route of lib/paths.ts, opened by each demo account
// at 1280 px and on a 390 px phone. Whatever the role may do there, the page must answer as
// the product does (its content, the access-denied text, a waiting or switch-team state):
// never 'Page not found', never 'Something went wrong.', no script error, and nothing wider
// than the screen. A route added to paths.ts is walked without touching this file.
//
// The walk is dealt to three files (routes-*.e2e.ts), each with its own server, so the two
// browser-test workers share it instead of one walking for minutes alone.

interface Problem {
  route: string
  problem: string
}

/** Settled: the main region is there and no loader or skeleton is left in it. */
export async function mainSettled(page: Page): Promise<void> {
  await page.getByRole('main').waitFor({ timeout: 15_000 })
  await expect.poll(() => page.locator('main [aria-busy="true"], main .mantine-Loader-root, main .mantine-Skeleton-root').count(), { timeout: 15_000 }).toBe(0)
}

/** Opens each route as the signed-in account; what went wrong on each. */
async function walk(page: Page, routes: string[], isPhone: boolean): Promise<Problem[]> {
  const problems: Problem[] = []
  let current = ''
  page.on('pageerror', (error) => problems.push({ route: current, problem: `script error: ${error.message}` }))
  page.on('console', (message) => {
    // A refused call (403, 404) is logged by the browser itself; the page must handle it, which the checks below see.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push({ route: current, problem: `console: ${message.text()}` })
  })
  for (const route of routes) {
    current = route
    await page.goto(route)
    await mainSettled(page)
    const text = await page.getByRole('main').innerText()
    if (text.includes('Page not found')) problems.push({ route, problem: 'Page not found' })
    if (text.includes('Something went wrong.')) problems.push({ route, problem: 'Something went wrong.' })
    if (text.trim() === '') problems.push({ route, problem: 'an empty page' })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    if (overflow > 0) problems.push({ route, problem: `${overflow} px wider than the ${isPhone ? 'phone' : 'screen'}` })
  }
  return problems
}

/** The routes of the signed-in frame, their ids filled with demo records of the server at baseUrl. */
export async function signedInRoutes(baseUrl: string): Promise<string[]> {
  const owner = await demoApi(baseUrl, 'owner@example.org')
  const [contact] = (await owner.get<{ items: Array<{ id: number }> }>('contacts', { per_page: 4 })).items
  const [event] = (await owner.get<{ items: Array<{ id: number }> }>('events', { type: 'future', per_page: 4 })).items
  const conference = await conferenceApi(baseUrl, 'team_id')
  const userImport = await conference.post<{ id: number }>('create-user-import', {
    title: 'Route walk',
    data: [{ first_name: 'Walker', last_name: 'Route', gender: 'male' }],
  })
  // The demo conference plans Hope Street's pastor's move to Riverside.
  const [transfer] = (await conference.get<{ items: Array<{ id: number }> }>('transfers', { processed: 0, per_page: 4 })).items
  const ids: Record<string, number | undefined> = {
    '/contacts/view/:id': contact?.id,
    '/contacts/edit/:id': contact?.id,
    '/events/view/:id': event?.id,
    '/events/edit/:id': event?.id,
    '/team/membership-requests/:team_id': owner.scope.team_id,
    // Hope Street is one of the demo conference's churches.
    '/team/manage-sub-teams/edit/:id': owner.scope.team_id,
    '/contacts/import-and-share/edit/:id': userImport.id,
    '/transfers/view/:id': transfer?.id,
    '/transfers/edit/:id': transfer?.id,
  }
  const publicPaths = new Set([
    '/login',
    '/logout',
    '/signup',
    '/activate',
    '/reset-password',
    '/accept-invite',
    '/loading',
    '/error',
    '/privacy',
    '/terms',
    '/code-of-conduct',
  ])
  return builtPaths
    .filter((path) => !publicPaths.has(path))
    .map((path) => {
      if (!path.includes(':')) return path
      const id = ids[path]
      if (id === undefined) throw new Error(`No demo record for ${path}: add one to the walk`)
      return path.replace(/:[a-z_]+/, String(id))
    })
}

/**
 * Registers the walk of every signed-in route by each of `accounts` at `viewport`, on a
 * server of the test file's own. Every account walks at 1280 px; on the phone, one account
 * of each kind of page (a church's owner and member, the conference's officer), to keep the
 * walk within a few minutes.
 */
export function describeRouteWalk(label: string, viewport: { width: number; height: number }, accounts: string[]): void {
  const baseUrl = withAppServer()
  /** The routes of the signed-in frame, their ids filled with demo records. */
  let routes: string[] = []

  beforeAll(async () => {
    routes = await signedInRoutes(baseUrl())
  })

  describe(`every signed-in route, by each demo account, ${label}`, () => {
    let session: Session | undefined
    afterAll(async () => session?.close())

    it.each(accounts)('%s', async (email) => {
      await session?.close()
      session = await openBrowser(baseUrl(), { viewport })
      await signIn(session.page, email)
      expect(await walk(session.page, routes, viewport.width < 768)).toEqual([])
    })
  })
}
