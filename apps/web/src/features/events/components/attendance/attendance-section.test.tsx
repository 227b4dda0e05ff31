import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import * as XLSX from '@e965/xlsx'
import {
  eventAttendanceCalls,
  lookupCalls,
  type AttendanceContact,
  type AttendanceItem,
  type EventView,
  type ImportRowResult,
  type LookupItem,
} from '@crm/domain'
import { buildAccount, buildContactListItem, buildTeam } from '../../../../test/fixtures'
import { changeLocale } from '../../../../lib/i18n'
import { renderWithProviders } from '../../../../test/render'
import { apiError, mockCall, server } from '../../../../test/server'
import { signedInAs } from '../../../../test/session'
import { AttendanceSection } from './attendance-section'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })
const date = '2026-03-03'

function buildEventView(overrides: Partial<EventView> = {}): EventView {
  return {
    id: 7,
    team_id: 10,
    title: 'Sunday service',
    is_public: true,
    type: null,
    type_other: null,
    type_display: null,
    no_address: true,
    address_place_id: null,
    address_formatted: null,
    address_formatted_break: null,
    address_manual_input: false,
    address_street: null,
    address_city: null,
    address_state: null,
    address_postcode: null,
    address_country: null,
    address_lat: null,
    address_lng: null,
    address_directions_link: null,
    is_recurring: true,
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
    is_all_day: false,
    is_multi_day: false,
    start_time: '2026-03-03T09:00:00',
    start_time_hour: '09:00',
    end_time: '2026-03-03T10:00:00',
    end_time_hour: '10:00',
    auc_disciple_phase: null,
    grow_phase: null,
    has_multi_days: false,
    multi_day_dates: [],
    occurrences: [],
    exceptions: [],
    next_occurance_data: null,
    last_date: null,
    time_zone: 'Australia/Sydney',
    created_display: '1 Mar 2026',
    can_update: true,
    can_delete: true,
    can_read_attendance: true,
    can_update_attendance: true,
    ...overrides,
  }
}

function person(id: number, name: string, attended = false): AttendanceContact {
  return { ...buildContactListItem({ id, name }), attended, attendance_id: attended ? 100 + id : null }
}

function visitor(overrides: Partial<AttendanceItem> & Pick<AttendanceItem, 'id' | 'name'>): AttendanceItem {
  return {
    event_id: 7,
    event_date: date,
    user_id: null,
    is_visitor: true,
    visitor_info_name: overrides.name,
    visitor_info_phone: null,
    visitor_info_email: null,
    visitor_info_is_new: false,
    visitor_info_create_contact: false,
    notes: null,
    ...overrides,
  }
}

const memberStatuses: LookupItem[] = [
  { id: 'member', title: 'Member' },
  { id: 'lead-visited', title: 'Lead (visited)' },
]

interface Setup {
  event?: EventView
  contacts?: AttendanceContact[]
  visitors?: AttendanceItem[]
  records?: AttendanceItem[]
  /** The children the child data gate left out: among the contacts, among the visitors. */
  hidden?: { contacts: number; visitors: number }
}

