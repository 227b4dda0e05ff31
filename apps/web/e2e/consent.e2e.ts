import { afterEach, describe, expect, it } from 'vitest'
import type { FrameLocator, Locator, Page } from 'playwright-core'
import { consentPermissions } from '@crm/domain'
import { demoApi, uniqueSurname } from './api'
import { settled, violations } from './axe'
import { mailedLink, openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'

// Parental consent, built in (issue 13), in Chromium: a leader adds a child and mails the
// consent link; the parent, in a browser of their own, opens it from the mail, grants some
// permissions, signs and submits; the leader reads the record with its signature and
// revokes it. Then a photo of a signed paper form through the embedded frame, a verbal
// consent, and a QR card through which a visitor becomes a contact.
const baseUrl = withAppServer()

let sessions: Session[] = []
afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()))
  sessions = []
})

async function browserPage(email?: string, viewport?: { width: number; height: number }): Promise<Page> {
  const session = await openBrowser(baseUrl(), viewport ? { viewport } : {})
  sessions.push(session)
  if (email) await signIn(session.page, email)
  return session.page
}

const poll = { timeout: 15_000 }
const phone = { width: 390, height: 844 }

/** Whether the page scrolls sideways (it must not, at 1280 px or on a phone). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
const thisYear = new Date().getFullYear()
const today = () => new Date().toISOString().slice(0, 10)
const permissionLabels: Record<(typeof consentPermissions)[number], string> = {
  bible_studies: 'Bible studies',
  spiritual_discussions: 'Spiritual discussions',
  counseling_sessions: 'Counselling sessions',
  one_on_one_meetings: 'One-on-one meetings',
  group_studies: 'Group studies',
  phone_calls: 'Phone calls',
  electronic_messages: 'Electronic messages',
}
const granted = ['bible_studies', 'group_studies', 'phone_calls'] as const

/** A child of Hope Street with a parent who can be reached and no consent yet; answers its id. */
async function addChild(first: string, last: string, parentEmail: string): Promise<number> {
  const api = await demoApi(baseUrl(), 'leader@example.org')
  const { id } = await api.post<{ id: number }>('create-user', {
    first_name: first,
    last_name: last,
    gender: 'female',
    dob_year: thisYear - 11,
    dob_month: 1,
    parent_carer_first_name: 'Ruth',
    parent_carer_last_name: last,
    parent_carer_relationship: 'mother',
    parent_carer_email: parentEmail,
    consent_type: 'none',
  })
  return id
}

/** Answers each permission on the parent's page: the granted ones Grant, the rest Deny. */
async function answerPermissions(form: Page | FrameLocator): Promise<void> {
  for (const permission of consentPermissions) {
    const group = form.getByRole('radiogroup', { name: permissionLabels[permission] })
    await group.getByRole('radio', { name: (granted as readonly string[]).includes(permission) ? 'Grant' : 'Deny' }).check()
  }
}

/** Draws a stroke on the signature pad with the mouse, as a parent signs with a finger. */
async function sign(page: Page): Promise<void> {
  const pad = page.getByLabel('Signature pad').first()
  await pad.scrollIntoViewIfNeeded()
  const box = (await pad.boundingBox())!
  await page.mouse.move(box.x + 20, box.y + box.height / 2)
  await page.mouse.down()
  for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? 15 : -15))
  await page.mouse.up()
}

