import { afterAll, beforeAll, expect, it } from 'vitest'
import * as OTPAuth from 'otpauth'
import { openBrowser, type Session } from './browser'
import { demoPassword, withAppServer } from './server'

// Owners must use two-factor sign-in here, as they do by default in production.
const baseUrl = withAppServer({ TWO_FACTOR_REQUIRED_ROLES: 'owner' })
let session: Session
beforeAll(async () => {
  session = await openBrowser(baseUrl())
})
afterAll(async () => session.close())

it('an owner without two-factor is shown the QR code and the grouped secret, and gets in with a code', async () => {
  const { page } = session
  await page.goto('/login')
  await page.getByLabel('Email').fill('owner@example.org')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Log in' }).click()

  await expect.poll(() => page.getByRole('heading', { name: 'Set up two-factor authentication' }).isVisible()).toBe(true)
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' })
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
  const secret = (
    await page
      .getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/)
      .first()
      .innerText()
  ).trim()
  expect(secret).toMatch(/^([A-Z2-7]{4} )+/)

  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')) })
  // Pasting takes the first six characters and submits by itself.
  await page.getByLabel('Verification code').focus()
  await page.evaluate(async (code) => {
    const input = document.activeElement as HTMLInputElement
    const data = new DataTransfer()
    data.setData('text/plain', `${code}9999`)
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, totp.generate())
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 })
  await expect.poll(() => page.getByRole('heading', { name: 'Dashboard - Hope Street Church' }).isVisible()).toBe(true)
})