/** Renders the section for event 7 on 3 Mar 2026, signed in to Grace Church; records what is sent. */
function open(setup: Setup = {}) {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const asked: Array<Record<string, unknown>> = []
  const records: Array<Record<string, unknown>> = []
  const writes: Array<{ call: string; input: unknown }> = []
  const contacts = setup.contacts ?? [person(1, 'Ana López'), person(2, 'Ben Ng', true)]
  const visitors = setup.visitors ?? []
  const recordsNow = () =>
    setup.records ?? [
      ...contacts
        .filter((contact) => contact.attended)
        .map((contact) => visitor({ id: 100 + contact.id, name: contact.name, is_visitor: false, user_id: contact.id })),
      ...visitors,
    ]
  server.use(
    mockCall(lookupCalls.lookups, ({ params }) => ({ items: params.list === 'member-status-types' ? memberStatuses : [] })),
    mockCall(eventAttendanceCalls.contactsForAttendance, ({ input }) => {
      asked.push(input as Record<string, unknown>)
      return { items: contacts, count: contacts.length, max_pages: 1 }
    }),
    mockCall(eventAttendanceCalls.eventAttendance, ({ input }) => {
      records.push(input as Record<string, unknown>)
      const query = input as Record<string, unknown>
      const all = recordsNow()
      const items =
        query.is_visitor === 'true' ? all.filter((item) => item.is_visitor) : query.is_visitor === 'false' ? all.filter((item) => !item.is_visitor) : all
      const { hidden } = setup
      if (!hidden) return { items, count: items.length, max_pages: 1 }
      const hidden_children = query.is_visitor === 'true' ? hidden.visitors : query.is_visitor === 'false' ? hidden.contacts : hidden.contacts + hidden.visitors
      return { items, count: items.length, max_pages: 1, hidden_children }
    }),
  )
  const view = renderWithProviders(<AttendanceSection event={setup.event ?? buildEventView()} eventDate={date} />)
  /** Marks the contact as the server now has it, for the lists read again after a toggle. */
  const store = (userId: number, attended: boolean) => {
    const index = contacts.findIndex((contact) => contact.id === userId)
    if (index >= 0) contacts[index] = { ...contacts[index]!, attended, attendance_id: attended ? 100 + userId : null }
  }
  return { ...view, asked, records, writes, store }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('AttendanceSection: contacts toggled', () => {
  it('D3-2.1-20 D3-2.1-29 one click marks a contact attended at once; the indicator goes processing, success for 1 s, processed, reset', async () => {
    const sent: unknown[] = []
    let answer: (() => void) | undefined
    const { store } = open()
    server.use(
      mockCall(eventAttendanceCalls.addAttendance, async ({ input }) => {
        sent.push(input)
        await new Promise<void>((resolve) => (answer = resolve))
        store(1, true)
        return { id: 501, user_id: 1 }
      }),
    )
    const toggle = await screen.findByRole('checkbox', { name: 'Attended: Ana López' }, { timeout: 15_000 })
    expect(toggle).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Attended: Ben Ng' })).toBeChecked()
    expect(screen.getByRole('heading', { name: 'Attendance on Tuesday 3 Mar 2026' })).toBeInTheDocument()
    const row = toggle.closest('li')!

    vi.useFakeTimers()
    fireEvent.click(toggle)
    // Shown before the server answers.
    expect(toggle).toBeChecked()
    expect(row).toHaveAttribute('data-save-status', 'processing')
    expect(within(row).getByText('Saving…')).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(sent).toEqual([{ team_id: 10, event_id: 7, event_date: date, user_id: 1 }])

    answer!()
    // The answer arrives: success from then on, found within a millisecond.
    for (let step = 0; step < 200 && row.getAttribute('data-save-status') !== 'success'; step++) {
      await act(() => vi.advanceTimersByTimeAsync(1))
    }
    expect(row).toHaveAttribute('data-save-status', 'success')
    expect(within(row).getByRole('status')).toHaveTextContent('Saved')
    await act(() => vi.advanceTimersByTimeAsync(990))
    expect(row).toHaveAttribute('data-save-status', 'success')
    await act(() => vi.advanceTimersByTimeAsync(20))
    expect(row).toHaveAttribute('data-save-status', 'processed')
    expect(within(row).getByRole('status')).toHaveTextContent('')
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(row).toHaveAttribute('data-save-status', 'idle')
    vi.useRealTimers()
    expect(toggle).toBeChecked()
  }, 30_000)

  it('D3-2.1-20 unmarking sends delete-event-attendance for the contact and date', async () => {
    const sent: unknown[] = []
    const { user, store } = open()
    server.use(
      mockCall(eventAttendanceCalls.deleteAttendance, ({ input }) => {
        sent.push(input)
        store(2, false)
        return { success: true as const }
      }),
    )
    const toggle = await screen.findByRole('checkbox', { name: 'Attended: Ben Ng' }, { timeout: 15_000 })
    await user.click(toggle)
    expect(toggle).not.toBeChecked()
    await waitFor(() => expect(sent).toEqual([{ team_id: 10, event_id: 7, event_date: date, user_id: 2 }]))
    await waitFor(() => expect(screen.getByText('Contacts attended: 0')).toBeInTheDocument())
    expect(toggle).not.toBeChecked()
  }, 30_000)

  it('D3-2.1-20 a failed save puts the toggle back and says why, not only "Error"', async () => {
    const { user } = open()
    server.use(
      mockCall(eventAttendanceCalls.addAttendance, () =>
        apiError('invalid_request', 400, { errors: { event_date: 'The event does not happen on this date.' } }),
      ),
    )
    const toggle = await screen.findByRole('checkbox', { name: 'Attended: Ana López' }, { timeout: 15_000 })
    await user.click(toggle)
    const row = toggle.closest('li')!
    expect(await within(row).findByRole('alert')).toHaveTextContent('The event does not happen on this date.')
    expect(toggle).not.toBeChecked()
  }, 30_000)

  it('D3-2.1-20 a refusal without details says what it means', async () => {
    const { user } = open()
    server.use(mockCall(eventAttendanceCalls.addAttendance, () => apiError('forbidden', 403)))
    const toggle = await screen.findByRole('checkbox', { name: 'Attended: Ana López' }, { timeout: 15_000 })
    await user.click(toggle)
    expect(await within(toggle.closest('li')!).findByRole('alert')).toHaveTextContent('You do not have permission')
    expect(toggle).not.toBeChecked()
  }, 30_000)

  it('D3-2.1-25 D3-2.1-26 D3-2.1-27 D2-9-05 the filters and the search send the right query, by name A to Z', async () => {
    const { user, asked } = open()
    await screen.findByRole('checkbox', { name: 'Attended: Ana López' }, { timeout: 15_000 })
    expect(asked[0]).toMatchObject({ team_id: '10', group_id: '10', event_id: '7', event_date: date, order_by: 'name', order: 'asc', page: '1' })

    const gender = screen.getByRole('combobox', { name: 'Gender' })
    expect(
      within(gender)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', 'Male', 'Female', 'Declined to say'])
    const age = screen.getByRole('combobox', { name: 'Age' })
    expect(
      within(age)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', '0-12', '13-21', '22-40', '41-65', '66 and over'])
    const status = screen.getByRole('combobox', { name: 'Member status' })
    await waitFor(() =>
      expect(
        within(status)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Any', 'Member', 'Lead (visited)']),
    )

    await user.selectOptions(gender, 'declined')
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ gender: 'declined' }))
    await user.selectOptions(age, '66+')
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ gender: 'declined', age: '66+' }))
    await user.selectOptions(status, 'lead-visited')
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ gender: 'declined', age: '66+', member_status: 'lead-visited' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'Ana')
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ search: 'Ana', member_status: 'lead-visited' }), { timeout: 3000 })
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(asked.at(-1)).not.toHaveProperty('gender'))
  }, 30_000)
})

