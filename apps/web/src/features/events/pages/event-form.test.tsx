import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { eventAttendanceCalls, eventCalls, lookupCalls, type EventView } from '@crm/domain'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildEventView } from '../events.fixtures'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })

/** Answers the lookups, GET event/7 and the writes; records the writes. */
function mockEvents(options: { event?: EventView; create?: () => Response | { id: number } } = {}) {
  const writes: Array<{ call: string; input: unknown }> = []
  server.use(
    mockCall(lookupCalls.lookups, ({ params }) =>
      params['list'] === 'event-types'
        ? {
            items: [
              { id: 'bible-study', title: 'Bible study' },
              { id: 'other', title: 'Other', is_other: true },
            ],
          }
        : { items: [] },
    ),
    mockCall(eventCalls.event, options.event ?? buildEventView()),
    // The view the form leads to reads the chosen date's attendance.
    mockCall(eventAttendanceCalls.eventAttendance, { items: [], count: 0, max_pages: 1 }),
    mockCall(eventAttendanceCalls.contactsForAttendance, { items: [], count: 0, max_pages: 1 }),
    mockCall(eventCalls.createEvent, ({ input }) => {
      writes.push({ call: 'create', input })
      return options.create ? options.create() : { id: 7 }
    }),
    mockCall(eventCalls.updateEvent, ({ input, params }) => {
      writes.push({ call: `update ${String(params['id'])}`, input })
      return { success: true as const }
    }),
  )
  return writes
}

async function openForm(path: string, name: string) {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const view = renderApp(path)
  const form = within(await screen.findByRole('form', { name }, { timeout: 15000 }))
  return { ...view, form }
}

/** The input a label names (a Select's label also names its list of options). */
function inputOf(form: { getAllByLabelText: (label: string | RegExp) => HTMLElement[] }, label: string | RegExp): HTMLElement {
  const input = form.getAllByLabelText(label).find((element) => element.tagName === 'INPUT' || element.tagName === 'SELECT')
  if (!input) throw new Error(`No input labelled ${String(label)}`)
  return input
}

