import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addAdult, demoApi, uniqueSurname } from './api'
import { openBrowser, signIn, type Session } from './browser'
import { settled, violations } from './axe'
import { withAppServer } from './server'

// Interactions, the heartbeat of follow-up (issue 12 item 2), in Chromium: a leader logs a
// visit with another contact present and a Bible-study lesson with a reaction, completes an
// upcoming one from the mark-complete link, and the contacts list's Last interaction column
// follows; a member edits their own interaction but not the leader's. Every test adds its own
// contacts (a surname no one else has) through the API and does the rest in the browser.
const baseUrl = withAppServer()

let sessions: Session[] = []
afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()))
  sessions = []
})

async function signedIn(email: string): Promise<Page> {
  const session = await openBrowser(baseUrl())
  sessions.push(session)
  await signIn(session.page, email)
  return session.page
}

const poll = { timeout: 15_000 }

/** A date (YYYY-MM-DD) some days from today, UTC (the demo church is ahead of UTC). */
function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * The Last interaction column of the contacts list, by contact name, for the contacts whose
 * name matches the search: what a person reads there.
 */
async function lastInteractionColumn(page: Page, search: string, names: string[]): Promise<Record<string, string>> {
  await page.goto('/contacts')
  const section = page.getByRole('region', { name: 'All contacts in team' })
  await page.getByRole('searchbox', { name: 'Search contacts' }).first().fill(search)
  const table = section.getByRole('table')
  const rowOf = (name: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) })
  await expect.poll(async () => (await Promise.all(names.map((name) => rowOf(name).count()))).every((count) => count === 1), poll).toBe(true)
  const column = (await table.getByRole('columnheader').allInnerTexts()).findIndex((header) => header.trim().toLowerCase() === 'last interaction')
  expect(column).toBeGreaterThanOrEqual(0)
  const shown: Record<string, string> = {}
  for (const name of names) shown[name] = (await rowOf(name).getByRole('cell').nth(column).innerText()).trim()
  return shown
}

/** Opens the contact's Interactions tab. */
async function openInteractions(page: Page, contactId: number, query = ''): Promise<void> {
  await page.goto(`/contacts/view/${contactId}${query}`)
  if (!query) await page.getByRole('tab', { name: 'Interactions' }).click()
  await expect.poll(() => page.getByRole('tab', { name: 'Interactions', selected: true }).isVisible(), poll).toBe(true)
}