describe('AttendanceSection: visitors', () => {
  it('D3-2.1-21 adds a visitor with phone, email, new and create contact; the contact made is linked', async () => {
    const sent: unknown[] = []
    const visitors: AttendanceItem[] = []
    const { user } = open({ visitors })
    server.use(
      mockCall(eventAttendanceCalls.addAttendance, ({ input }) => {
        sent.push(input)
        visitors.push(
          visitor({
            id: 90,
            name: 'Vera Cruz',
            user_id: 55,
            visitor_info_phone: '0412 345 678',
            visitor_info_email: 'vera@example.org',
            visitor_info_is_new: true,
            visitor_info_create_contact: true,
          }),
        )
        // The consent rule kept the phone back (fields_not_kept, as create-user answers it).
        return { id: 90, user_id: 55, ...({ fields_not_kept: ['visitor_info_phone'] } as object) }
      }),
      mockCall(eventAttendanceCalls.eventAttendance, ({ input }) => {
        const query = input as Record<string, unknown>
        const items = query.is_visitor === 'true' ? visitors : query.is_visitor === 'false' ? [] : visitors
        return { items, count: items.length, max_pages: 1 }
      }),
    )
    expect(await screen.findByText('No visitors on this date.', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.getByText('Visitors: 0')).toBeInTheDocument()
    // A live region mounted together with its words is not announced: the notice must land in one already there.
    const liveBefore = Array.from(document.querySelectorAll('[aria-live="polite"], [role="status"]'))
    await user.click(screen.getByRole('button', { name: 'Add visitor' }))
    const form = within(await screen.findByRole('form', { name: 'Add a visitor' }))
    await user.click(form.getByRole('button', { name: 'Save' }))
    expect(await form.findByText('Enter the visitor’s name.')).toBeInTheDocument()
    expect(sent).toEqual([])
    await user.type(form.getByRole('textbox', { name: /Name/ }), 'Vera Cruz')
    await user.type(form.getByRole('textbox', { name: 'Phone' }), '0412 345 678')
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'vera@example.org')
    await user.click(form.getByRole('checkbox', { name: 'New to the church' }))
    await user.click(form.getByRole('checkbox', { name: /Create contact/ }))
    await user.click(form.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(sent).toEqual([
        {
          team_id: 10,
          event_id: 7,
          event_date: date,
          is_visitor: true,
          visitor_info_name: 'Vera Cruz',
          visitor_info_phone: '0412 345 678',
          visitor_info_email: 'vera@example.org',
          visitor_info_is_new: true,
          visitor_info_create_contact: true,
        },
      ]),
    )
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a visitor' })).not.toBeInTheDocument())
    const list = within(await screen.findByRole('list', { name: 'Visitors' }))
    expect(list.getByText('Vera Cruz')).toBeInTheDocument()
    expect(list.getByText('New')).toBeInTheDocument()
    expect(list.getByText('0412 345 678 · vera@example.org')).toBeInTheDocument()
    expect(list.getByRole('link', { name: 'View contact Vera Cruz' })).toHaveAttribute('href', '/contacts/view/55')
    expect(await screen.findByText('Visitors: 1')).toBeInTheDocument()
    const notice = screen.getByText('Vera Cruz is now a contact of the team.')
    expect(screen.getByText('Not kept until consent is given: Phone.')).toBeInTheDocument()
    const ancestors: Element[] = []
    for (let node: Element | null = notice; node; node = node.parentElement) ancestors.push(node)
    expect(ancestors.some((node) => liveBefore.includes(node))).toBe(true)
  }, 30_000)

  it('D3-2.1-21 a member who may not create contacts reads why, and the form stays open', async () => {
    const { user } = open()
    server.use(mockCall(eventAttendanceCalls.addAttendance, () => apiError('forbidden', 403)))
    await user.click(await screen.findByRole('button', { name: 'Add visitor' }, { timeout: 15_000 }))
    const form = within(await screen.findByRole('form', { name: 'Add a visitor' }))
    await user.type(form.getByRole('textbox', { name: /Name/ }), 'Vera Cruz')
    await user.click(form.getByRole('checkbox', { name: /Create contact/ }))
    await user.click(form.getByRole('button', { name: 'Save' }))
    expect(await form.findByRole('alert')).toHaveTextContent('You may not create contacts in this team.')
    expect(screen.getByRole('form', { name: 'Add a visitor' })).toBeInTheDocument()
  }, 30_000)

  it('D3-2.1-22 edits a visitor', async () => {
    const sent: unknown[] = []
    const { user } = open({ visitors: [visitor({ id: 91, name: 'Vic Lee', visitor_info_phone: '555' })] })
    server.use(
      mockCall(eventAttendanceCalls.updateAttendance, ({ input }) => {
        sent.push(input)
        return { success: true as const, user_id: null }
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Edit visitor Vic Lee' }, { timeout: 15_000 }))
    const form = within(await screen.findByRole('form', { name: 'Edit visitor' }))
    const name = form.getByRole('textbox', { name: /Name/ })
    expect(name).toHaveValue('Vic Lee')
    await user.clear(name)
    await user.type(name, 'Victor Lee')
    await user.click(form.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(sent).toEqual([
        {
          team_id: 10,
          id: 91,
          visitor_info_name: 'Victor Lee',
          visitor_info_phone: '555',
          visitor_info_email: null,
          visitor_info_is_new: false,
          visitor_info_create_contact: false,
        },
      ]),
    )
  }, 30_000)

  it('D3-2.1-23 removes a visitor after a confirmation', async () => {
    const sent: unknown[] = []
    const { user } = open({ visitors: [visitor({ id: 91, name: 'Vic Lee' })] })
    server.use(
      mockCall(eventAttendanceCalls.deleteAttendance, ({ input }) => {
        sent.push(input)
        return { success: true as const }
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Remove visitor Vic Lee' }, { timeout: 15_000 }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove visitor' }))
    expect(dialog.getByText('Remove Vic Lee from the attendance of Tuesday 3 Mar 2026?')).toBeInTheDocument()
    expect(sent).toEqual([])
    await user.click(dialog.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(sent).toEqual([{ team_id: 10, id: 91 }]))
  }, 30_000)
})

describe('AttendanceSection: import', () => {
  function xlsxFile(rows: unknown[][]): File {
    const workbook = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sheet1')
    return new File([XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer], 'attendance.xlsx')
  }

  it('D3-2.1-24 previews each row before anything is saved, then imports and says how many were matched, added and refused', async () => {
    const sent: Array<Record<string, unknown>> = []
    const rows: ImportRowResult[] = [
      { row: 1, status: 'matched', user_id: 1, name: 'Ana López', matched_by: 'email' },
      { row: 2, status: 'added', user_id: null, name: null, matched_by: null },
      {
        row: 3,
        status: 'refused',
        user_id: null,
        name: null,
        matched_by: null,
        errors: { gender: 'Gender is required' },
        issues: [{ field: 'gender', code: 'required' }],
      },
      {
        row: 4,
        status: 'refused',
        user_id: null,
        name: null,
        matched_by: null,
        errors: { email: 'A child’s record is closed to you.' },
        reason: 'child_data_gate',
      },
    ]
    const { user } = open()
    server.use(
      mockCall(eventAttendanceCalls.importAttendance, ({ input }) => {
        sent.push(input as Record<string, unknown>)
        return { matched: 1, added: 1, already: 0, refused: 2, rows }
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Import attendance' }, { timeout: 15_000 }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Import attendance' }))
    const file = xlsxFile([
      ['Nombre', 'Last name', 'GENDER', 'Phone', 'E-mail'],
      ['Ana', 'López', 'female', 412345678, 'ana@example.org'],
      ['Noel', 'Park', 'male', '', ''],
      ['Sam', 'Doe', '', '', ''],
      ['Kim', 'Lee', 'male', '', 'kim@example.org'],
    ])
    await user.upload(dialog.getByLabelText('Spreadsheet file'), file)

    expect(await dialog.findByText('4 rows read from attendance.xlsx.')).toBeInTheDocument()
    const preview = within(await dialog.findByRole('table', { name: 'Preview: nothing is saved yet' }))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toEqual({
      team_id: 10,
      event_id: 7,
      event_date: date,
      unmatched: 'visitor',
      dry_run: true,
      data: [
        { first_name: 'Ana', last_name: 'López', gender: 'female', phone: '412345678', email: 'ana@example.org' },
        { first_name: 'Noel', last_name: 'Park', gender: 'male', phone: '', email: '' },
        { first_name: 'Sam', last_name: 'Doe', gender: '', phone: '', email: '' },
        { first_name: 'Kim', last_name: 'Lee', gender: 'male', phone: '', email: 'kim@example.org' },
      ],
    })
    expect(preview.getByText('Matched: Ana López (by email)')).toBeInTheDocument()
    expect(preview.getByText('New: added as a visitor')).toBeInTheDocument()
    // Worded from the row's codes, not the server's English (issue 36).
    expect(preview.getByText('Refused: Gender is required.')).toBeInTheDocument()
    // A row that matches a child under the child data gate: why, in the interface's words, naming nobody.
    expect(
      preview.getByText('Refused: The row matches a child: a Working with Children Check and AdSafe training are needed to mark them.'),
    ).toBeInTheDocument()

    await user.click(dialog.getByRole('radio', { name: 'Add them as new contacts' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]).toMatchObject({ unmatched: 'contact', dry_run: true })
    // The preview of the earlier choice goes while the rows are checked again: the new one is the server's answer.
    const again = within(await dialog.findByRole('table', { name: 'Preview: nothing is saved yet' }))
    expect(await again.findByText('New: added as a new contact')).toBeInTheDocument()

    await user.click(dialog.getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(sent).toHaveLength(3))
    expect(sent[2]).not.toHaveProperty('dry_run')
    expect(sent[2]).toMatchObject({ unmatched: 'contact', data: sent[0]!.data })
    expect(await dialog.findByText('Matched: 1. Added: 1. Already marked: 0. Refused: 2.')).toBeInTheDocument()
    expect(dialog.getByText('Row 3: Gender is required.')).toBeInTheDocument()

    expect(dialog.getByText('Row 4: The row matches a child: a Working with Children Check and AdSafe training are needed to mark them.')).toBeInTheDocument()
  }, 30_000)

  it("reads another system's attendance export: each row's date and the person's id there, shown with the date it marks (issue 41 item 4)", async () => {
    const sent: Array<Record<string, unknown>> = []
    const rows: ImportRowResult[] = [
      { row: 1, status: 'matched', user_id: 5, name: 'Amy Dated', matched_by: 'source_id', event_date: '2026-11-01' },
      {
        row: 2,
        status: 'refused',
        user_id: null,
        name: null,
        matched_by: null,
        errors: { date: 'The event does not happen on this date.' },
        issues: [{ field: 'date', code: 'not_an_occurrence', value: '2026-11-03' }],
      },
    ]
    const { user } = open()
    server.use(
      mockCall(eventAttendanceCalls.importAttendance, ({ input }) => {
        sent.push(input as Record<string, unknown>)
        return { matched: 1, added: 0, already: 0, refused: 1, rows }
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Import attendance' }, { timeout: 15_000 }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Import attendance' }))
    // Planning Center Check-Ins: no gender column, a person id and the moment they checked in.
    const file = new File(
      ['Person ID,First Name,Last Name,Check-in Time\r\n1001,Amy,Dated,2026-11-01 09:28\r\n1002,Ben,Dated,2026-11-03 18:02\r\n'],
      'check-ins.csv',
    )
    await user.upload(dialog.getByLabelText('Spreadsheet file'), file)
    const preview = within(await dialog.findByRole('table', { name: 'Preview: nothing is saved yet' }))
    expect(dialog.queryByText(/The file has no column for/)).not.toBeInTheDocument()
    expect(sent[0]!.data).toEqual([
      { source_id: '1001', first_name: 'Amy', last_name: 'Dated', date: '2026-11-01 09:28' },
      { source_id: '1002', first_name: 'Ben', last_name: 'Dated', date: '2026-11-03 18:02' },
    ])
    expect(preview.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Row', 'Name in the file', 'Date', 'What happens'])
    expect(preview.getByText('Matched: Amy Dated (by their ID in the other system)')).toBeInTheDocument()
    expect(preview.getByText('1 Nov 2026')).toBeInTheDocument()
    // A refused row shows the date as the file wrote it.
    expect(preview.getByText('2026-11-03 18:02')).toBeInTheDocument()
    expect(preview.getByText('Refused: Date: The event does not happen on this date.')).toBeInTheDocument()
  }, 30_000)

  it("takes from a file of several events only the rows of the one chosen, this event's by its name first (issue 41 item 4)", async () => {
    const sent: Array<Record<string, unknown>> = []
    const { user } = open()
    server.use(
      mockCall(eventAttendanceCalls.importAttendance, ({ input }) => {
        sent.push(input as Record<string, unknown>)
        const rows = (input.data as unknown[]).map((_, index) => ({ row: index + 1, status: 'added' as const, user_id: null, name: null, matched_by: null }))
        return { matched: 0, added: rows.length, already: 0, refused: 0, rows }
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Import attendance' }, { timeout: 15_000 }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Import attendance' }))
    const file = new File(
      [
        'Event,Date,First name,Last name,Gender\r\n' +
          'Youth night,2026-11-06,Yara,Young,female\r\n' +
          'SUNDAY SERVICE,2026-11-04,Amy,Dated,female\r\n' +
          'Youth night,2026-11-13,Yusuf,Young,male\r\n' +
          'Sunday service,2026-11-11,Ben,Dated,male\r\n',
      ],
      'attendance.csv',
    )
    await user.upload(dialog.getByLabelText('Spreadsheet file'), file)
    const preview = within(await dialog.findByRole('table', { name: 'Preview: nothing is saved yet' }))
    // This event's rows, by its name whatever the case; the event column is not sent.
    expect(sent[0]!.data).toEqual([
      { date: '2026-11-04', first_name: 'Amy', last_name: 'Dated', gender: 'female' },
      { date: '2026-11-11', first_name: 'Ben', last_name: 'Dated', gender: 'male' },
    ])
    const choice = dialog.getByRole('combobox', { name: 'Rows of this event in the file' })
    expect(choice).toHaveValue('SUNDAY SERVICE')
    // Each row as the file places it.
    expect(
      preview
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['2', '4'])

    await user.selectOptions(choice, 'Youth night')
    await waitFor(() => expect(sent).toHaveLength(2))
    expect((sent[1]!.data as Array<{ first_name: string }>).map((row) => row.first_name)).toEqual(['Yara', 'Yusuf'])
  }, 30_000)

  it('D3-2.1-24 refuses a file that is not a spreadsheet, and one over the row bound, before anything is sent', async () => {
    const sent: unknown[] = []
    const { user } = open()
    server.use(
      mockCall(eventAttendanceCalls.importAttendance, ({ input }) => {
        sent.push(input)
        return { matched: 0, added: 0, already: 0, refused: 0, rows: [] }
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Import attendance' }, { timeout: 15_000 }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Import attendance' }))
    const input = dialog.getByLabelText('Spreadsheet file')
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.pdf')] } })
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose a .csv, .xls or .xlsx file.')
    const lines = ['first_name,last_name,gender', ...Array.from({ length: 2001 }, (_, index) => `P${index},Doe,male`)].join('\n')
    fireEvent.change(input, { target: { files: [new File([lines], 'big.csv')] } })
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('The file has more than 2000 rows.'))
    expect(sent).toEqual([])
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled()
  }, 30_000)
})

describe('AttendanceSection: who may see and mark', () => {
  it('D3-6-03 shows a read-only list without can_update_attendance', async () => {
    const records = [visitor({ id: 101, name: 'Ana López', is_visitor: false, user_id: 1 }), visitor({ id: 90, name: 'Vera Cruz' })]
    const { records: asked } = open({ event: buildEventView({ can_update_attendance: false }), records })
    const list = within(await screen.findByRole('list', { name: 'Who attended' }, { timeout: 15_000 }))
    expect(list.getByText('Ana López')).toBeInTheDocument()
    expect(list.getByText('Visitor')).toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add visitor' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Import attendance' })).not.toBeInTheDocument()
    expect(asked.some((query) => query.order_by === 'name' && query.order === 'asc' && query.is_visitor === undefined)).toBe(true)
  }, 30_000)

  it('D3-6-03 shows nothing and asks nothing without can_read_attendance', async () => {
    const { records, asked, container } = open({ event: buildEventView({ can_read_attendance: false, can_update_attendance: false }) })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(container.querySelector('section')).toBeNull()
    expect(records).toEqual([])
    expect(asked).toEqual([])
  }, 30_000)
})

describe('AttendanceSection: children the child data gate withholds (spec 2 §5, issue 33)', () => {
  const records = [visitor({ id: 101, name: 'Ana López', is_visitor: false, user_id: 1 }), visitor({ id: 90, name: 'Vera Cruz' })]

  it('says under the list how many children were left out, and counts them in the totals', async () => {
    open({ event: buildEventView({ can_update_attendance: false }), records, hidden: { contacts: 2, visitors: 0 } })
    const list = await screen.findByRole('list', { name: 'Who attended' }, { timeout: 15_000 })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(await screen.findByText('And 2 children (a Working with Children Check and AdSafe training are needed to see them).')).toBeInTheDocument()
    expect(await screen.findByText('Contacts attended: 3')).toBeInTheDocument()
    expect(screen.getByText('Visitors: 1')).toBeInTheDocument()
    expect(screen.getByText('Total: 4')).toBeInTheDocument()
  }, 30_000)

  it('a date where only children attended does not say no one came', async () => {
    open({ event: buildEventView({ can_update_attendance: false }), records: [], hidden: { contacts: 1, visitors: 0 } })
    expect(
      await screen.findByText('1 child (a Working with Children Check and AdSafe training are needed to see them).', {}, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(screen.queryByText('No one is marked as attended on this date.')).not.toBeInTheDocument()
    expect(await screen.findByText('Contacts attended: 1')).toBeInTheDocument()
  }, 30_000)

  it('says so in Spanish', async () => {
    await changeLocale('es')
    open({ event: buildEventView({ can_update_attendance: false }), records, hidden: { contacts: 2, visitors: 0 } })
    expect(
      await screen.findByText('Y 2 menores (se necesitan un Working with Children Check y la capacitación AdSafe para verlos).', {}, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(await screen.findByText('Contactos que asistieron: 3')).toBeInTheDocument()
  }, 30_000)

  it('the visitors list says how many child visitors were left out', async () => {
    open({ records: [visitor({ id: 90, name: 'Vera Cruz' })], hidden: { contacts: 0, visitors: 1 } })
    const visitors = await screen.findByRole('region', { name: 'Visitors' }, { timeout: 15_000 })
    expect(await within(visitors).findByText('And 1 child (a Working with Children Check and AdSafe training are needed to see them).')).toBeInTheDocument()
  }, 30_000)

  it('a visitor with no name (a contact de-identified since, issue 40) reads as an unnamed visitor, buttons included', async () => {
    open({ visitors: [visitor({ id: 92, name: '' })] })
    const visitors = await screen.findByRole('region', { name: 'Visitors' }, { timeout: 15_000 })
    expect(await within(visitors).findByText('Unnamed visitor')).toBeInTheDocument()
    expect(within(visitors).getByRole('button', { name: 'Remove visitor Unnamed visitor' })).toBeInTheDocument()
  }, 30_000)

  it('a child’s row among the contacts has no toggle and says why, in both languages', async () => {
    const child: AttendanceContact = {
      ...buildContactListItem({ id: 3, name: '' }),
      is_child: true,
      is_restricted: true,
      gender: null,
      age: null,
      member_status: null,
      member_status_display: null,
      grow_phase: null,
      grow_phase_display: null,
      attended: false,
      attendance_id: null,
    }
    open({ contacts: [person(1, 'Ana López'), child] })
    expect(await screen.findByText('A child', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.getByText('A Working with Children Check and AdSafe training are needed to mark a child.')).toBeInTheDocument()
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual(['Attended: Ana López'])

    await act(() => changeLocale('es'))
    expect(await screen.findByText('Un menor')).toBeInTheDocument()
    expect(screen.getByText('Se necesitan un Working with Children Check y la capacitación AdSafe para marcar a un menor.')).toBeInTheDocument()
  }, 30_000)
})
