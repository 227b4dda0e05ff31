import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { addDays, eventAttendanceCalls, eventCalls, lookupCalls, type EventView } from '@crm/domain'
import { pinClock } from '../../../test/clock'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildEventView, buildOccurrence } from '../events.fixtures'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })

/** Answers GET event/7 (and the attendance of a date, empty); records the reads and writes. */
function mockEvent(event: EventView = buildEventView()) {
  const reads: Array<Record<string, string>> = []
  const writes: Array<{ call: string; input: unknown }> = []
  const empty = { items: [], count: 0, max_pages: 1 }
  server.use(
    mockCall(eventCalls.event, ({ input }) => {
      reads.push(input as unknown as Record<string, string>)
      return event
    }),
    mockCall(eventCalls.events, empty),
    mockCall(lookupCalls.lookups, { items: [] }),
    mockCall(eventAttendanceCalls.eventAttendance, empty),
    mockCall(eventAttendanceCalls.contactsForAttendance, empty),
    mockCall(eventCalls.updateOccurrence, ({ input }) => {
      writes.push({ call: 'occurrence', input })
      return { success: true as const }
    }),
    mockCall(eventCalls.deleteEvent, ({ input }) => {
      writes.push({ call: 'delete', input })
      return { success: true as const }
    }),
  )
  return { reads, writes }
}

async function openView(path = '/events/view/7?date=2026-01-06') {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const view = renderApp(path)
  await screen.findByRole('heading', { level: 1, name: 'Bible study' }, { timeout: 15000 })
  return view
}

const dates = async () => within(await screen.findByRole('list', { name: 'Dates' }))