describe('the event form (spec 3 §2.1)', () => {
  it('D3-2.1-06 D3-2.1-07 D3-2.1-08 D3-2.1-09 D3-2.1-10 D3-2.1-11 shows each field only where it applies', async () => {
    mockEvents()
    const { form, user } = await openForm('/events/new', 'Add event')
    // The fields of spec 3 §2.1, the required ones marked.
    expect(form.getByRole('textbox', { name: /^Title/ })).toBeRequired()
    expect(form.getByLabelText(/^Start date/)).toBeRequired()
    for (const label of ['Public event', 'No address', 'Recurring event', 'All day', 'Lasts several days'])
      expect(form.getByRole('checkbox', { name: label })).toBeInTheDocument()
    for (const label of ['Discipleship phase', 'Grow phase', /^Start time/, 'End time']) expect(inputOf(form, label)).toBeInTheDocument()
    expect(within(inputOf(form, 'Discipleship phase')).getAllByRole('option')).toHaveLength(10)

    // Type 'other' reveals its text (D1-3-15).
    expect(form.queryByRole('textbox', { name: /^Other type/ })).not.toBeInTheDocument()
    await user.click(inputOf(form, 'Type'))
    await user.click(await screen.findByRole('option', { name: 'Other' }))
    expect(await form.findByRole('textbox', { name: /^Other type/ })).toBeInTheDocument()

    // D3-2.1-08: the manual parts only with manual entry.
    expect(form.getByRole('textbox', { name: 'Search for an address' })).toBeInTheDocument()
    expect(form.queryByRole('textbox', { name: 'Street' })).not.toBeInTheDocument()
    await user.click(form.getByRole('checkbox', { name: 'Enter the address manually' }))
    for (const label of ['Street', 'City', 'State', 'Postcode']) expect(form.getByRole('textbox', { name: label })).toBeInTheDocument()
    expect(inputOf(form, 'Country')).toBeInTheDocument()
    // D3-2.1-07: no address hides the block.
    await user.click(form.getByRole('checkbox', { name: 'No address' }))
    expect(form.queryByRole('textbox', { name: 'Street' })).not.toBeInTheDocument()
    expect(form.queryByRole('checkbox', { name: 'Enter the address manually' })).not.toBeInTheDocument()

    // D3-2.1-09: the end date for multi-day events alone.
    expect(form.queryByLabelText(/^End date/)).not.toBeInTheDocument()
    await user.click(form.getByRole('checkbox', { name: 'Lasts several days' }))
    expect(form.getByLabelText(/^End date/)).toBeInTheDocument()
    await user.click(form.getByRole('checkbox', { name: 'Lasts several days' }))
    expect(form.queryByLabelText(/^End date/)).not.toBeInTheDocument()

    // D3-2.1-10: the schedule for recurring events alone.
    expect(form.queryByLabelText('Repeats')).not.toBeInTheDocument()
    await user.click(form.getByRole('checkbox', { name: 'Recurring event' }))
    expect(form.getByLabelText('Repeats')).toHaveValue('WEEKLY')

    // D3-2.1-11: no times for an all-day event.
    await user.click(form.getByRole('checkbox', { name: 'All day' }))
    expect(form.queryByLabelText(/^Start time/)).not.toBeInTheDocument()
    expect(form.queryByLabelText('End time')).not.toBeInTheDocument()
  }, 40_000)

  it("D3-2.1-15 a weekly schedule without a weekday says 'Please set at least one weekday.' and is not sent", async () => {
    const writes = mockEvents()
    const { form, user } = await openForm('/events/new', 'Add event')
    await user.type(form.getByRole('textbox', { name: /^Title/ }), 'Prayer')
    await user.clear(form.getByLabelText(/^Start date/))
    await user.type(form.getByLabelText(/^Start date/), '2026-01-06')
    await user.click(form.getByRole('checkbox', { name: 'Recurring event' }))
    await user.click(form.getByRole('checkbox', { name: 'Tuesday' }))
    await user.click(form.getByRole('button', { name: 'Add event' }))
    expect(await form.findByText('Please set at least one weekday.')).toBeInTheDocument()
    expect(await screen.findByText('Please correct the errors to continue.')).toBeInTheDocument()
    expect(writes).toEqual([])
  }, 40_000)

  it('D3-2.1-13 creates a fortnightly event as weekly every 2 weeks, then shows its view', async () => {
    const writes = mockEvents()
    const { form, user, router } = await openForm('/events/new', 'Add event')
    await user.type(form.getByRole('textbox', { name: /^Title/ }), 'Bible study')
    await user.clear(form.getByLabelText(/^Start date/))
    await user.type(form.getByLabelText(/^Start date/), '2026-01-06')
    await user.type(form.getByLabelText(/^Start time/), '10:00')
    await user.click(form.getByRole('checkbox', { name: 'No address' }))
    await user.click(form.getByRole('checkbox', { name: 'Recurring event' }))
    await user.selectOptions(form.getByLabelText('Repeats'), 'FORTNIGHTLY')
    await user.click(form.getByRole('checkbox', { name: 'Thursday' }))
    await user.selectOptions(form.getByLabelText('Ends'), 'AFTER')
    await user.clear(form.getByLabelText('Number of times'))
    await user.type(form.getByLabelText('Number of times'), '10')
    await user.click(form.getByRole('button', { name: 'Add event' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/view/7'))
    expect(writes).toHaveLength(1)
    expect(writes[0]).toMatchObject({
      call: 'create',
      input: {
        team_id: 10,
        title: 'Bible study',
        no_address: true,
        address_formatted: null,
        is_recurring: true,
        rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10',
        start_time: '2026-01-06',
        start_time_hour: '10:00',
        end_time: null,
        is_all_day: false,
        is_multi_day: false,
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Bible study' }, { timeout: 15000 })).toBeInTheDocument()
  }, 40_000)

  it('D3-2.1-05 D3-2.1-13 the edit form is filled from the event; its fortnightly rule reads back as Fortnightly and saves unchanged', async () => {
    const writes = mockEvents()
    const { form, user, router } = await openForm('/events/edit/7', 'Edit event')
    expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue('Bible study')
    expect(form.getByLabelText(/^Start date/)).toHaveValue('2026-01-06')
    expect(form.getByLabelText(/^Start time/)).toHaveValue('10:00')
    expect(form.getByRole('textbox', { name: 'Street' })).toHaveValue('1 Main St')
    expect(form.getByRole('checkbox', { name: 'Recurring event' })).toBeChecked()
    expect(form.getByLabelText('Repeats')).toHaveValue('FORTNIGHTLY')
    expect(form.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked()
    expect(form.getByRole('checkbox', { name: 'Thursday' })).toBeChecked()
    expect(form.getByRole('checkbox', { name: 'Monday' })).not.toBeChecked()
    expect(form.getByLabelText('Number of times')).toHaveValue('10')
    expect(inputOf(form, 'Discipleship phase')).toHaveValue('grow')
    await user.click(form.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/view/7'))
    expect(writes[0]).toMatchObject({
      call: 'update 7',
      input: { team_id: 10, rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10', address_street: '1 Main St' },
    })
  }, 40_000)

  it('shows the server’s field errors on their fields, the schedule’s under the schedule', async () => {
    mockEvents({
      create: () =>
        apiError('invalid_request', 400, {
          errors: {
            title: 'Required',
            rrule: 'This schedule has no date on which the event happens.',
            start_time_hour: 'Use the form HH:MM',
            end_time: 'The end must be on or after the start.',
          },
          // start_time_hour has no code (an older server): its message shows as sent.
          error_codes: {
            title: { code: 'required', params: {} },
            rrule: { code: 'no_occurrence', params: {} },
            end_time: { code: 'end_before_start', params: {} },
          },
        }),
    })
    const { form, user, router } = await openForm('/events/new', 'Add event')
    await user.type(form.getByRole('textbox', { name: /^Title/ }), 'Camp')
    await user.type(form.getByLabelText(/^Start time/), '09:00')
    await user.click(form.getByRole('checkbox', { name: 'Recurring event' }))
    await user.click(form.getByRole('button', { name: 'Add event' }))
    // The server's codes in the reader's words: on the field, or named above the buttons when not on screen.
    expect(await form.findByText('Required')).toBeInTheDocument()
    expect(form.getByText('End date: The end must be on or after the start.')).toBeInTheDocument()
    expect(form.getByText('This schedule has no date on which the event happens.')).toBeInTheDocument()
    expect(form.getByText('Use the form HH:MM')).toBeInTheDocument()
    expect(await screen.findByText('The event was not saved.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/events/new')
  }, 40_000)
})
