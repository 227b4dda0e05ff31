import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import {
  contactCalls,
  contactEventCalls,
  eventAttendanceCalls,
  interactionCalls,
  interactionImportCalls,
  lookupCalls,
  type InteractionItem,
  type LookupItem,
} from '@crm/domain'
import { pinClock } from '../../../test/clock'
import { buildAccount, buildGroup, buildTeam, buildContactHit } from '../../../test/fixtures'
import { changeLocale } from '../../../lib/i18n'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { setupUser } from '../../../test/user'
import { activeTabStorageKey } from '../../contacts/components/view/contact-tabs'
import { buildContactItem } from '../../contacts/pages/contact-view.fixtures'
import type { ContactRole } from '@crm/domain'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'leader', groups: [buildGroup({ id: 10, title: 'Grace Church', is_public: true })] })

function buildInteraction(overrides: Partial<InteractionItem> = {}): InteractionItem {
  return {
    id: 9,
    contact_id: 5,
    type: 'visit',
    type_display: 'Visit',
    prayer_type: null,
    type_other: null,
    date: '2026-12-01',
    date_display: '1 Dec 2026',
    time: '10:00',
    date_time_display: '1 Dec 2026, 10:00 am',
    is_future: true,
    by_user_id: 3,
    by_user_name: 'Liam Leader',
    author_id: 3,
    content: 'Visit the family',
    is_completed: false,
    grow_phase: 'plant',
    source: null,
    team_id: 10,
    conference_id: 1,
    other_team_name: null,
    bible_study: null,
    bible_study_display: null,
    bible_study_parent: null,
    bible_study_other: null,
    reaction: null,
    event_id: null,
    contact_event_id: null,
    event_title: null,
    is_user_event: false,
    others_present: [],
    can_update: true,
    can_delete: true,
    ...overrides,
  }
}

const lookups: Record<string, LookupItem[]> = {
  'interaction-types': [
    { id: 'visit', title: 'Visit' },
    { id: 'bible-study', title: 'Bible study' },
    { id: 'prayer', title: 'Prayer' },
    { id: 'other', title: 'Other', is_other: true },
  ],
  'bible-studies-parents': [{ id: 'discover', title: 'Discover Bible Guides' }],
  'bible-studies': [
    { id: 'discover-1', title: 'The Bible', parent: 'discover' },
    { id: 'discover-2', title: 'God', parent: 'discover' },
  ],
  'bible-studies-for-parent': [
    { id: 'discover-1', title: 'The Bible', parent: 'discover' },
    { id: 'discover-2', title: 'God', parent: 'discover' },
  ],
}

/** Opens contact 5 with the Interactions tab's calls served; returns what was written. */
function openContact(options: { path?: string; items?: () => InteractionItem[]; role?: ContactRole; groupRole?: 'leader' } = {}) {
  const writes: { added: unknown[]; updated: unknown[] } = { added: [], updated: [] }
  const team = options.groupRole
    ? buildTeam({
        id: 10,
        title: 'Grace Church',
        role: 'leader',
        groups: [buildGroup({ id: 10, title: 'Grace Church', is_public: true, user_role: options.groupRole })],
      })
    : grace
  signedInAs(buildAccount([team]), { teamId: 10, groupId: 10 })
  window.localStorage.setItem(activeTabStorageKey, 'interactions')
  const items = options.items ?? (() => [buildInteraction()])
  server.use(
    mockCall(contactCalls.contact, buildContactItem({ role: options.role ?? 'leader' })),
    mockCall(interactionCalls.contactInteractions, () => ({ items: items(), count: items().length, max_pages: 1 })),
    mockCall(interactionCalls.contactInteractionsStudies, {
      items: { 'discover-1': { date: '2026-11-01', date_display: '1 Nov 2026', reaction: 'happy' } },
      items_other: [],
    }),
    mockCall(lookupCalls.lookups, ({ params }) => ({ items: lookups[String(params.list)] ?? [] })),
    mockCall(contactCalls.contactGroups, { items: [], count: 0, max_pages: 1 }),
    mockCall(contactCalls.teamContactSuggestions, { items: [buildContactHit(7, 'Ben Cole'), buildContactHit(8, 'Bea Diaz')] }),
    mockCall(eventAttendanceCalls.contactEventAttendance, {
      items: [
        { id: 1, event_id: 40, title: 'Hope series', event_date: '2026-11-08', event_date_display: '8 Nov 2026', is_visitor: false },
        { id: 2, event_id: 40, title: 'Hope series', event_date: '2026-11-01', event_date_display: '1 Nov 2026', is_visitor: false },
      ],
      count: 2,
      max_pages: 1,
    }),
    mockCall(contactEventCalls.contactEvents, {
      items: [
        {
          id: 61,
          type: 'baptism',
          type_display: 'Baptism',
          kind: 'decision',
          date: '2026-10-03',
          date_display: '3 Oct 2026',
          grow_phase: null,
          member_status: 'member',
          member_status_display: 'Member',
          content: null,
          author_id: 3,
          created_display: '3 Oct 2026',
        },
      ],
      count: 1,
      max_pages: 1,
    }),
    mockCall(interactionCalls.addContactInteraction, ({ input }) => {
      writes.added.push(input)
      return { id: 11 }
    }),
    mockCall(interactionCalls.updateContactInteraction, ({ input }) => {
      writes.updated.push(input)
      return { success: true as const }
    }),
  )
  renderApp(options.path ?? '/contacts/view/5')
  return writes
}