describe('/events/view/{id} (spec 3 §2.1)', () => {
  it('D3-2.1-04 shows the event, its schedule, address with directions, phases and its dates with cancelled, attendance and notes', async () => {
    const { reads } = mockEvent()
    await openView()
    expect(document.title).toMatch(/ - Bible study$/)
    expect(screen.getByText('6 Jan 2026, 10:00 am')).toBeInTheDocument()
    expect(screen.getByText('Every 2 weeks on Tuesday and Thursday, 10 times')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Directions' })).toHaveAttribute('href', 'https://maps.example.com/?q=1+Main+St')
    expect(screen.getByText('Grow')).toBeInTheDocument()
    expect(screen.getByText('Cultivate')).toBeInTheDocument()
    const list = await dates()
    expect(list.getAllByRole('listitem')).toHaveLength(2)
    expect(list.getByText('4 attendees')).toBeInTheDocument()
    expect(list.getByText('First night')).toBeInTheDocument()
    expect(list.getByText('Cancelled')).toBeInTheDocument()
    expect(list.getByRole('button', { name: /^2026-01-06, 10:00 am/ })).toHaveAttribute('aria-pressed', 'true')
    expect(reads[0]).toMatchObject({ team_id: '10' })
  }, 30_000)

  it('D3-2.1-28 saves the notes of the chosen date with the save indicator', async () => {
    const { writes } = mockEvent()
    const { user } = await openView()
    const notes = await screen.findByRole('textbox', { name: 'Notes of this date' })
    expect(notes).toHaveValue('First night')
    await user.clear(notes)
    await user.type(notes, 'Great night')
    await user.click(screen.getByRole('button', { name: 'Save notes' }))
    await waitFor(() => expect(writes).toEqual([{ call: 'occurrence', input: { team_id: 10, event_id: 7, event_date: '2026-01-06', notes: 'Great night' } }]))
    const status = within(screen.getByRole('form', { name: 'Notes of this date' }))
    expect(await status.findByText('Saved')).toBeInTheDocument()
    // Saved for 1 s, then the indicator steps back to rest.
    await waitFor(() => expect(status.queryByText('Saved')).not.toBeInTheDocument(), { timeout: 3000 })
  }, 30_000)

  it('choosing a date keeps it in the URL; a cancelled date is restored, another is moved', async () => {
    const { writes } = mockEvent()
    const { user, router } = await openView()
    await user.click((await dates()).getByRole('button', { name: /^2026-01-08, 10:00 am/ }))
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('date')).toBe('2026-01-08'))
    await user.click(await screen.findByRole('button', { name: 'Restore this date' }))
    await waitFor(() => expect(writes).toEqual([{ call: 'occurrence', input: { team_id: 10, event_id: 7, event_date: '2026-01-08', is_cancelled: false } }]))
    await user.type(screen.getByLabelText('Move to'), '2026-01-09')
    await user.click(screen.getByRole('button', { name: 'Move' }))
    await waitFor(() => expect(writes[1]).toEqual({ call: 'occurrence', input: { team_id: 10, event_id: 7, event_date: '2026-01-08', move_to: '2026-01-09' } }))
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('date')).toBe('2026-01-09'))
  }, 30_000)

  it('opens on the latest date that has begun, the meeting just held, not the next one; a cancelled one is passed over; Earlier and Later move the window', async () => {
    // Noon in the event's time zone (Australia/Sydney), where its today is.
    pinClock(new Date('2026-06-15T02:00:00Z'))
    const today = '2026-06-15'
    const { reads } = mockEvent(
      buildEventView({
        occurrences: [
          buildOccurrence({ event_date: addDays(today, -14), start_date_time_display: 'Two weeks ago' }),
          buildOccurrence({ event_date: addDays(today, -7), start_date_time_display: 'A week ago', is_cancelled: true }),
          buildOccurrence({ event_date: addDays(today, 7), start_date_time_display: 'In a week' }),
        ],
      }),
    )
    const { user, router } = await openView('/events/view/7')
    const list = await dates()
    expect(list.getByRole('button', { name: /^Two weeks ago/ })).toHaveAttribute('aria-pressed', 'true')
    expect(list.getByRole('button', { name: /^In a week/ })).toHaveAttribute('aria-pressed', 'false')
    expect(await screen.findByRole('heading', { name: 'Attendance on Monday 1 June 2026' })).toBeInTheDocument()
    expect(reads[0]).not.toHaveProperty('from')
    await user.click(screen.getByRole('button', { name: 'Earlier' }))
    await waitFor(() => expect(reads.at(-1)).toMatchObject({ from: addDays(today, -56 - 113), to: addDays(today, 56 - 113) }))
    const params = new URLSearchParams(router.state.location.search)
    expect(params.get('from')).toBe(addDays(today, -169))
    await user.click(screen.getByRole('button', { name: 'Later' }))
    await waitFor(() => expect(reads.at(-1)).toMatchObject({ from: addDays(today, -56), to: addDays(today, 56) }))
  }, 30_000)

  it('opens on today’s date once the day has begun, and on the next date when none has begun', async () => {
    pinClock(new Date('2026-06-15T02:00:00Z'))
    mockEvent(
      buildEventView({
        occurrences: [
          buildOccurrence({ event_date: '2026-06-08', start_date_time_display: 'Last week' }),
          buildOccurrence({ event_date: '2026-06-15', start_date_time_display: 'Today' }),
        ],
      }),
    )
    await openView('/events/view/7')
    expect((await dates()).getByRole('button', { name: /^Today/ })).toHaveAttribute('aria-pressed', 'true')
  }, 30_000)

  it('with no date begun in the window, opens on the next one', async () => {
    pinClock(new Date('2026-06-15T02:00:00Z'))
    mockEvent(
      buildEventView({
        occurrences: [
          buildOccurrence({ event_date: '2026-06-22', start_date_time_display: 'Next week' }),
          buildOccurrence({ event_date: '2026-06-29', start_date_time_display: 'In two weeks' }),
        ],
      }),
    )
    await openView('/events/view/7')
    expect((await dates()).getByRole('button', { name: /^Next week/ })).toHaveAttribute('aria-pressed', 'true')
  }, 30_000)

  it('on a phone: the dates are one select, and Add visitor comes before the notes of the date (issue 37)', async () => {
    window.innerWidth = 390
    mockEvent()
    const { user, router } = await openView()
    const select = screen.getByRole('combobox', { name: 'Date' })
    expect(select).toHaveValue('2026-01-06')
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026-01-06, 10:00 am · 4 attendees', '2026-01-08, 10:00 am · Cancelled · 0 attendees'])
    // No row per date to scroll past.
    expect(screen.queryByRole('list', { name: 'Dates' })).not.toBeInTheDocument()
    const add = await screen.findByRole('button', { name: 'Add visitor' })
    const notes = screen.getByRole('textbox', { name: 'Notes of this date' })
    expect(add.compareDocumentPosition(notes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await user.selectOptions(select, '2026-01-08')
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('date')).toBe('2026-01-08'))
    expect(await screen.findByRole('heading', { name: 'Attendance on Thursday 8 Jan 2026' })).toBeInTheDocument()
  }, 30_000)

  it('a window without dates offers the next date, and moves the window there', async () => {
    const { reads } = mockEvent(
      buildEventView({ occurrences: [], next_occurance_data: { event_date: '2027-03-02', start_date_time_display: '2 Mar 2027, 10:00 am' } }),
    )
    const { user, router } = await openView('/events/view/7')
    await user.click(await screen.findByRole('button', { name: 'Go to 2 Mar 2027' }))
    await waitFor(() => expect(reads.at(-1)).toMatchObject({ from: '2027-01-05', to: '2027-04-27' }))
    expect(new URLSearchParams(router.state.location.search).get('date')).toBe('2027-03-02')
  }, 30_000)

  it('a multi-day date offers each of its days for the attendance', async () => {
    mockEvent(
      buildEventView({ is_multi_day: true, has_multi_days: true, occurrences: [buildOccurrence({ event_date: '2026-01-06', end_date: '2026-01-08' })] }),
    )
    const { user, router } = await openView()
    const day = await screen.findByLabelText('Day of the event')
    expect(
      within(day)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['2026-01-06', '6 Jan 2026'],
      ['2026-01-07', '7 Jan 2026'],
      ['2026-01-08', '8 Jan 2026'],
    ])
    await user.selectOptions(day, '2026-01-07')
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('day')).toBe('2026-01-07'))
  }, 30_000)

  it('D3-6-02 deletes only after the confirmation, then lists the events', async () => {
    const { writes } = mockEvent()
    const { user, router } = await openView()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the event?' }))
    expect(writes).toEqual([])
    await user.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(writes).toEqual([{ call: 'delete', input: { team_id: 10, id: 7 } }]))
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'))
  }, 30_000)

  it('D3-8-01 a failed delete closes the dialog; the page says why and stays', async () => {
    mockEvent()
    server.use(mockCall(eventCalls.deleteEvent, apiError('internal_error', 500)))
    const { user, router } = await openView()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the event?' }))
    await user.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('The event was not saved.').closest('[role="alert"]')).not.toBeNull()
    expect(router.state.location.pathname).toBe('/events/view/7')
  }, 30_000)

  it('D3-6-02 without delete_event or update_event: no Delete, no Edit, the notes read only', async () => {
    mockEvent(buildEventView({ can_update: false, can_delete: false }))
    await openView()
    await dates()
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Notes of this date' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel this date' })).not.toBeInTheDocument()
  }, 30_000)

  it('D3-2.1-05 Edit opens the form filled with the event', async () => {
    mockEvent()
    const { user } = await openView()
    await user.click(screen.getByRole('link', { name: 'Edit' }))
    const form = within(await screen.findByRole('form', { name: 'Edit event' }, { timeout: 15000 }))
    expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue('Bible study')
  }, 30_000)
})
