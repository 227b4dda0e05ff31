import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import {
  capabilityMap,
  contactCalls,
  contactEventCalls,
  eventAttendanceCalls,
  lookupCalls,
  type ContactAttendanceItem,
  type ContactEventItem,
  type ContactItem,
  type LookupItem,
} from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { activeTabStorageKey } from '../../contacts/components/view/contact-tabs'
import { buildContactItem } from '../../contacts/pages/contact-view.fixtures'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })

function buildEvent(overrides: Partial<ContactEventItem> = {}): ContactEventItem {
  return {
    id: 4,
    type: 'decision-to-follow-jesus',
    type_display: 'Decision to follow Jesus',
    kind: 'decision',
    date: '2026-03-01',
    date_display: '1 Mar 2026',
    grow_phase: null,
    member_status: 'lead-visited',
    member_status_display: 'Lead (visited)',
    content: '<b>At the series</b>',
    author_id: 3,
    created_display: '1 Mar 2026',
    ...overrides,
  }
}

function buildAttendance(index: number): ContactAttendanceItem {
  const day = String((index % 28) + 1).padStart(2, '0')
  return {
    id: 500 + index,
    event_id: 100 + index,
    title: `Sunday service ${index}`,
    event_date: `2026-11-${day}`,
    event_date_display: `${Number(day)} Nov 2026`,
    is_visitor: index === 0,
  }
}

const lookups: Record<string, LookupItem[]> = {
  'user-event-types': [
    { id: 'baptism', title: 'Baptism' },
    { id: 'decision-to-follow-jesus', title: 'Decision to follow Jesus' },
    { id: 'prayer-request', title: 'Prayer request' },
    { id: 'other', title: 'Other', is_other: true },
  ],
  'member-status-types': [
    { id: 'member', title: 'Member' },
    { id: 'lead-visited', title: 'Lead (visited)' },
  ],
}

/** Opens contact 5 on the Decisions (or Events) tab; records the writes and the kinds asked for. */
function openTab(options: { tab?: 'decisions' | 'events'; items?: ContactEventItem[]; item?: ContactItem; attended?: ContactAttendanceItem[] } = {}) {
  window.localStorage.setItem(activeTabStorageKey, options.tab ?? 'decisions')
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const writes: Array<{ call: string; input: unknown }> = []
  const asked: unknown[] = []
  const attendedAsked: unknown[] = []
  const items = options.items ?? [buildEvent()]
  const attended = options.attended ?? []
  server.use(
    mockCall(eventAttendanceCalls.contactEventAttendance, ({ input, params }) => {
      attendedAsked.push({ id: params.id, ...input })
      const page = Number(input.page ?? 1)
      return { items: attended.slice((page - 1) * 20, page * 20), count: attended.length, max_pages: Math.max(1, Math.ceil(attended.length / 20)) }
    }),
    mockCall(
      contactCalls.contact,
      options.item ?? buildContactItem({ role: 'leader', view: { member_status: 'lead-visited', member_status_display: 'Lead (visited)' } }),
    ),
    mockCall(contactEventCalls.contactEvents, ({ input }) => {
      asked.push(input)
      return { items, count: items.length, max_pages: 1 }
    }),
    mockCall(lookupCalls.lookups, ({ params }) => ({ items: lookups[String(params.list)] ?? [] })),
    mockCall(contactEventCalls.addContactEvent, ({ input }) => {
      writes.push({ call: 'add', input })
      return { id: 11 }
    }),
    mockCall(contactEventCalls.updateContactEvent, ({ input }) => {
      writes.push({ call: 'update', input })
      return { success: true as const }
    }),
    mockCall(contactEventCalls.deleteContactEvent, ({ input }) => {
      writes.push({ call: 'delete', input })
      return { success: true as const }
    }),
  )
  return { ...renderApp('/contacts/view/5'), writes, asked, attendedAsked }
}

/** The input a label names (a Select's label also names its list of options). */
function inputOf(form: { getAllByLabelText: (label: string | RegExp) => HTMLElement[] }, label: string | RegExp): HTMLElement {
  const input = form.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')
  if (!input) throw new Error(`No input labelled ${String(label)}`)
  return input
}

