import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addAdult, addExistingAdult, demoApi, siteAdminApi, uniqueSurname } from './api'
import { settled, violations } from './axe'
import { openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'

// Possible duplicates in Chromium (issue 40 §1): one person added twice with a spelling
// difference is offered as a pair on /contacts/duplicates, reached from /contacts; axe-core finds
// nothing at 1280 px or on a 390 px phone, in English or Spanish, and nothing is wider than the
// screen; "Not the same person" takes the pair away for good. "Merge" makes the two one: the
// merge page and its confirmation pass axe alike; the kept contact takes the chosen name, the old
// record's link opens it, and "Undo merge" brings both records back. A record also held by a
// team the owner does not own (Riverside, once Parker is its owner) needs that team's agreement:
// the merge page asks for it and then waits; Riverside's owner finds the request through the
// notification, on the contact's page, and agrees, which merges — every state clean for axe.
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

/** The merge page of the pair named `pair`, opened from the duplicates page by its Merge link. */
async function mergeAt(viewport: { width: number; height: number }, locale: 'en' | 'es', pair: string): Promise<Page> {
  const page = await duplicatesAt(viewport, locale)
  const item = page.getByRole('listitem', { name: pair })
  await expect.poll(() => item.isVisible(), { timeout: 15_000 }).toBe(true)
  await item.getByRole('link', { name: `${locale === 'es' ? 'Fusionar' : 'Merge'}: ${pair}` }).click()
  await page.waitForURL('**/contacts/duplicates/merge?**')
  await page.getByRole('radiogroup', { name: locale === 'es' ? 'Registro que se conserva' : 'Record to keep' }).waitFor({ timeout: 15_000 })
  return page
}

describe('merging two records of one person in the browser', () => {
  it('merges with a chosen name, clean for axe on a desktop and a phone in both languages, lands on the kept record, and undoes it', async () => {
    const owner = await demoApi(baseUrl(), 'owner@example.org')
    const surname = uniqueSurname('Mergewell')
    const older = await addAdult(owner, { first: 'Katherine', last: surname, gender: 'female' })
    const newer = await addAdult(owner, { first: 'Katharine', last: surname, gender: 'female' })
    const kept = `Katherine ${surname}`
    const other = `Katharine ${surname}`

    // The merge page and its confirmation, at 1280 px in English and 390 px in Spanish.
    for (const [viewport, locale] of [
      [{ width: 1280, height: 900 }, 'en'],
      [{ width: 390, height: 844 }, 'es'],
    ] as const) {
      const page = await mergeAt(viewport, locale, locale === 'es' ? `${kept} y ${other}` : `${kept} and ${other}`)
      await settled(page)
      expect(await violations(page, 'all')).toEqual([])
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
      await page.getByRole('button', { name: locale === 'es' ? 'Fusionar registros' : 'Merge records' }).click()
      const dialog = page.getByRole('dialog', { name: locale === 'es' ? `¿Fusionar a ${other} con ${kept}?` : `Merge ${other} into ${kept}?` })
      await dialog.waitFor({ timeout: 15_000 })
      await settled(page)
      expect(await violations(page, 'all')).toEqual([])
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
      await dialog.getByRole('button', { name: locale === 'es' ? 'Cancelar' : 'Cancel' }).click()
      await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0)
      await session?.close()
      session = undefined
    }

    // The older record is kept, with the newer one's spelling of the name.
    const page = await mergeAt({ width: 1280, height: 900 }, 'en', `${kept} and ${other}`)
    await page.getByRole('radiogroup', { name: 'Name' }).getByRole('radio', { name: other }).check()
    await page.getByRole('button', { name: 'Merge records' }).click()
    await page
      .getByRole('dialog', { name: `Merge ${other} into ${kept}?` })
      .getByRole('button', { name: 'Merge', exact: true })
      .click()
    await page.waitForURL(`**/contacts/view/${older}`, { timeout: 15_000 })
    await page.getByRole('heading', { level: 1, name: other }).waitFor({ timeout: 15_000 })
    await expect
      .poll(() => page.getByRole('main').innerText(), { timeout: 15_000 })
      .toContain(`${other} was merged into this record. You can undo it here for 30 days.`)
    // The undoable merges are read beside the contact: the notice may come a moment later.
    await expect.poll(() => page.getByText(`Merged from ${other} on`).isVisible(), { timeout: 15_000 }).toBe(true)
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])

    // The merged-away record's old link opens the kept one.
    await page.goto(`/contacts/view/${newer}`)
    await page.waitForURL(`**/contacts/view/${older}`, { timeout: 15_000 })
    await page.getByRole('heading', { level: 1, name: other }).waitFor({ timeout: 15_000 })

    // Undone, both records are as they were.
    await page.getByRole('button', { name: `Undo merge with ${other}` }).click()
    const undo = page.getByRole('dialog', { name: 'Undo the merge?' })
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
    await undo.getByRole('button', { name: 'Undo merge' }).click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'The merge was undone' }).first().textContent(), { timeout: 15_000 })
      .toContain(`The merge was undone: ${other} is a record of its own again.`)
    await page.getByRole('heading', { level: 1, name: kept }).waitFor({ timeout: 15_000 })
    await expect.poll(() => page.getByText(`Merged from ${other} on`).count(), { timeout: 15_000 }).toBe(0)
    await page.getByRole('link', { name: `Open ${other}` }).click()
    await page.waitForURL(`**/contacts/view/${newer}`, { timeout: 15_000 })
    await page.getByRole('heading', { level: 1, name: other }).waitFor({ timeout: 15_000 })
    // The server has both again, each with its own name, and the pair is offered again.
    const names = await Promise.all(
      [older, newer].map(async (id) => (await owner.get<{ data_view_simple: { name: string } }>(`contact/${id}`)).data_view_simple.name),
    )
    expect(names).toEqual([kept, other])
    const answer = await owner.get<{ items: Array<{ contact: { id: number }; other_contact: { id: number } }> }>('possible-duplicates', {
      team_id: owner.scope.team_id,
      per_page: 200,
    })
    expect(answer.items.some((item) => item.contact.id === older && item.other_contact.id === newer)).toBe(true)
  })
})