const interactionsList = async () => {
  return screen.findByRole('list', { name: 'Interactions' }, { timeout: 8000 })
}

/** Opens contact 5's Interactions tab and its 'Log interaction' form. */
async function openLogForm(options: Parameters<typeof openContact>[0] = {}) {
  const writes = openContact(options)
  const user = setupUser()
  await interactionsList()
  await user.click(screen.getByRole('button', { name: 'Log interaction' }))
  return { writes, user, form: screen.getByRole('form', { name: 'Log an interaction' }) }
}

describe('the Interactions tab', () => {
  it('D2-2.2-02 interaction_mark_complete opens the tab and marks that interaction complete once', async () => {
    // The server answers the interaction completed once it has been marked.
    const writes: { updated: unknown[] } = openContact({
      path: '/contacts/view/5?interaction_mark_complete=9',
      items: () => [buildInteraction({ is_completed: writes.updated.length > 0 })],
    })
    await interactionsList()
    expect(screen.getByRole('tab', { name: 'Interactions' })).toHaveAttribute('aria-selected', 'true')
    await waitFor(() => expect(writes.updated).toEqual([expect.objectContaining({ id: 9, is_completed: true, user_id: 5, team_id: 10 })]))
    // The list is read again after the write, and the marked one is highlighted.
    const entry = await screen.findByRole('listitem', { current: true })
    await within(entry).findByText('Completed')
    expect(writes.updated).toHaveLength(1)
  }, 15_000)

  it('D2-2.2-02 the mark-complete link waits for the list it refreshes: a first read taken before the write does not stay on screen', async () => {
    // On a busy server the list's first read can be taken before the write and answered after it.
    // Were the write sent alongside that read, its refresh would join the read in flight and the
    // list would keep showing the interaction upcoming.
    let answerFirstRead = () => {}
    const firstReadHeld = new Promise<void>((resolve) => (answerFirstRead = resolve))
    let reads = 0
    const writes: { updated: unknown[] } = openContact({ path: '/contacts/view/5?interaction_mark_complete=9' })
    server.use(
      mockCall(interactionCalls.contactInteractions, async () => {
        const completed = writes.updated.length > 0
        reads += 1
        if (reads === 1) await firstReadHeld
        return { items: [buildInteraction({ is_completed: completed })], count: 1, max_pages: 1 }
      }),
    )
    await waitFor(() => expect(reads).toBe(1))
    expect(writes.updated).toEqual([])
    answerFirstRead()
    await waitFor(() => expect(writes.updated).toHaveLength(1))
    const entry = await screen.findByRole('listitem', { current: true })
    await within(entry).findByText('Completed')
  }, 15_000)

  it('D2-4.4-03 shows each grow phase once, the state of each interaction, and the Bible-study progress', async () => {
    openContact({
      items: () => [
        buildInteraction({ id: 1, grow_phase: 'harvest', is_completed: true, is_future: false }),
        buildInteraction({ id: 2, grow_phase: 'plant', is_future: false }),
        buildInteraction({
          id: 3,
          grow_phase: 'plant',
          type: 'bible-study',
          type_display: 'Bible study',
          bible_study: 'discover-1',
          bible_study_display: 'The Bible',
          reaction: 'happy',
        }),
      ],
    })
    const list = await interactionsList()
    expect(
      within(list)
        .getAllByRole('separator')
        .map((banner) => banner.textContent),
    ).toEqual(['Harvest', 'Plant'])
    // The banners belong to the entries they head: the list holds its three entries and nothing else (axe aria-required-children).
    expect([...list.children].map((child) => child.getAttribute('role'))).toEqual(['listitem', 'listitem', 'listitem'])
    expect(within(list).getByText('Overdue')).toBeInTheDocument()
    expect(within(list).getByText('Upcoming')).toBeInTheDocument()
    expect(within(list).getByRole('img', { name: 'Happy' })).toBeInTheDocument()
    expect(await screen.findByText('1 of 2 lessons')).toBeInTheDocument()
  }, 15_000)

  it("D2-6-27 offers edit and delete only where the server allows: not on another user's interaction", async () => {
    openContact({ role: 'assigned_member', items: () => [buildInteraction({ can_update: false, can_delete: false })] })
    const list = await interactionsList()
    expect(within(list).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    expect(within(list).queryByRole('button', { name: 'Mark complete' })).not.toBeInTheDocument()
  }, 15_000)

  it('D2-7.4-09 D1-5-09 logs a visit with another contact present, dated today and completed by default', async () => {
    // Today where the person is: the form's date starts there (D1-5-09).
    pinClock(new Date(2026, 5, 15, 12, 0))
    const { writes, user, form } = await openLogForm()
    await user.type(within(form).getByRole('textbox', { name: 'Others present' }), 'Be')
    await user.click(await screen.findByRole('option', { name: 'Ben Cole' }, { timeout: 3000 }))
    // The one added can be taken off again by keyboard and screen reader, and added back.
    await user.click(within(form).getByRole('button', { name: 'Remove Ben Cole' }))
    expect(within(form).queryByRole('button', { name: 'Remove Ben Cole' })).not.toBeInTheDocument()
    await user.type(within(form).getByRole('textbox', { name: 'Others present' }), 'Be')
    await user.click(await screen.findByRole('option', { name: 'Ben Cole' }, { timeout: 3000 }))
    expect(within(form).getByRole('button', { name: 'Remove Ben Cole' })).toBeInTheDocument()
    await user.type(within(form).getByRole('textbox', { name: 'Notes' }), 'Met at the park')
    await user.click(within(form).getByRole('button', { name: 'Log interaction' }))
    await waitFor(() =>
      expect(writes.added).toEqual([
        expect.objectContaining({ type: 'visit', date: '2026-06-15', other_contacts: [7], content: 'Met at the park', is_completed: true, user_id: 5 }),
      ]),
    )
  }, 15_000)

  it('D1-5-14 the also-present search offers neither the contact itself nor someone already added', async () => {
    const writes = openContact()
    const user = setupUser()
    const suggestionSearches: unknown[] = []
    server.use(
      mockCall(contactCalls.teamContactSuggestions, ({ input }) => {
        suggestionSearches.push(input)
        return { items: [buildContactHit(7, 'Ben Cole'), buildContactHit(8, 'Bea Diaz')] }
      }),
    )
    await interactionsList()
    await user.click(screen.getByRole('button', { name: 'Log interaction' }))
    const form = screen.getByRole('form', { name: 'Log an interaction' })
    // The search field is new after each pick (it empties): found again each time.
    const others = () => within(form).getByRole('textbox', { name: 'Others present' })
    await user.type(others(), 'Be')
    await user.click(await screen.findByRole('option', { name: 'Ben Cole' }, { timeout: 3000 }))
    await user.type(others(), 'Be')
    // The answer has arrived (Bea is offered); Ben, added already, is not offered again.
    await screen.findByRole('option', { name: 'Bea Diaz' }, { timeout: 3000 })
    expect(screen.queryByRole('option', { name: 'Ben Cole' })).not.toBeInTheDocument()
    // The contact is left out by the server: every search names it.
    expect(suggestionSearches.length).toBeGreaterThan(0)
    for (const input of suggestionSearches) expect(input).toMatchObject({ exclude_id: '5', team_id: '10' })
    await user.click(screen.getByRole('option', { name: 'Bea Diaz' }))
    await user.click(within(form).getByRole('button', { name: 'Log interaction' }))
    await waitFor(() => expect(writes.added).toEqual([expect.objectContaining({ other_contacts: [7, 8] })]))
  }, 15_000)

  it('D2-3.9-04 links an interaction to an event the contact attended or to their own event, and shows the link', async () => {
    const writes = openContact({
      items: () => [
        buildInteraction({ id: 1, event_id: 40, event_title: 'Hope series' }),
        buildInteraction({ id: 2, contact_event_id: 61, event_title: 'Baptism', is_user_event: true }),
      ],
    })
    const user = setupUser()
    const list = await interactionsList()
    expect(within(list).getByText('At the event: Hope series')).toBeInTheDocument()
    expect(within(list).getByText('With the decision or event: Baptism')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Log interaction' }))
    const form = screen.getByRole('form', { name: 'Log an interaction' })
    const eventLink = within(form)
      .getAllByLabelText('Event')
      .find((element) => element.tagName === 'INPUT')!
    await user.click(eventLink)
    // An event attended on two dates is offered once, at its latest date.
    expect(await screen.findAllByRole('option', { name: 'Hope series (8 Nov 2026)' })).toHaveLength(1)
    expect(screen.queryByRole('option', { name: 'Hope series (1 Nov 2026)' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('option', { name: 'Baptism (3 Oct 2026)' }))
    await user.click(within(form).getByRole('button', { name: 'Log interaction' }))
    await waitFor(() => expect(writes.added).toEqual([expect.objectContaining({ event_id: null, contact_event_id: 61 })]))
  }, 15_000)

  it("D1-3-14 offers 'Event' and 'Decision' after the looked-up types; picking Decision opens the Decisions tab's add form", async () => {
    const { writes, user, form } = await openLogForm()
    await user.click(
      within(form)
        .getAllByLabelText(/^Type/)
        .find((element) => element.tagName === 'INPUT')!,
    )
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option')
    expect(offered.map((option) => option.textContent)).toEqual(['Visit', 'Bible study', 'Prayer', 'Other', 'Event', 'Decision'])
    await user.click(screen.getByRole('option', { name: 'Decision' }))

    expect(await screen.findByRole('tab', { name: 'Decisions', selected: true })).toBeInTheDocument()
    const addForm = await screen.findByRole('form', { name: 'Add a decision' }, { timeout: 5000 })
    await waitFor(() =>
      expect(
        within(addForm)
          .getAllByLabelText(/^Type/)
          .find((element) => element.tagName === 'INPUT'),
      ).toHaveFocus(),
    )
    expect(window.localStorage.getItem(activeTabStorageKey)).toBe('decisions')
    // Nothing was logged as an interaction.
    expect(writes.added).toEqual([])
  }, 15_000)

  it("D1-3-14 offers no 'Event' or 'Decision' to a caller who may not add them (no update_user_event)", async () => {
    const { user, form } = await openLogForm({ role: 'member' })
    await user.click(
      within(form)
        .getAllByLabelText(/^Type/)
        .find((element) => element.tagName === 'INPUT')!,
    )
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option')
    expect(offered.map((option) => option.textContent)).toEqual(['Visit', 'Bible study', 'Prayer', 'Other'])
  }, 15_000)

  it('D2-6-17 a member without import_interaction has no import control', async () => {
    openContact()
    await interactionsList()
    expect(screen.getByRole('button', { name: 'Log interaction' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Import interactions' })).not.toBeInTheDocument()
  })

  it('D2-3.14-04 D2-7.6-02 imports interactions from a spreadsheet after the server’s dry run: times as the sheet holds them, dates as written, each refused row by its number', async () => {
    const sent: Array<Record<string, unknown>> = []
    server.use(
      mockCall(interactionImportCalls.importContactInteractions, ({ input }) => {
        sent.push(input as Record<string, unknown>)
        return {
          count_successful: 2,
          count_unsuccessful: 1,
          unsuccessful_exists: [],
          unsuccessful_not_exists: [],
          unsuccessful_team_user_exists: [],
          unsuccessful_invalid_email: [],
          unsuccessful_error: [
            {
              row: 4,
              name: '2026-03-10 Visit',
              reason: 'The row has invalid values.',
              errors: { time: 'Required' },
              issues: [{ code: 'required' as const, field: 'time' }],
            },
          ],
        }
      }),
    )
    openContact({ groupRole: 'leader' })
    await interactionsList()
    const user = setupUser()
    await user.click(screen.getByRole('button', { name: 'Import interactions' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Import interactions' }))
    const file = new File(
      ['Fecha,Hora,Tipo,Notas\n2026-03-01,2:30 pm,visit,Met the family\n09/03/2026,0.75,Prayer request,\n2026-03-10,,Visit,'],
      'visits.csv',
      {
        type: 'text/csv',
      },
    )
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), file)
    expect(await dialog.findByText('3 rows read from visits.csv.')).toBeInTheDocument()
    expect(dialog.getByText(/Columns read:/)).toHaveTextContent('date (Fecha), time (Hora), type (Tipo), content (Notas)')
    // The server's dry run says what the import will do with each row before anything is kept.
    expect(await dialog.findByText('Will not be imported: Time is required.')).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Import' }))
    expect(await dialog.findByText('Imported: 2. Not imported: 1.')).toBeInTheDocument()
    expect(dialog.getByText('Row 4, 2026-03-10 Visit: Time is required.')).toBeInTheDocument()
    const chunk = {
      team_id: 10,
      group_id: 10,
      user_id: 5,
      first_row: 2,
      data: [
        { date: '2026-03-01', time: '14:30', type: 'visit', content: 'Met the family' },
        // The date as written: the server reads it as the team's country writes dates.
        { date: '09/03/2026', time: '18:00', type: 'Prayer request' },
        { date: '2026-03-10', type: 'Visit' },
      ],
    }
    expect(sent).toEqual([{ ...chunk, dry_run: true }, chunk])
  })

  it("words the interaction import's dry run, counts and refused rows in Spanish, from the answer's codes (issue 36)", async () => {
    await changeLocale('es')
    try {
      server.use(
        mockCall(interactionImportCalls.importContactInteractions, () => ({
          count_successful: 12000,
          count_unsuccessful: 2,
          unsuccessful_exists: [
            {
              row: 3,
              name: '2026-03-01 14:30 visit',
              reason: 'This interaction is already recorded for the contact.',
              issues: [{ code: 'interaction_exists' as const }],
            },
          ],
          unsuccessful_not_exists: [],
          unsuccessful_team_user_exists: [],
          unsuccessful_invalid_email: [],
          unsuccessful_error: [
            {
              row: 4,
              name: '2026-03-10 Visit',
              reason: 'The row has invalid values.',
              errors: { time: 'Required' },
              issues: [{ code: 'required' as const, field: 'time' }],
            },
          ],
        })),
      )
      openContact({ groupRole: 'leader' })
      const user = setupUser()
      await user.click(await screen.findByRole('button', { name: 'Importar interacciones' }, { timeout: 8000 }))
      const dialog = within(await screen.findByRole('dialog', { name: 'Importar interacciones' }))
      const file = new File(['Fecha,Hora,Tipo\n2026-03-01,14:30,visit\n2026-03-01,14:30,visit\n2026-03-10,,Visit'], 'visitas.csv', { type: 'text/csv' })
      await user.upload(dialog.getByLabelText('Hoja de cálculo (.csv, .xls o .xlsx)'), file)
      // The counts as Spanish writes them (12.000), whatever the browser's language.
      expect(await dialog.findByText('Revisado con las reglas del servidor. Se importarán: 12.000. No se importarán: 2.')).toBeInTheDocument()
      expect(dialog.getByText('No se importará: Hora es obligatorio.')).toBeInTheDocument()
      await user.click(dialog.getByRole('button', { name: 'Importar' }))
      expect(await dialog.findByText('Importadas: 12.000. No importadas: 2.')).toBeInTheDocument()
      expect(dialog.getByText('1 ya registrada')).toBeInTheDocument()
      expect(dialog.getByText('Fila 3, 2026-03-01 14:30 visit: Esta interacción ya está registrada para el contacto.')).toBeInTheDocument()
      expect(dialog.getByText('1 fila con errores')).toBeInTheDocument()
      expect(dialog.getByText('Fila 4, 2026-03-10 Visit: Hora es obligatorio.')).toBeInTheDocument()
      expect(dialog.queryByText(/already recorded|Required|invalid values|otro equipo/)).not.toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  })
})