/** Picks an option of a Mantine select of the form, by the select's label. */
async function choose(page: Page, form: ReturnType<Page['getByRole']>, label: RegExp, option: string): Promise<void> {
  await form.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

describe('interactions in the browser', () => {
  it('a leader logs a visit with another contact present and a Bible-study lesson with a reaction; the list follows', async () => {
    const leader = await demoApi(baseUrl(), 'leader@example.org')
    const surname = uniqueSurname('Mwangi')
    const ruth = `Ruth ${surname}`
    const samuel = `Samuel ${surname}`
    const ruthId = await addAdult(leader, { first: 'Ruth', last: surname, gender: 'female' })
    await addAdult(leader, { first: 'Samuel', last: surname, gender: 'male' })

    const page = await signedIn('leader@example.org')
    expect(await lastInteractionColumn(page, surname, [ruth, samuel])).toEqual({ [ruth]: 'None yet', [samuel]: 'None yet' })

    // A visit, with Samuel present (found by the others-present search).
    await openInteractions(page, ruthId)
    await page.getByRole('button', { name: 'Log interaction' }).click()
    const form = page.getByRole('form', { name: 'Log an interaction' })
    // A visit unless chosen otherwise (the type's title shows once the types have loaded).
    await expect.poll(() => form.getByRole('combobox', { name: /^Type/ }).inputValue(), poll).toBe('Visit')
    await form.getByLabel('Others present', { exact: true }).fill('Samuel')
    await page.getByRole('option', { name: samuel }).click()
    await expect.poll(() => form.getByRole('button', { name: `Remove ${samuel}` }).isVisible(), poll).toBe(true)
    await form.getByRole('textbox', { name: 'Notes' }).fill('Visited at home; Samuel joined us for tea.')
    await form.getByRole('button', { name: 'Log interaction' }).click()
    const entries = page.getByRole('list', { name: 'Interactions' })
    const visit = entries.getByRole('listitem').filter({ hasText: 'Visited at home' })
    await expect.poll(() => visit.count(), poll).toBe(1)
    // textContent: the state badge's words as written (innerText has them in capitals, as shown).
    const visitText = (await visit.textContent()) ?? ''
    expect(visitText).toContain('Visit')
    expect(visitText).toContain('Completed')
    expect(visitText).toContain(`with ${samuel}`)

    // A Bible-study lesson with a happy reaction: the entry and the study's progress show it.
    await choose(page, form, /^Type/, 'Bible study')
    await choose(page, form, /^Bible study/, 'Discover Bible Guides')
    await choose(page, form, /^Lesson/, 'Prayer: talking with God')
    // The reaction's indicator slides to the choice in 400 ms (spec 2 §9): the browser reports
    // each finished transition with how long it ran.
    await form.getByRole('radiogroup', { name: 'Reaction' }).evaluate((group) => {
      const ran: number[] = []
      ;(window as unknown as { reactionTransitions: number[] }).reactionTransitions = ran
      group.addEventListener('transitionend', (event) => ran.push(Math.round((event as TransitionEvent).elapsedTime * 1000)))
    })
    // The segment's label is what a person clicks (its radio is visually hidden).
    await form.getByText('🙂 Happy', { exact: true }).click()
    await expect.poll(() => form.getByRole('radio', { name: '🙂 Happy' }).isChecked(), poll).toBe(true)
    const transitions = () => page.evaluate(() => (window as unknown as { reactionTransitions: number[] }).reactionTransitions)
    await expect.poll(async () => (await transitions()).length, poll).toBeGreaterThan(0)
    expect(new Set(await transitions())).toEqual(new Set([400]))
    await form.getByRole('button', { name: 'Log interaction' }).click()
    const lesson = entries.getByRole('listitem').filter({ hasText: 'Prayer: talking with God' })
    await expect.poll(() => lesson.count(), poll).toBe(1)
    expect(await lesson.getByRole('img', { name: 'Happy' }).isVisible()).toBe(true)
    expect(await lesson.innerText()).toContain('Bible study')
    const progress = page.getByRole('region', { name: 'Bible studies' })
    await expect.poll(() => progress.innerText(), poll).toContain('1 of 12 lessons')
    expect(await progress.getByRole('listitem', { name: /^Prayer: talking with God: done / }).isVisible()).toBe(true)

    // The list's Last interaction column: both Ruth and Samuel, who was present, had one.
    const after = await lastInteractionColumn(page, surname, [ruth, samuel])
    expect(after[ruth]).toMatch(/^(Today|1 day ago)$/)
    expect(after[samuel]).toMatch(/^(Today|1 day ago)$/)
  })

  it('the mark-complete link completes an upcoming interaction, and the list shows it as the last one', async () => {
    const leader = await demoApi(baseUrl(), 'leader@example.org')
    const surname = uniqueSurname('Tanaka')
    const esther = `Esther ${surname}`
    const estherId = await addAdult(leader, { first: 'Esther', last: surname, gender: 'female' })
    const { id: upcomingId } = await leader.post<{ id: number }>('add-contact-interaction', {
      user_id: estherId,
      type: 'visit',
      date: daysFromToday(5),
      time: '10:30',
      content: 'Bring the Discover guides next week.',
      is_completed: false,
    })

    const page = await signedIn('leader@example.org')
    expect(await lastInteractionColumn(page, surname, [esther])).toEqual({ [esther]: 'None yet' })
    await openInteractions(page, estherId)
    const upcoming = page.getByRole('list', { name: 'Interactions' }).getByRole('listitem').filter({ hasText: 'Bring the Discover guides' })
    await expect.poll(() => upcoming.textContent(), poll).toContain('Upcoming')

    // The link (as a reminder mail carries it) marks it complete once, then names it to view.
    await openInteractions(page, estherId, `?interaction_mark_complete=${upcomingId}`)
    await expect.poll(() => upcoming.textContent(), poll).toContain('Completed')
    await page.waitForURL((url) => url.searchParams.get('view_interaction') === String(upcomingId) && !url.searchParams.has('interaction_mark_complete'))
    expect(await upcoming.getAttribute('aria-current')).toBe('true')
    expect(await upcoming.getByRole('button', { name: 'Mark complete' }).count()).toBe(0)

    expect(await lastInteractionColumn(page, surname, [esther])).toEqual({ [esther]: 'Today' })
  })

  it("a member edits their own interaction and is offered no edit of the leader's", async () => {
    const leader = await demoApi(baseUrl(), 'leader@example.org')
    const member = await demoApi(baseUrl(), 'member@example.org')
    const surname = uniqueSurname('Haddad')
    const contactId = await addAdult(leader, { first: 'Omar', last: surname, gender: 'male' })
    // A member reads the contacts assigned to them; the leader logged a call before.
    await leader.post('add-contact-assignment', { user_id: contactId, to_user_id: member.personId })
    await leader.post('add-contact-interaction', {
      user_id: contactId,
      type: 'phone-call',
      date: daysFromToday(-2),
      content: 'Leader phoned about the food bank.',
      is_completed: true,
    })

    const page = await signedIn('member@example.org')
    await openInteractions(page, contactId)
    const entries = page.getByRole('list', { name: 'Interactions' }).getByRole('listitem')
    const leaders = entries.filter({ hasText: 'Leader phoned about the food bank.' })
    await expect.poll(() => leaders.count(), poll).toBe(1)
    expect(await leaders.getByRole('button').count()).toBe(0)

    // The member logs a visit, then edits it.
    await page.getByRole('button', { name: 'Log interaction' }).click()
    const form = page.getByRole('form', { name: 'Log an interaction' })
    // Only those who may see the team's users choose who acted.
    expect(await form.getByRole('textbox', { name: 'By user' }).count()).toBe(0)
    await form.getByRole('textbox', { name: 'Notes' }).fill('Dropped in with soup.')
    await form.getByRole('button', { name: 'Log interaction' }).click()
    const own = entries.filter({ hasText: 'Dropped in with soup' })
    await expect.poll(() => own.count(), poll).toBe(1)
    await own.getByRole('button', { name: /^Edit Visit of / }).click()
    const editor = page.getByRole('form', { name: 'Edit interaction' })
    await editor.getByRole('textbox', { name: 'Notes' }).fill('Dropped in with soup and bread for the family.')
    await editor.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => entries.filter({ hasText: 'soup and bread for the family' }).count(), poll).toBe(1)
    await expect.poll(() => page.getByRole('form', { name: 'Edit interaction' }).count(), poll).toBe(0)

    // After a reload the change is what the server kept, and the leader's call is still not editable.
    await page.reload()
    await expect.poll(() => entries.filter({ hasText: 'soup and bread for the family' }).count(), poll).toBe(1)
    await expect.poll(() => leaders.count(), poll).toBe(1)
    expect(await leaders.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0)
    expect(await leaders.innerText()).toContain('Leader phoned about the food bank.')
  })

  it("D1-3-14 'Decision' among the interaction types opens the Decisions tab's add form, and the decision is recorded there", async () => {
    const leader = await demoApi(baseUrl(), 'leader@example.org')
    const surname = uniqueSurname('Okafor')
    const contactId = await addAdult(leader, { first: 'Ada', last: surname, gender: 'female' })

    const page = await signedIn('leader@example.org')
    await openInteractions(page, contactId)
    await page.getByRole('button', { name: 'Log interaction' }).click()
    const form = page.getByRole('form', { name: 'Log an interaction' })
    await expect.poll(() => form.getByRole('combobox', { name: /^Type/ }).inputValue(), poll).toBe('Visit')
    await form.getByRole('combobox', { name: /^Type/ }).click()
    // The looked-up types first, then the two that are not interactions.
    const offered = await page.getByRole('listbox').getByRole('option').allInnerTexts()
    expect(offered.slice(-2)).toEqual(['Event', 'Decision'])
    await page.getByRole('option', { name: 'Decision', exact: true }).click()

    await expect.poll(() => page.getByRole('tab', { name: 'Decisions', selected: true }).isVisible(), poll).toBe(true)
    const decision = page.getByRole('form', { name: 'Add a decision' })
    await expect.poll(() => decision.getByRole('combobox', { name: /^Type/ }).evaluate((input) => input === document.activeElement), poll).toBe(true)
    await settled(page)
    expect(await violations(page)).toEqual([])
    await choose(page, decision, /^Type/, 'Decision for baptism')
    await decision.getByRole('textbox', { name: 'Notes' }).fill('Asked to be baptised at Easter.')
    await decision.getByRole('button', { name: 'Add decision' }).click()
    const recorded = page.getByRole('list', { name: 'Decisions' }).getByRole('listitem').filter({ hasText: 'Asked to be baptised at Easter.' })
    await expect.poll(() => recorded.count(), poll).toBe(1)
    expect(await recorded.innerText()).toContain('Decision for baptism')
    // Nothing was logged as an interaction.
    const interactions = await leader.get<{ items: unknown[] }>(`contact-interactions/${contactId}`, {})
    expect(interactions.items).toEqual([])
  })
})