async function closeSession(): Promise<void> {
  await session?.close()
  session = undefined
}

/** Signs `email` in and selects the team titled `team` (/team/switch), at `viewport`. */
async function signedInTo(viewport: { width: number; height: number }, email: string, team: RegExp): Promise<Page> {
  session = await openBrowser(baseUrl(), { viewport })
  const page = session.page
  await signIn(page, email)
  await page.goto('/team/switch')
  await page.getByRole('button', { name: team }).click()
  await page.waitForURL((url) => url.pathname === '/')
  return page
}

describe('a merge another team must agree to, in the browser', () => {
  it("asks Riverside from the merge page and waits; Riverside's owner agrees on the contact's page, which merges: clean for axe in both languages", async () => {
    // Riverside gets an owner (Parker's request, accepted by the site admin), who takes in one of
    // the two records of one person that Hope Street holds.
    const admin = await siteAdminApi(baseUrl())
    const requests = await admin.get<{ items: Array<{ id: number; team_name: string }> }>('owner-requests')
    // (A retry finds it accepted.)
    const ownerRequest = requests.items.find((request) => request.team_name === 'Riverside Community Church')
    if (ownerRequest) await admin.post('accept-owner-request', { id: ownerRequest.id })
    const owner = await demoApi(baseUrl(), 'owner@example.org')
    const parker = await demoApi(baseUrl(), 'pending@example.org', undefined, 'Riverside Community Church')
    const surname = uniqueSurname('Quillfeather')
    const older = await addAdult(owner, { first: 'Rosalind', last: surname, gender: 'female' })
    const newer = await addAdult(owner, { first: 'Rosalyn', last: surname, gender: 'female' })
    expect(await addExistingAdult(parker, { first: 'Rosalyn', last: surname, gender: 'female' })).toEqual({ id: newer, is_awaiting_approval: false })
    const kept = `Rosalind ${surname}`
    const other = `Rosalyn ${surname}`
    const riverside = 'Riverside Community Church'

    // Hope Street's owner merges, is told Riverside must agree, and asks: in English at 1280 px.
    let page = await mergeAt({ width: 1280, height: 900 }, 'en', `${kept} and ${other}`)
    await page.getByRole('radiogroup', { name: 'Name' }).getByRole('radio', { name: other }).check()
    await page.getByRole('button', { name: 'Merge records' }).click()
    await page
      .getByRole('dialog', { name: `Merge ${other} into ${kept}?` })
      .getByRole('button', { name: 'Merge', exact: true })
      .click()
    const refusal = page.getByRole('alert').filter({ hasText: `These records are also held by ${riverside}, whose owners must agree before they are merged.` })
    await refusal.waitFor({ timeout: 15_000 })
    expect(await page.getByRole('button', { name: 'Merge records' }).count()).toBe(0)
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
    await refusal.getByRole('button', { name: 'Ask them to agree' }).click()
    await page.getByText(`Asked ${riverside}. The records are merged once every team agrees; you'll get a notification.`).waitFor({ timeout: 15_000 })
    expect(await page.getByRole('list', { name: 'Teams that must agree' }).textContent()).toContain('Not answered yet')
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
    await closeSession()

    // Opened again, in Spanish on a phone, the page shows the request waiting instead of the button.
    page = await mergeAt({ width: 390, height: 844 }, 'es', `${kept} y ${other}`)
    await page.getByText(`Esperando el acuerdo de ${riverside} para fusionar a ${other} con ${kept}.`).waitFor({ timeout: 15_000 })
    expect(await page.getByRole('button', { name: 'Fusionar registros' }).count()).toBe(0)
    expect(await page.getByRole('radiogroup', { name: 'Nombre' }).getByRole('radio', { name: other }).isChecked()).toBe(true)
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
    await closeSession()

    // Riverside's owner: the request on the record Riverside holds, in Spanish on a phone…
    page = await signedInTo({ width: 390, height: 844 }, 'pending@example.org', /Riverside Community Church/)
    await page.goto(`/contacts/view/${newer}?locale=es`)
    const pedido = page.getByRole('note').filter({ hasText: `Hope Street Church pide fusionar a ${other} con ${kept}.` })
    await pedido.waitFor({ timeout: 15_000 })
    expect(await pedido.getByRole('button', { name: `Aceptar y fusionar a ${other} con ${kept}` }).isVisible()).toBe(true)
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
    await closeSession()

    // …and in English at 1280 px, from the notification, where the agreement merges.
    page = await signedInTo({ width: 1280, height: 900 }, 'pending@example.org', /Riverside Community Church/)
    await page.goto('/notifications?locale=en')
    const notification = page
      .getByRole('listitem')
      .filter({ hasText: `Hope Street Church asks to merge two records of ${kept}. Your team's owners decide on the contact's page.` })
    await notification.waitFor({ timeout: 15_000 })
    await notification.getByRole('link', { name: 'Open contact' }).click()
    await page.waitForURL(`**/contacts/view/${newer}`, { timeout: 15_000 })
    const asked = page.getByRole('note').filter({ hasText: `Hope Street Church asks to merge ${other} into ${kept}.` })
    await asked.waitFor({ timeout: 15_000 })
    expect(await asked.innerText()).toContain('Asked by Olivia Owner on')
    expect(await asked.innerText()).toContain(`This record is closed, and its links open ${kept}. Details taken from ${other}: Name.`)
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])
    await asked.getByRole('button', { name: `Agree and merge ${other} into ${kept}` }).click()
    // The record on the page was merged away: the page is the kept one's, with the chosen name.
    await page.waitForURL(`**/contacts/view/${older}`, { timeout: 15_000 })
    await page.getByRole('heading', { level: 1, name: other }).waitFor({ timeout: 15_000 })
    await expect
      .poll(() => page.getByRole('main').innerText(), { timeout: 15_000 })
      .toContain(`${other} was merged into this record. You can undo it here for 30 days.`)
    await settled(page)
    expect(await violations(page, 'all')).toEqual([])

    // Hope Street sees one record with the chosen name, nothing waiting, and is told.
    expect((await owner.get<{ data_view_simple: { name: string } }>(`contact/${older}`)).data_view_simple.name).toBe(other)
    expect(await owner.get<{ data: unknown[] }>('contact-merge-requests', { contact_id: older })).toEqual({ data: [] })
    const told = await owner.get<{ items: Array<{ system: { kind: string; params: Record<string, unknown> } | null }> }>('notifications', { per_page: 20 })
    expect(told.items.map((item) => item.system)).toContainEqual({
      kind: 'contact_merge_decided',
      params: { church: riverside, name: kept, approved: true, merged: true },
    })
  })
})