async function openConsentTab(page: Page, contactId: number): Promise<Locator> {
  await page.goto(`/contacts/view/${contactId}`)
  await page.getByRole('tab', { name: 'Consent' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Consent' })
  await expect.poll(() => panel.isVisible(), poll).toBe(true)
  return panel
}

/** The first record's permissions as a leader reads them: 'Granted: Bible studies', 'Denied: …'. */
async function permissionsShown(panel: Locator): Promise<{ granted: string[]; denied: string[] }> {
  const items = await panel.getByRole('list', { name: 'Permissions' }).first().getByRole('listitem').allInnerTexts()
  const answers = items.map((item) => item.trim().split(/:\s*/) as [string, string])
  return {
    granted: answers.filter(([answer]) => answer === 'Granted').map(([, label]) => label),
    denied: answers.filter(([answer]) => answer === 'Denied').map(([, label]) => label),
  }
}

describe('parental consent in the browser (issue 13)', () => {
  it('a leader mails the link; the parent signs on their own phone; the leader reads the record and revokes it', async () => {
    const last = uniqueSurname('Signed')
    const parentEmail = `ruth.${last.toLowerCase()}@example.net`
    const child = await addChild('Alma', last, parentEmail)

    const leader = await browserPage('leader@example.org')
    await leader.goto(`/contacts/view/${child}`)
    await leader.getByRole('button', { name: 'Get parental consent' }).first().click()
    const view = leader.getByRole('dialog', { name: 'Get parental consent' })
    await expect.poll(() => view.getByRole('img', { name: /QR code of the consent link/ }).isVisible(), poll).toBe(true)
    await settled(leader)
    expect(await violations(leader)).toEqual([])
    await view.getByRole('button', { name: /^Email the link to Ruth/ }).click()
    await expect.poll(() => view.getByText(`The link was sent to ${parentEmail}.`).isVisible(), poll).toBe(true)

    // The parent: another browser on a phone, no sign-in, the link from the mail.
    const parent = await browserPage(undefined, phone)
    const link = await mailedLink(baseUrl(), parentEmail, 'consent for Alma')
    await parent.goto(link)
    await expect.poll(() => parent.getByRole('heading', { name: 'Consent for Alma' }).isVisible(), poll).toBe(true)
    // Only the child's first name: the surname is the parent's to know, not the page's to tell.
    expect(await parent.locator('main, body').first().innerText()).not.toContain(`Alma ${last}`)
    // Sent unanswered: each question says what it needs; the page fits the phone and passes axe.
    await parent.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => parent.getByText('Choose Grant or Deny.').count(), poll).toBeGreaterThan(0)
    expect(await scrollsSideways(parent)).toBe(false)
    expect(await violations(parent)).toEqual([])
    await answerPermissions(parent)
    await sign(parent)
    await parent.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => parent.getByText(/^Thank you\. Your answer has been sent to/).isVisible(), poll).toBe(true)
    // The same link a second time: it says it was answered (issue 35 item 11).
    await parent.goto(link)
    await expect.poll(() => parent.getByText('This link has already been answered. Thank you.').isVisible(), poll).toBe(true)

    // The leader reads it: signed online, who gave it, granted and denied, the signature.
    const panel = await openConsentTab(leader, child)
    await expect.poll(() => panel.getByText('Signed online').first().isVisible(), poll).toBe(true)
    await expect.poll(() => panel.getByText('Submitted', { exact: true }).first().isVisible(), poll).toBe(true)
    const shown = await permissionsShown(panel)
    expect(shown.granted).toEqual(granted.map((permission) => permissionLabels[permission]))
    expect(shown.denied).toEqual(
      consentPermissions.filter((permission) => !(granted as readonly string[]).includes(permission)).map((permission) => permissionLabels[permission]),
    )
    const signature = panel.getByRole('img', { name: /^Signature of Ruth/ })
    await expect.poll(() => signature.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), poll).toBe(true)
    await settled(leader)
    expect(await violations(leader)).toEqual([])
    expect(await scrollsSideways(leader)).toBe(false)

    await panel.getByRole('button', { name: 'Revoke' }).click()
    await leader.getByRole('dialog', { name: 'Revoke this consent?' }).getByRole('button', { name: 'Revoke consent' }).click()
    await expect.poll(() => panel.getByText(/^Revoked on .+ by /).isVisible(), poll).toBe(true)
    // Revoked: the child needs consent again.
    await expect.poll(() => leader.getByRole('button', { name: 'Get parental consent' }).first().isVisible(), poll).toBe(true)
  })

  it('a photo of the signed paper form, uploaded in the embedded form', async () => {
    const last = uniqueSurname('Photo')
    const child = await addChild('Pia', last, `ruth.${last.toLowerCase()}@example.net`)
    const leader = await browserPage('leader@example.org')
    await leader.goto(`/contacts/view/${child}`)
    await leader.getByRole('button', { name: 'Get parental consent' }).first().click()
    const view = leader.getByRole('dialog', { name: 'Get parental consent' })
    await view.getByRole('tab', { name: 'Upload a photo' }).click()
    const frame = leader.frameLocator('iframe[title="Upload a photo of the signed consent form"]')
    await expect.poll(() => frame.getByLabel('Photo or scan of the signed form').first().isVisible(), poll).toBe(true)
    // A real PNG (1×1), as a phone's camera would give a JPEG: the server checks the content.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
    await frame.getByLabel('Photo or scan of the signed form').first().setInputFiles({ name: 'form.png', mimeType: 'image/png', buffer: png })
    await frame.getByLabel('Date on the form').first().fill(today())
    await answerPermissions(frame)
    await frame.getByRole('button', { name: 'Submit' }).click()
    // The frame's completion closes the view; the tab shows the record with its photo.
    await expect.poll(() => view.isVisible(), poll).toBe(false)
    const panel = await openConsentTab(leader, child)
    await expect.poll(() => panel.getByText('Photo of a signed form').first().isVisible(), poll).toBe(true)
    const photo = panel.getByRole('img', { name: /^Photo of the consent form signed by Ruth/ })
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), poll).toBe(true)
  })

  it('a verbal consent, after the leader confirms that other options are unavailable', async () => {
    const last = uniqueSurname('Verbal')
    const child = await addChild('Vera', last, `ruth.${last.toLowerCase()}@example.net`)
    const leader = await browserPage('leader@example.org')
    await leader.goto(`/contacts/view/${child}`)
    await leader.getByRole('button', { name: 'Get parental consent' }).first().click()
    const view = leader.getByRole('dialog', { name: 'Get parental consent' })
    await view.getByRole('tab', { name: 'Verbal consent' }).click()
    const submit = view.getByRole('button', { name: 'Record verbal consent' })
    expect(await submit.count()).toBe(0)
    await view.getByRole('checkbox', { name: 'I understand and confirm that other options are unavailable' }).check()
    await view.getByRole('checkbox', { name: 'Bible studies' }).check()
    await view.getByRole('checkbox', { name: 'Phone calls' }).check()
    await view.getByRole('textbox', { name: /^Notes/ }).fill('Agreed by phone with Ruth.')
    const date = view.getByLabel(/^Consent date|^Date/).first()
    if ((await date.inputValue()) === '') await date.fill(today())
    await submit.click()
    const panel = await openConsentTab(leader, child)
    await expect.poll(() => panel.getByText('Verbal', { exact: true }).first().isVisible(), poll).toBe(true)
    const shown = await permissionsShown(panel)
    expect(shown.granted).toContain('Bible studies')
    expect(shown.granted).toContain('Phone calls')
    expect(shown.denied).toContain('Counselling sessions')
  })

  it('a QR card: a visitor leaves their details and decisions and is a contact of the church', async () => {
    const last = uniqueSurname('Visitor')
    const leader = await browserPage('leader@example.org')
    await leader.goto('/contacts')
    await leader.getByRole('button', { name: 'QR card' }).first().click()
    const card = leader.getByRole('dialog')
    await card.getByRole('checkbox', { name: 'Assign new contacts to me' }).check()
    await card.getByRole('button', { name: 'Create' }).click()
    const url = card.getByRole('textbox', { name: /link/i }).first()
    await expect.poll(async () => (await url.inputValue().catch(() => '')).includes('/consent/'), poll).toBe(true)
    const link = await url.inputValue()

    const visitor = await browserPage()
    await visitor.goto(link)
    await visitor.getByRole('textbox', { name: /^First name/ }).fill('Grace')
    await visitor.getByRole('textbox', { name: /^Last name/ }).fill(last)
    await visitor.getByRole('textbox', { name: /^Email/ }).fill(`grace.${last.toLowerCase()}@example.net`)
    await visitor.getByRole('checkbox', { name: 'Learn more' }).check()
    await visitor.getByRole('checkbox', { name: /^I agree to be contacted/ }).check()
    await visitor.getByRole('button', { name: 'Submit' }).click()
    await expect
      .poll(
        () =>
          visitor
            .getByText(/will be in touch\.$/)
            .first()
            .isVisible(),
        poll,
      )
      .toBe(true)

    // A contact of the church, assigned to the leader who made the card.
    await leader.goto('/contacts')
    await leader.getByRole('searchbox', { name: 'Search contacts' }).first().fill(last)
    const all = leader.getByRole('region', { name: 'All contacts in team' })
    await expect.poll(() => all.innerText(), poll).toContain(`Grace ${last}`)
    // The row's link names the contact (read once the search has settled on it).
    const href = await all.getByRole('link', { name: `Grace ${last}` }).getAttribute('href')
    const contactId = Number(href?.match(/\/contacts\/view\/(\d+)$/)?.[1])
    expect(contactId).toBeGreaterThan(0)
    const api = await demoApi(baseUrl(), 'leader@example.org')
    const assignments = await api.get<{ items: Array<{ to_user_id: number }> }>(`contact-assignments/${contactId}`)
    expect(assignments.items.map((assignment) => assignment.to_user_id)).toEqual([api.personId])
  })
})
