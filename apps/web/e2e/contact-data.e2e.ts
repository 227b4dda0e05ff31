import { readFile } from 'node:fs/promises'
import { unzipSync } from 'fflate'
import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { readImportFile } from '../src/lib/import-kind'
import { contactImportKind } from '../src/features/contacts/import-kind'
import { addAdult, demoApi, uniqueSurname } from './api'
import { settled, violations } from './axe'
import { openBrowser, signIn, type Session } from './browser'
import { mainSettled } from './route-walk'
import { withAppServer } from './server'

// A person's data on request in Chromium (issue 40 §2): an owner opens a contact, downloads
// everything held about them as a ZIP and their card as a vCard 4.0, asks for the contact's
// erasure or de-identification with a reason (the dialog clean for axe with each choice, at
// 1280 px in English and on a 390 px phone in Spanish), sees the pending notice (clean for axe
// too), keeps the contact, and finds the request called off on /contacts/erasures, reached from
// /contacts; there the team's retention setting is set to 24 months, read again, and set off.
// From /contacts the owner exports the team's contacts (issue 41 item 5), which the import's
// own reader reads back column for column.
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

/** The dialog's words for each choice, in each language the dialog is checked in. */
const dialogWords = {
  en: {
    open: 'Erase or de-identify this contact…',
    title: { de_identify: (name: string) => `De-identify ${name}?`, erase: (name: string) => `Erase ${name}?` },
    mode: { de_identify: 'De-identify', erase: 'Erase completely' },
    submit: { de_identify: 'De-identify contact', erase: 'Erase contact' },
    tickRequired: { de_identify: 'Tick this to de-identify the contact.', erase: 'Tick this to erase the contact.' },
  },
  es: {
    open: 'Borrar o anonimizar este contacto…',
    title: { de_identify: (name: string) => `¿Anonimizar a ${name}?`, erase: (name: string) => `¿Borrar a ${name}?` },
    mode: { de_identify: 'Anonimizar', erase: 'Borrar por completo' },
    submit: { de_identify: 'Anonimizar contacto', erase: 'Borrar contacto' },
    tickRequired: { de_identify: 'Marca esta casilla para anonimizar el contacto.', erase: 'Marca esta casilla para borrar el contacto.' },
  },
} as const

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

    // The dialog, clean for axe with each choice, at 1280 px in English and on a 390 px phone in Spanish.
    for (const [viewport, locale] of [
      [{ width: 1280, height: 900 }, 'en'],
      [{ width: 390, height: 844 }, 'es'],
    ] as const) {
      const words = dialogWords[locale]
      const page = await contactAt(contactId, viewport, locale)
      await page.getByRole('region', { name: locale === 'es' ? 'Datos personales' : 'Personal data' }).waitFor({ timeout: 15_000 })
      await settled(page)
      expect(await violations(page, 'all')).toEqual([])
      await page.getByRole('button', { name: words.open }).click()
      // It opens on De-identify, the lesser of the two.
      const dialog = page.getByRole('dialog')
      await page.getByRole('dialog', { name: words.title.de_identify(name) }).waitFor({ timeout: 15_000 })
      expect(await dialog.getByRole('radio', { name: words.mode.de_identify }).isChecked()).toBe(true)
      await settled(page)
      expect(await violations(page, 'all')).toEqual([])
      // Sent empty, it says what is missing, and stays clean.
      await dialog.getByRole('button', { name: words.submit.de_identify }).click()
      await dialog.getByText(words.tickRequired.de_identify).waitFor({ timeout: 15_000 })
      await settled(page)
      expect(await violations(page, 'all')).toEqual([])
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
      // Erase completely: the dialog says so, and stays clean.
      await dialog.getByRole('radio', { name: words.mode.erase }).check()
      await page.getByRole('dialog', { name: words.title.erase(name) }).waitFor({ timeout: 15_000 })
      await dialog.getByText(words.tickRequired.erase).waitFor({ timeout: 15_000 })
      expect(await dialog.getByRole('button', { name: words.submit.erase }).count()).toBe(1)
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

    // Erasing completely, asked for with a reason and the tick.
    await data.getByRole('button', { name: 'Erase or de-identify this contact…' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('radio', { name: 'Erase completely' }).check()
    await page.getByRole('dialog', { name: `Erase ${name}?` }).waitFor({ timeout: 15_000 })
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('The person asked')
    await dialog.getByRole('checkbox', { name: 'I understand the erasure cannot be undone after 7 days' }).check()
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
    expect(await data.getByRole('button', { name: 'Erase or de-identify this contact…' }).count()).toBe(0)
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])

    // Kept: the notice goes, and the choice is offered again.
    await notice.getByRole('button', { name: 'Keep this contact' }).click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'The erasure was called off' }).first().textContent(), { timeout: 15_000 })
      .toContain(`The erasure was called off: ${name} is kept.`)
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(0)
    await data.getByRole('button', { name: 'Erase or de-identify this contact…' }).waitFor({ timeout: 15_000 })
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])

    // The record, from the contacts page: the request, called off, with who asked and why.
    await page.goto('/contacts')
    await page.getByRole('link', { name: 'Erasure and de-identification' }).click()
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
    const erasures = await owner.get<{ items: Array<{ status: string; reason: string; mode: string }> }>('contact-erasures', { contact_id: contactId })
    expect(erasures.items).toEqual([expect.objectContaining({ mode: 'erase', status: 'cancelled', reason: 'The person asked' })])
    expect((await owner.get<{ data_view_simple: { name: string } }>(`contact/${contactId}`)).data_view_simple.name).toBe(name)
  })

  it('asks for a de-identification, which the contact page and /contacts/erasures word as one, and calls it off there', async () => {
    const owner = await demoApi(baseUrl(), 'owner@example.org')
    const surname = uniqueSurname('Deidworth')
    const contactId = await addAdult(owner, { first: 'Tobias', last: surname, gender: 'male' })
    const name = `Tobias ${surname}`

    const page = await contactAt(contactId, { width: 1280, height: 900 }, 'en')
    const data = page.getByRole('region', { name: 'Personal data' })
    await data.getByRole('button', { name: 'Erase or de-identify this contact…' }).click()
    // De-identify is chosen at first.
    const dialog = page.getByRole('dialog', { name: `De-identify ${name}?` })
    await dialog.waitFor({ timeout: 15_000 })
    expect(await dialog.getByRole('radio', { name: 'De-identify' }).isChecked()).toBe(true)
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('No longer needed')
    await dialog.getByRole('checkbox', { name: 'I understand the de-identification cannot be undone after 7 days' }).check()
    const [request] = await Promise.all([
      page.waitForRequest((sent) => sent.url().endsWith('/api/v1/erase-contact') && sent.method() === 'POST', { timeout: 15_000 }),
      dialog.getByRole('button', { name: 'De-identify contact' }).click(),
    ])
    expect(request.postDataJSON()).toMatchObject({ user_id: contactId, mode: 'de_identify', reason: 'No longer needed' })
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0)
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: `${name} will be de-identified on` })
            .count(),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0)
    const notice = page.getByRole('note').filter({ hasText: 'This contact will be de-identified on' })
    await notice.waitFor({ timeout: 15_000 })
    expect(await notice.innerText()).toContain('No longer needed')
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])

    // On /contacts/erasures: pending, to be de-identified; called off there.
    await page.goto('/contacts/erasures')
    const row = page.getByRole('listitem', { name: new RegExp(`^${name}, asked on `) })
    await row.waitFor({ timeout: 15_000 })
    expect(await row.innerText()).toMatch(/To be de-identified on /)
    expect(await row.innerText()).toContain('Reason: No longer needed')
    await row.getByRole('button', { name: `Keep this contact: ${name}` }).click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'was called off' }).first().textContent(), { timeout: 15_000 })
      .toContain(`The de-identification was called off (${name}): the contact is kept.`)
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Called off')
    expect(await row.getByRole('button').count()).toBe(0)

    const erasures = await owner.get<{ items: Array<{ status: string; mode: string }> }>('contact-erasures', { contact_id: contactId })
    expect(erasures.items).toEqual([expect.objectContaining({ mode: 'de_identify', status: 'cancelled' })])
    expect((await owner.get<{ data_view_simple: { name: string } }>(`contact/${contactId}`)).data_view_simple.name).toBe(name)
  })

  it("sets the team's retention to 24 months, reads it again after a reload, and sets it off; the page clean for axe at 1280 px and 390 px", async () => {
    const owner = await demoApi(baseUrl(), 'owner@example.org')
    session = await openBrowser(baseUrl(), { viewport: { width: 1280, height: 900 } })
    const page = session.page
    await signIn(page, 'owner@example.org')
    await page.goto('/contacts/erasures?locale=en')
    await mainSettled(page)
    const section = page.getByRole('region', { name: 'Keep contacts without activity' })
    const select = section.getByRole('combobox', { name: 'De-identify contacts with no activity for' })
    await select.waitFor({ timeout: 15_000 })
    expect(await select.inputValue()).toBe('off')
    expect(await section.innerText()).toContain('The owners are told 30 days ahead and can keep a contact; de-identified contacts still count in reports.')
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])

    await select.selectOption({ label: '24 months' })
    await section.getByRole('button', { name: 'Save' }).click()
    await expect.poll(async () => (await owner.get<{ months: number | null }>('contact-retention')).months, { timeout: 15_000 }).toBe(24)
    // The due list shows while the schedule is on.
    await page.getByRole('region', { name: 'Due for de-identification' }).waitFor({ timeout: 15_000 })
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])

    await page.reload()
    await mainSettled(page)
    await select.waitFor({ timeout: 15_000 })
    await expect.poll(() => select.inputValue(), { timeout: 15_000 }).toBe('24')
    await page.getByRole('region', { name: 'Due for de-identification' }).waitFor({ timeout: 15_000 })
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
    await session.close()

    // A phone, in Spanish: the setting as saved, and the page clean.
    session = await openBrowser(baseUrl(), { viewport: { width: 390, height: 844 } })
    const phone = session.page
    await signIn(phone, 'owner@example.org')
    await phone.goto('/contacts/erasures?locale=es')
    await mainSettled(phone)
    const spanish = phone
      .getByRole('region', { name: 'Conservar contactos sin actividad' })
      .getByRole('combobox', { name: 'Anonimizar contactos sin actividad durante' })
    await spanish.waitFor({ timeout: 15_000 })
    await expect.poll(() => spanish.inputValue(), { timeout: 15_000 }).toBe('24')
    await phone.getByRole('region', { name: 'Pendientes de anonimizar' }).waitFor({ timeout: 15_000 })
    await settled(phone)
    expect(await violations(phone, 'all')).toEqual([])
    expect(await pageOverflow(phone)).toBeLessThanOrEqual(0)

    // Off again: saved, and so after a reload.
    await spanish.selectOption({ label: 'Desactivado' })
    await phone.getByRole('button', { name: 'Guardar' }).click()
    await expect.poll(async () => (await owner.get<{ months: number | null }>('contact-retention')).months, { timeout: 15_000 }).toBeNull()
    await phone.reload()
    await mainSettled(phone)
    await spanish.waitFor({ timeout: 15_000 })
    await expect.poll(() => spanish.inputValue(), { timeout: 15_000 }).toBe('off')
    await settled(phone)
    expect(await violations(phone, 'all')).toEqual([])
  })

  it("exports the team's contacts from /contacts as CSV files and as vCards, which the import's reader reads back; the dialog clean for axe at 1280 px and on a 390 px phone in Spanish", async () => {
    const owner = await demoApi(baseUrl(), 'owner@example.org')
    session = await openBrowser(baseUrl(), { viewport: { width: 1280, height: 900 } })
    const page = session.page
    await signIn(page, 'owner@example.org')
    await page.goto('/contacts?locale=en')
    await mainSettled(page)
    await page.getByRole('button', { name: 'Export contacts' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export the team’s contacts' })
    await dialog.waitFor({ timeout: 15_000 })
    expect(await dialog.innerText()).toContain('Children you may not see are left out')
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])

    const zip = await download(page, 'Contacts, relationships and interactions (CSV files in a ZIP)')
    expect(zip.fileName).toBe(`team-${owner.scope.team_id}-contacts.zip`)
    const files = unzipSync(new Uint8Array(zip.bytes))
    expect(Object.keys(files).sort()).toEqual(['contacts.csv', 'interactions.csv', 'relationships.csv'])
    // The contact import reads every column of contacts.csv, and each phone as the number it is.
    const read = await readImportFile(new File([files['contacts.csv']!], 'contacts.csv'), contactImportKind())
    expect(read.missing).toEqual([])
    expect(read.ignored).toEqual([])
    const team = await owner.get<{ count: number }>('contacts', { per_page: 4 })
    expect(read.rows).toHaveLength(team.count)
    const phones = read.rows.map(({ row }) => row.phone ?? '').filter((phone) => phone !== '')
    expect(phones.length).toBeGreaterThan(0)
    expect(phones.every((phone) => /^\+\d+$/.test(phone))).toBe(true)
    expect(read.rows.every(({ row }) => /^crm-\d+$/.test(row.source_id ?? ''))).toBe(true)

    const vcard = await download(page, 'Contact cards (vCard)')
    expect(vcard.fileName).toBe(`team-${owner.scope.team_id}-contacts.vcf`)
    expect(vcard.bytes.toString('utf8').match(/^BEGIN:VCARD\r$/gm)).toHaveLength(team.count)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 15_000 })
    await session.close()

    // A phone, in Spanish: the dialog fits and is clean.
    session = await openBrowser(baseUrl(), { viewport: { width: 390, height: 844 } })
    const phone = session.page
    await signIn(phone, 'owner@example.org')
    await phone.goto('/contacts?locale=es')
    await mainSettled(phone)
    await phone.getByRole('button', { name: 'Exportar contactos' }).click()
    await phone.getByRole('dialog', { name: 'Exportar los contactos del equipo' }).waitFor({ timeout: 15_000 })
    await settled(phone)
    expect(await violations(phone, 'all')).toEqual([])
    expect(await pageOverflow(phone)).toBeLessThanOrEqual(0)
  })
})
