import { readFile } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addAdult, demoApi, uniqueSurname } from './api'
import { settled, violations } from './axe'
import { openBrowser, signIn, type Session } from './browser'
import { mainSettled } from './route-walk'
import { withAppServer } from './server'

// A person's data on request in Chromium (issue 40 §2): an owner opens a contact, downloads
// everything held about them as a ZIP and their card as a vCard 4.0, asks for the contact's
// erasure with a reason (the dialog clean for axe at 1280 px in English and on a 390 px phone
// in Spanish), sees the pending notice (clean for axe too), keeps the contact, and finds the
// request called off on /contacts/erasures, reached from /contacts.
const baseUrl = withAppServer()

let session: Session | undefined
afterEach(async () => {
  await session?.close()
  session = undefined
})

async function contactAt(contactId: number, viewport: { width: number; height: number }, locale: 'en' | 'es'): Promise<Page> {
  session = await openBrowser(baseUrl(), { viewport })
  const page = session.page
  await signIn(page, 'owner@example.org')
  await page.goto(`/contacts/view/${contactId}?locale=${locale}`)
  await mainSettled(page)
  return page
}

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/** Presses a download button; the file's suggested name and its bytes. */
async function download(page: Page, name: string): Promise<{ fileName: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name }).click()])
  const path = await file.path()
  return { fileName: file.suggestedFilename(), bytes: await readFile(path) }
}

describe("a person's data on request in the browser", () => {
  it('downloads the ZIP and the vCard, asks for an erasure with a reason, keeps the contact, and the record says so', async () => {
    const owner = await demoApi(baseUrl(), 'owner@example.org')
    const surname = uniqueSurname('Eraseworth')
    const contactId = await addAdult(owner, { first: 'Philippa', last: surname, gender: 'female' })
    const name = `Philippa ${surname}`

    // The erase dialog, clean for axe at 1280 px in English and on a 390 px phone in Spanish.
    for (const [viewport, locale] of [
      [{ width: 1280, height: 900 }, 'en'],
      [{ width: 390, height: 844 }, 'es'],
    ] as const) {
      const page = await contactAt(contactId, viewport, locale)
      await page.getByRole('region', { name: locale === 'es' ? 'Datos personales' : 'Personal data' }).waitFor({ timeout: 15_000 })
      await settled(page)
      expect(await violations(page, 'all')).toEqual([])
      await page.getByRole('button', { name: locale === 'es' ? 'Borrar este contacto…' : 'Erase this contact…' }).click()
      const dialog = page.getByRole('dialog', { name: locale === 'es' ? `¿Borrar a ${name}?` : `Erase ${name}?` })
      await dialog.waitFor({ timeout: 15_000 })
      await settled(page)
      expect(await violations(page, 'all')).toEqual([])
      // Sent empty, it says what is missing, and stays clean.
      await dialog.getByRole('button', { name: locale === 'es' ? 'Borrar contacto' : 'Erase contact' }).click()
      await dialog.getByText(locale === 'es' ? 'Marca esta casilla para borrar el contacto.' : 'Tick this to erase the contact.').waitFor({ timeout: 15_000 })
      await settled(page)
      expect(await violations(page, 'all')).toEqual([])
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
      await dialog.getByRole('button', { name: locale === 'es' ? 'Cancelar' : 'Cancel' }).click()
      await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0)
      await session?.close()
      session = undefined
    }

    const page = await contactAt(contactId, { width: 1280, height: 900 }, 'en')
    const data = page.getByRole('region', { name: 'Personal data' })
    await data.waitFor({ timeout: 15_000 })

    // Everything held about them, as a ZIP (a ZIP file begins with "PK").
    const zip = await download(page, 'Download all their data (ZIP)')
    expect(zip.fileName).toMatch(/\.zip$/)
    expect(zip.bytes.length).toBeGreaterThan(0)
    expect(zip.bytes.subarray(0, 2).toString('latin1')).toBe('PK')
    // Their card, vCard 4.0, with their name.
    const vcard = await download(page, 'Download contact card (vCard)')
    expect(vcard.fileName).toMatch(/\.vcf$/)
    const card = vcard.bytes.toString('utf8')
    expect(card.startsWith('BEGIN:VCARD')).toBe(true)
    expect(card).toContain('VERSION:4.0')
    expect(card).toContain(`FN:${name}`)

    // Asked for, with a reason and the tick.
    await data.getByRole('button', { name: 'Erase this contact…' }).click()
    const dialog = page.getByRole('dialog', { name: `Erase ${name}?` })
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('The person asked')
    await dialog.getByRole('checkbox', { name: 'I understand this cannot be undone after 7 days' }).check()
    await dialog.getByRole('button', { name: 'Erase contact' }).click()
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0)
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: `${name} will be erased on` })
            .count(),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0)
    const notice = page.getByRole('note').filter({ hasText: 'This contact will be erased on' })
    await notice.waitFor({ timeout: 15_000 })
    expect(await notice.innerText()).toContain('The person asked')
    expect(await data.getByRole('button', { name: 'Erase this contact…' }).count()).toBe(0)
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])

    // Kept: the notice goes, and Erase is offered again.
    await notice.getByRole('button', { name: 'Keep this contact' }).click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'The erasure was called off' }).first().textContent(), { timeout: 15_000 })
      .toContain(`The erasure was called off: ${name} is kept.`)
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(0)
    await data.getByRole('button', { name: 'Erase this contact…' }).waitFor({ timeout: 15_000 })
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])

    // The record, from the contacts page: the request, called off, with who asked and why.
    await page.goto('/contacts')
    await page.getByRole('link', { name: 'Erasure requests' }).click()
    await page.waitForURL('**/contacts/erasures')
    const row = page.getByRole('listitem', { name: new RegExp(`^${name}, asked on `) })
    await row.waitFor({ timeout: 15_000 })
    const text = await row.innerText()
    expect(text).toContain('Called off')
    expect(text).toContain('Reason: The person asked')
    expect(text).toMatch(/Asked on .+ by /)
    expect(await row.getByRole('button').count()).toBe(0)
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0)

    // The server keeps the contact and the erasure called off.
    const erasures = await owner.get<{ items: Array<{ status: string; reason: string }> }>('contact-erasures', { contact_id: contactId })
    expect(erasures.items).toEqual([expect.objectContaining({ status: 'cancelled', reason: 'The person asked' })])
    expect((await owner.get<{ data_view_simple: { name: string } }>(`contact/${contactId}`)).data_view_simple.name).toBe(name)
  })
})