const list = (name = 'Decisions') => screen.findByRole('list', { name }, { timeout: 15000 })

describe('the Decisions and Events tabs', () => {
  it('D2-3.10-01 D2-9-04 lists the decisions, newest created first, content as text never markup', async () => {
    const { asked } = openTab()
    const entries = within(await list())
    expect(entries.getByText('Decision to follow Jesus')).toBeInTheDocument()
    expect(entries.getByText('Member status: Lead (visited)')).toBeInTheDocument()
    expect(entries.getByText('<b>At the series</b>')).toBeInTheDocument()
    expect(asked[0]).toMatchObject({ kind: 'decision', order_by: 'created', order: 'desc', team_id: '10', group_id: '10' })
  }, 30_000)

  it('D2-4.5-02 D2-4.5-01 the add form follows the contact’s member status; a baptism presets member', async () => {
    const { user, writes } = openTab({ items: [] })
    await screen.findByText('Nothing found.', {}, { timeout: 15000 })
    await user.click(screen.getByRole('button', { name: 'Add decision' }))
    const form = within(screen.getByRole('form', { name: 'Add a decision' }))
    await waitFor(() => expect(inputOf(form, 'Member status')).toHaveValue('Lead (visited)'))
    await user.click(inputOf(form, /^Type/))
    // The Decisions tab offers the decision types alone.
    expect(screen.queryByRole('option', { name: 'Prayer request' })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('option', { name: 'Baptism' }))
    await waitFor(() => expect(inputOf(form, 'Member status')).toHaveValue('Member'))
    expect(form.queryAllByLabelText('Grow phase')).toHaveLength(0)
    await user.clear(form.getByLabelText(/^Date/))
    await user.type(form.getByLabelText(/^Date/), '2026-04-04')
    await user.type(form.getByRole('textbox', { name: 'Notes' }), 'Baptised at Grace')
    await user.click(form.getByRole('button', { name: 'Add decision' }))
    await waitFor(() =>
      expect(writes).toEqual([
        {
          call: 'add',
          input: {
            team_id: 10,
            group_id: 10,
            user_id: 5,
            type: 'baptism',
            date: '2026-04-04',
            grow_phase: null,
            member_status: 'member',
            content: 'Baptised at Grace',
          },
        },
      ]),
    )
  }, 30_000)

  it('D2-3.10-02 the Events tab asks for events; the grow phase shows only for type other', async () => {
    const { user, asked } = openTab({
      tab: 'events',
      items: [buildEvent({ id: 8, type: 'other', type_display: 'Other', kind: 'event', grow_phase: 'plant', content: null })],
    })
    const entries = within(await list('Events'))
    expect(entries.getByText('Plant')).toBeInTheDocument()
    expect(asked[0]).toMatchObject({ kind: 'event' })
    await user.click(screen.getByRole('button', { name: 'Add event' }))
    const form = within(screen.getByRole('form', { name: 'Add an event' }))
    await user.click(inputOf(form, /^Type/))
    expect(screen.queryByRole('option', { name: 'Baptism' })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('option', { name: 'Prayer request' }))
    expect(form.queryAllByLabelText('Grow phase')).toHaveLength(0)
    await user.click(inputOf(form, /^Type/))
    await user.click(await screen.findByRole('option', { name: 'Other' }))
    await waitFor(() => expect(inputOf(form, 'Grow phase')).toBeInTheDocument())
  }, 30_000)

  it('D2-7.1-07 the Events tab lists the events the contact attended, 20 a page, each linking to the event on its date', async () => {
    const attended = Array.from({ length: 21 }, (_, index) => buildAttendance(index))
    const { user, attendedAsked } = openTab({ tab: 'events', attended })
    const section = within(await screen.findByRole('region', { name: 'Events attended' }, { timeout: 15000 }))
    const list = within(await section.findByRole('list', { name: 'Events attended' }))
    expect(list.getAllByRole('listitem')).toHaveLength(20)
    const first = list.getAllByRole('listitem')[0]!
    expect(within(first).getByRole('link', { name: 'Sunday service 0' })).toHaveAttribute('href', '/events/view/100?date=2026-11-01')
    expect(within(first).getByText('1 Nov 2026')).toBeInTheDocument()
    expect(within(first).getByText('Visitor')).toBeInTheDocument()
    expect(within(list.getAllByRole('listitem')[1]!).queryByText('Visitor')).not.toBeInTheDocument()
    expect(attendedAsked[0]).toEqual({ id: '5', team_id: '10', group_id: '10', page: '1', per_page: '20' })

    await user.click(section.getByRole('button', { name: '2' }))
    await waitFor(() => expect(list.getByRole('link', { name: 'Sunday service 20' })).toBeInTheDocument())
    expect(list.getAllByRole('listitem')).toHaveLength(1)
  }, 30_000)

  it('says when the contact attended no event', async () => {
    const { attendedAsked } = openTab({ tab: 'events', attended: [] })
    const section = within(await screen.findByRole('region', { name: 'Events attended' }, { timeout: 15000 }))
    expect(await section.findByText('No events attended yet.')).toBeInTheDocument()
    expect(attendedAsked).toHaveLength(1)
  }, 30_000)

  it('the Decisions tab does not list attended events', async () => {
    const { attendedAsked } = openTab({ attended: [buildAttendance(0)] })
    await list()
    expect(screen.queryByRole('region', { name: 'Events attended' })).not.toBeInTheDocument()
    expect(attendedAsked).toEqual([])
  }, 30_000)

  it('shows no attended events without read_event_attendance', async () => {
    const withoutAttendance = buildContactItem({ role: 'leader' })
    withoutAttendance.auth.user_capabilities = { ...capabilityMap('leader'), read_event_attendance: false }
    const { attendedAsked } = openTab({ tab: 'events', item: withoutAttendance })
    await list('Events')
    expect(screen.queryByRole('region', { name: 'Events attended' })).not.toBeInTheDocument()
    expect(attendedAsked).toEqual([])
  }, 30_000)

  it('D2-7.4-14 edits a decision', async () => {
    const { user, writes } = openTab()
    const entries = within(await list())
    await user.click(entries.getByRole('button', { name: 'Edit Decision to follow Jesus of 1 Mar 2026' }))
    const form = within(screen.getByRole('form', { name: 'Edit the decision' }))
    const notes = form.getByRole('textbox', { name: 'Notes' })
    await user.clear(notes)
    await user.type(notes, 'At the seminar')
    await user.click(form.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(writes).toEqual([
        {
          call: 'update',
          input: {
            team_id: 10,
            group_id: 10,
            user_id: 5,
            id: 4,
            type: 'decision-to-follow-jesus',
            date: '2026-03-01',
            grow_phase: null,
            member_status: 'lead-visited',
            content: 'At the seminar',
          },
        },
      ]),
    )
  }, 30_000)

  it('D2-7.4-15 deletes a decision only after the confirmation', async () => {
    const { user, writes } = openTab()
    const entries = within(await list())
    await user.click(entries.getByRole('button', { name: 'Delete Decision to follow Jesus of 1 Mar 2026' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the decision?' }))
    expect(writes).toEqual([])
    await user.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(writes).toEqual([{ call: 'delete', input: { team_id: 10, group_id: 10, user_id: 5, id: 4 } }]))
  }, 30_000)

  it('D2-6-19 D2-6-20 D2-4.2-13 without the capabilities, or when consent was declined, offers no change', async () => {
    openTab({ item: buildContactItem({ role: 'leader', view: { consent_declined: true } }) })
    await list()
    expect(screen.queryByRole('button', { name: 'Add decision' })).not.toBeInTheDocument()
    expect(screen.getByText('The contact declined consent: nothing more is recorded.')).toBeInTheDocument()
  }, 30_000)

  it('reads in Spanish, with no edit or delete for a member', async () => {
    await changeLocale('es')
    try {
      openTab({ item: buildContactItem({ role: 'member' }) })
      const entries = within(await list('Decisiones'))
      expect(entries.getByText('Estado de membresía: Lead (visited)')).toBeInTheDocument()
      expect(entries.queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument()
      expect(entries.queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Añadir decisión' })).not.toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  }, 30_000)
})
