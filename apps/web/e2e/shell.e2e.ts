import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser, signIn, type Session } from './browser'
import { demoPassword, withAppServer } from './server'

const baseUrl = withAppServer()

let session: Session | undefined
afterEach(async () => {
  await session?.close()
  session = undefined
})

async function open(options?: Parameters<typeof openBrowser>[1]): Promise<Page> {
  session = await openBrowser(baseUrl(), options)
  return session.page
}

/** The side menu's entries, as a person reads them (expanding every parent). */
async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' })
  await nav.waitFor()
  // Open every collapsed parent so its children are listed too.
  for (let i = 0; i < 10; i++) {
    const collapsed = nav.locator('[aria-expanded="false"]:visible')
    if ((await collapsed.count()) === 0) break
    await collapsed.first().click()
  }
  await page.waitForTimeout(300)
  const labels = await nav.locator('a, button').allInnerTexts()
  return labels.map((label) => label.split('\n')[0]!.trim()).filter(Boolean)
}

async function cookie(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name)
}

describe('signing in', () => {
  it('shows the spec texts for a wrong password and an unknown email', async () => {
    const page = await open()
    await page.goto('/login')
    await page.getByLabel('Email').fill('owner@example.org')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the right password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByText('Wrong email or password.').isVisible()).toBe(true)
    await page.getByLabel('Email').fill('nobody@example.org')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByText('Wrong email or password.').isVisible()).toBe(true)
    expect(page.url()).toContain('/login')
  })

  it('the sign-in page is a page of its own that prefetches the app, which it then opens (issue #10)', async () => {
    const page = await open()
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname)
    })
    const html = await (await page.goto('/login'))!.text()
    // Its own entry as the page's script; the app's entry only as a prefetch.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/login-[\w-]+\.js">/)
    const appEntry = /<link rel="prefetch" href="(\/assets\/main-[\w-]+\.js)">/.exec(html)?.[1]
    expect(appEntry).toBeDefined()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    await expect.poll(() => scripts.includes(appEntry!), { timeout: 10_000 }).toBe(true)
    await page.getByLabel('Email').fill('owner@example.org')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true)
  })

  it('sends a signed-out visitor to /login with redirect_to, and back after signing in', async () => {
    const page = await open()
    await page.goto('/group/switch')
    await page.waitForURL(/\/login\?redirect_to=/)
    expect(new URL(page.url()).searchParams.get('redirect_to')).toBe('/group/switch')
    await page.getByLabel('Email').fill('owner@example.org')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(/\/group\/switch$/)
    await expect.poll(() => page.getByRole('heading', { name: 'Switch group' }).isVisible()).toBe(true)
  })
})

describe('the menu of each demo account', () => {
  // A built parent (My team, My profile) shows its children only inside its section.
  const cases: Array<[string, string[]]> = [
    // read_own_report is a leader's and up; a member has no Reports.
    ['owner@example.org', ['Dashboard', 'Reports', 'Contacts', 'Events', 'My team', 'Notifications', 'My profile', 'Log out']],
    ['member@example.org', ['Dashboard', 'Contacts', 'Events', 'My team', 'Notifications', 'My profile', 'Log out']],
    // Conference staff and the site admin hold create_transfer and create_notification in the conference.
    [
      'entity@example.org',
      ['Dashboard', 'Reports', 'Transfers', 'Manage notifications', 'Contacts', 'Events', 'My team', 'Notifications', 'My profile', 'Log out'],
    ],
    [
      'admin@example.org',
      ['Dashboard', 'Reports', 'Transfers', 'Manage notifications', 'Contacts', 'Events', 'My team', 'Notifications', 'My profile', 'Log out'],
    ],
    ['pending@example.org', ['Dashboard', 'Notifications', 'My profile', 'Log out']],
  ]
  it.each(cases)('%s', async (email, expected) => {
    const page = await open()
    await signIn(page, email)
    expect(await menuEntries(page)).toEqual(expected)
  })

  it('a pending member sees only the waiting message', async () => {
    const page = await open()
    await signIn(page, 'pending@example.org')
    await expect.poll(() => page.getByText('Awaiting membership approval').isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: /Dashboard -/ }).count()).toBe(0)
  })

  it('an owner sees the pending membership request on My team and its child, which opens the requests', async () => {
    const page = await open()
    await signIn(page, 'owner@example.org')
    const nav = page.getByRole('navigation', { name: 'Main menu' })
    const myTeam = nav.getByRole('link', { name: /My team/ })
    await expect.poll(() => myTeam.innerText()).toMatch(/1/)
    await myTeam.click()
    await page.waitForURL((url) => url.pathname === '/team')
    const requests = nav.getByRole('link', { name: /Membership requests/ })
    await expect.poll(() => requests.innerText()).toMatch(/1/)
    await requests.click()
    await page.waitForURL((url) => url.pathname === '/team/membership-requests')
    await expect.poll(() => page.getByText('pending@example.org').isVisible()).toBe(true)
  })
})

