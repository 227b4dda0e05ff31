import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settled, violations } from './axe'
import { openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'

const baseUrl = withAppServer()

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

describe('what shows on hover stays within a landmark (all of axe-core’s rules)', () => {
  it("a user card's Copy email tooltip", async () => {
    const own = await openBrowser(baseUrl())
    const page = own.page
    await signIn(page, 'owner@example.org')
    await page.goto('/team/users')
    const copy = page.getByRole('button', { name: /^Copy email of/ }).first()
    await copy.hover()
    await page.getByRole('tooltip', { name: 'Copy email' }).waitFor()
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
    await own.close()
  })
})