describe('picking a team and a group', () => {
  it('a leader with two teams lands in the first, switches team, then group, and finds the shell for it', async () => {
    const page = await open()
    await signIn(page, 'leader@example.org')
    // Two teams and nothing chosen yet: the first by title is used (spec 1 §4), no question asked.
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard - Hope Street Church' }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Switch team' }).count()).toBe(0)
    await page.goto('/team/switch')
    await page.getByRole('button', { name: /Riverside Community Church/ }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard - Riverside Community Church' }).isVisible()).toBe(true)
    const riverside = await cookie(page, 'selected_team')
    expect(riverside?.value).toBe((await cookie(page, 'selected_group'))?.value)
    // 365 days, give or take a minute.
    expect(riverside!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000)
    expect(await menuEntries(page)).toEqual(['Dashboard', 'Contacts', 'Events', 'My team', 'Notifications', 'My profile', 'Log out'])

    await page.goto('/team/switch')
    await page.getByRole('button', { name: /Hope Street Church/ }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard - Hope Street Church' }).isVisible()).toBe(true)

    await page.goto('/group/switch')
    await expect.poll(() => page.getByText('Primary: Hope Street Church').isVisible()).toBe(true)
    // The private care team shows with a lock; the public groups without.
    await expect.poll(() => page.getByRole('button', { name: /Pastoral Care Team/ }).isVisible()).toBe(true)
    await page.getByRole('button', { name: /^Youth/ }).click()
    // A chosen group opens its contacts; Youth is public, so they are the group's contacts.
    await page.waitForURL((url) => url.pathname === '/contacts')
    await expect.poll(() => page.getByRole('heading', { name: 'Contacts', level: 1 }).isVisible()).toBe(true)
    expect(await menuEntries(page)).toContain('My group')
    await page.goto('/')
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard - Hope Street Church (Youth)' }).isVisible()).toBe(true)
    // After a reload the choice is still there.
    await page.reload()
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard - Hope Street Church (Youth)' }).isVisible()).toBe(true)
  })

  it('a member creates a private group of their own from the offer', async () => {
    const page = await open()
    await signIn(page, 'member@example.org')
    await page.goto('/group/switch')
    await page.getByRole('button', { name: 'Create your own private group' }).click()
    await page.waitForURL((url) => url.pathname === '/contacts')
    await expect.poll(() => page.getByRole('heading', { name: 'My contacts', level: 1 }).isVisible()).toBe(true)
    await page.goto('/')
    await expect.poll(() => page.getByRole('heading', { name: "Dashboard - Hope Street Church (Mia Member's private group)" }).isVisible()).toBe(true)
    await page.goto('/group/switch')
    expect(await page.getByRole('button', { name: 'Create your own private group' }).count()).toBe(0)
  })
})

describe('the rest of the shell', () => {
  it('logs out: the session ends on the server and /login shows', async () => {
    const page = await open()
    await signIn(page, 'owner@example.org')
    const token = (await cookie(page, 'access_token'))?.value
    expect(token).toBeTruthy()
    await page.goto('/logout')
    await page.waitForURL(/\/login/)
    expect(await cookie(page, 'access_token')).toBeUndefined()
    const response = await fetch(`${baseUrl()}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(401)
  })

  it('serves the content pages and links them from the footer', async () => {
    const page = await open()
    await page.goto('/login')
    await page.getByRole('link', { name: 'Privacy policy' }).click()
    await page.waitForURL(/\/privacy$/)
    await expect.poll(() => page.getByRole('heading', { name: 'Privacy Policy' }).isVisible()).toBe(true)
    await expect.poll(() => page.getByText('Australian Privacy Act 1988', { exact: false }).isVisible()).toBe(true)
    expect(await page.title()).toMatch(/^Church Contact CRM.*Privacy Policy$/)
    await page.goto('/code-of-conduct')
    await expect.poll(() => page.getByRole('heading', { name: 'Code of Conduct' }).isVisible()).toBe(true)
  })

  it('speaks Spanish with ?locale=es, fetching one translation file', async () => {
    const page = await open()
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto('/login?locale=es')
    await expect.poll(() => page.getByRole('button', { name: 'Iniciar sesión' }).isVisible()).toBe(true)
    expect(requests.filter((url) => /\/assets\/es-[\w-]+\.js$/.test(url))).toHaveLength(1)
    expect((await cookie(page, 'locale'))?.value).toBe('es')
  })

  it('uses the mobile menu below the breakpoint', async () => {
    const page = await open({ viewport: { width: 390, height: 800 } })
    await signIn(page, 'owner@example.org')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).getByText('Log out').isVisible()).toBe(true)
  })
})
