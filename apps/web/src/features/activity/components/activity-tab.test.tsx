import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { activityLogCalls, contactCalls, lookupCalls, suggestionCalls, type ActivityItem, type ContactItem, type InputOf } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildContactItem } from '../../contacts/pages/contact-view.fixtures'
import { activeTabStorageKey } from '../../contacts/components/view/contact-tabs'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner' })

const rows: ActivityItem[] = [
  {
    id: 2,
    type: 'user_relationship',
    action: 'update',
    author_id: 3,
    author_name: 'Olive Owner',
    created_at: '2026-11-20T01:00:00.000Z',
    created_display: '20 Nov 2026, 12:00 pm',
    subject_id: 9,
    data: { before: { relationship_type_display: 'Friend' }, after: { relationship_type_display: 'Neighbor' } },
    computed_data: { changes: [{ field: 'relationship_type', before: 'Friend', after: 'Neighbor' }] },
  },
  {
    id: 1,
    type: 'user',
    action: 'update',
    author_id: 4,
    author_name: 'Leo Leader',
    created_at: '2026-11-19T01:00:00.000Z',
    created_display: '19 Nov 2026, 12:00 pm',
    subject_id: 5,
    data: { before: { interests: [] }, after: { interests: ['Prayer'] } },
    computed_data: { changes: [{ field: 'interests', before: null, after: 'Prayer' }] },
  },
]

/** Opens contact 5 on its Activity log tab; records each request of the log. */
function openActivity(item: ContactItem = buildContactItem({ role: 'owner' }), viewedBy = false, items: ActivityItem[] = rows) {
  window.localStorage.setItem(activeTabStorageKey, 'activityLog')
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const requests: Array<{ params: unknown; input: InputOf<typeof activityLogCalls.activityLog> }> = []
  server.use(
    mockCall(contactCalls.contact, item),
    mockCall(suggestionCalls.teamUsers, { items: [{ id: 4, title: 'Leo Leader' }] }),
    mockCall(activityLogCalls.activityLog, ({ params, input }) => {
      requests.push({ params, input })
      return {
        items,
        count: items.length,
        max_pages: 1,
        viewed_by: viewedBy ? [{ author_id: 4, author_name: 'Leo Leader', created_display: '18 Nov 2026, 9:00 am', what: 'notes' }] : [],
      }
    }),
  )
  return { ...renderApp('/contacts/view/5'), requests }
}

const filters = async () => within(await screen.findByRole('group', { name: 'Filters' }, { timeout: 5000 }))

describe('the Activity log tab', () => {
  // The interests' list, in English and Spanish (a test's own lookups come before it).
  beforeEach(() => {
    server.use(
      mockCall(lookupCalls.lookups, ({ params, input }) =>
        params['list'] === 'interest-types' ? { items: [{ id: 'prayer', title: input.locale === 'es' ? 'Oración' : 'Prayer' }] } : { items: [] },
      ),
    )
  })

  it('D2-3.13-03 lists who changed what, when, with the change', async () => {
    const { requests } = openActivity()
    const table = within(await screen.findByRole('table', { name: 'Activity log' }, { timeout: 5000 }))
    const [, first, second] = table.getAllByRole('row')
    expect(within(first!).getByText('Olive Owner')).toBeInTheDocument()
    expect(within(first!).getByText('Relationship · Changed')).toBeInTheDocument()
    expect(first).toHaveTextContent('Relationship: Friend → Neighbor')
    expect(second).toHaveTextContent('Contact · Changed')
    await waitFor(() => expect(second).toHaveTextContent('Interests: — → Prayer'))
    expect(requests[0]).toEqual({ params: { type: 'contact', id: '5' }, input: { team_id: '10', group_id: '10', page: '1' } })
  })

  it('words interests the log kept by their English titles in the reader’s language (issue 36)', async () => {
    await changeLocale('es')
    try {
      openActivity()
      const table = within(await screen.findByRole('table', { name: 'Registro de actividad' }, { timeout: 5000 }))
      const [, , second] = table.getAllByRole('row')
      await waitFor(() => expect(second).toHaveTextContent('Oración'))
      expect(second).not.toHaveTextContent('Prayer')
    } finally {
      await changeLocale('en')
    }
  })

  it('names what a spreadsheet import changed: the source and the row, in the reader’s words', async () => {
    const imported: ActivityItem = {
      id: 3,
      type: 'user',
      action: 'add',
      author_id: 4,
      author_name: 'Leo Leader',
      created_at: '2026-11-21T01:00:00.000Z',
      created_display: '21 Nov 2026, 12:00 pm',
      subject_id: 5,
      data: { before: null, after: { gender: 'female', source_of_change: 'user_import', import_row: 7 } },
      computed_data: {
        changes: [
          { field: 'gender', before: null, after: 'female' },
          { field: 'source_of_change', before: null, after: 'user_import' },
          { field: 'import_row', before: null, after: '7' },
        ],
      },
    }
    openActivity(undefined, false, [imported])
    const table = within(await screen.findByRole('table', { name: 'Activity log' }, { timeout: 5000 }))
    const [, row] = table.getAllByRole('row')
    expect(row).toHaveTextContent('Gender: Female')
    expect(row).toHaveTextContent('Made by: A spreadsheet import')
    expect(row).toHaveTextContent('Spreadsheet row: 7')
  })

  it('words a merge into the contact and its undoing, in English and Spanish (issue 40)', async () => {
    const merge = (id: number, action: 'add' | 'delete'): ActivityItem => {
      const values = { merge_id: 77, other_contact_id: 9, other_name: 'Anne Baker' }
      return {
        id,
        type: 'contact_merge',
        action,
        author_id: 3,
        author_name: 'Olive Owner',
        created_at: '2026-11-22T01:00:00.000Z',
        created_display: '22 Nov 2026, 12:00 pm',
        subject_id: 5,
        data: action === 'add' ? { before: null, after: values } : { before: values, after: null },
        computed_data: { changes: [{ field: 'other_name', before: null, after: 'Anne Baker' }] },
      }
    }
    const rows = [merge(5, 'delete'), merge(4, 'add')]
    const view = openActivity(undefined, false, rows)
    const table = within(await screen.findByRole('table', { name: 'Activity log' }, { timeout: 5000 }))
    const [, undone, merged] = table.getAllByRole('row')
    expect(undone).toHaveTextContent('Merge undone')
    expect(undone).toHaveTextContent('Merge with Anne Baker undone')
    expect(merged).toHaveTextContent('Records merged')
    expect(merged).toHaveTextContent('Merged from Anne Baker')
    // The values the row keeps are not listed field by field.
    expect(merged).not.toHaveTextContent('other name')
    view.unmount()

    await changeLocale('es')
    try {
      openActivity(undefined, false, rows)
      const spanish = within(await screen.findByRole('table', { name: 'Registro de actividad' }, { timeout: 5000 }))
      const [, esUndone, esMerged] = spanish.getAllByRole('row')
      expect(esUndone).toHaveTextContent('Fusión con Anne Baker deshecha')
      expect(esMerged).toHaveTextContent('Registros fusionados')
      expect(esMerged).toHaveTextContent('Fusionado desde Anne Baker')
    } finally {
      await changeLocale('en')
    }
  })

  it('D2-9-09 D2-9-10 D2-7.1-09 filters by date range and type, with the spec’s values', async () => {
    const { user, requests } = openActivity()
    const box = await filters()
    const dateRange = box.getByRole('combobox', { name: 'Date' })
    expect(
      within(dateRange)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['all', 'this_week', 'last_week', 'this_month', 'last_month', 'this_year', 'last_year'])
    const type = box.getByRole('combobox', { name: 'Type' })
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'user', 'interaction', 'user_event', 'team_contact', 'user_assignment', 'relationship', 'invite'])
    await user.selectOptions(dateRange, 'this_week')
    await user.selectOptions(type, 'relationship')
    await waitFor(() => expect(requests.at(-1)?.input).toEqual({ team_id: '10', group_id: '10', page: '1', date_range: 'this_week', type: 'relationship' }))
  })

  it('D2-6-22 offers the user filter with read_activity_log, and sends the picked user', async () => {
    const { user, requests } = openActivity()
    const box = await filters()
    await user.type(box.getByRole('textbox', { name: 'User' }), 'Leo')
    await user.click(await screen.findByRole('option', { name: 'Leo Leader' }))
    await waitFor(() => expect(requests.at(-1)?.input).toMatchObject({ user_id: '4' }))
  })

  it('D2-6-22 has no user filter without read_activity_log', async () => {
    openActivity(buildContactItem({ role: 'leader' }))
    const box = await filters()
    expect(box.getByRole('combobox', { name: 'Date' })).toBeInTheDocument()
    expect(box.queryByRole('textbox', { name: 'User' })).not.toBeInTheDocument()
  })

  it('shows who read a minor’s notes to the owner (Viewed by)', async () => {
    openActivity(buildContactItem({ role: 'owner' }), true)
    const section = within(await screen.findByRole('region', { name: 'Viewed by' }, { timeout: 5000 }))
    expect(section.getByText('Leo Leader · 18 Nov 2026, 9:00 am · notes')).toBeInTheDocument()
  })

  it("words a change's lookups, choices, flags and dates in Spanish; a value it does not know shows as stored (issue 36)", async () => {
    await changeLocale('es')
    const lookupRequests: Array<{ list: unknown; locale: unknown }> = []
    server.use(
      mockCall(lookupCalls.lookups, ({ params, input }) => {
        lookupRequests.push({ list: params['list'], locale: input.locale })
        const spanish = input.locale === 'es'
        if (params['list'] === 'user-event-types')
          return { items: [{ id: 'decision-for-baptism', title: spanish ? 'Decisión por el bautismo' : 'Decision for baptism' }] }
        return { items: [{ id: 'baptismal-candidate', title: spanish ? 'Candidato al bautismo' : 'Baptismal candidate' }] }
      }),
    )
    const event: ActivityItem = {
      id: 7,
      type: 'user_event',
      action: 'add',
      author_id: 4,
      author_name: 'Leo Leader',
      created_at: '2026-11-21T01:00:00.000Z',
      created_display: '21 nov 2026, 12:00',
      subject_id: 5,
      data: { before: null, after: { type: 'decision-for-baptism', date: '2026-11-13', grow_phase: 'plant', member_status: 'retired-status' } },
      computed_data: {
        changes: [
          { field: 'type', before: null, after: 'decision-for-baptism' },
          { field: 'date', before: null, after: '2026-11-13' },
          { field: 'grow_phase', before: null, after: 'plant' },
          { field: 'member_status', before: null, after: 'retired-status' },
        ],
      },
    }
    const contact: ActivityItem = {
      ...event,
      id: 6,
      type: 'user',
      action: 'update',
      data: {
        before: { member_status: null, expect_bible_study_completed: true },
        after: { member_status: 'baptismal-candidate', expect_bible_study_completed: false },
      },
      computed_data: {
        changes: [
          { field: 'member_status', before: null, after: 'baptismal-candidate' },
          { field: 'expect_bible_study_completed', before: 'true', after: 'false' },
        ],
      },
    }
    const relationship: ActivityItem = {
      ...event,
      id: 5,
      type: 'user_relationship',
      action: 'update',
      data: {
        before: { relationship_type: 'father', relationship_type_display: 'Father' },
        after: { relationship_type: 'mother', relationship_type_display: 'Mother' },
      },
      computed_data: { changes: [{ field: 'relationship_type', before: 'Father', after: 'Mother' }] },
    }
    openActivity(undefined, false, [event, contact, relationship])
    const table = within(await screen.findByRole('table', { name: 'Registro de actividad' }, { timeout: 5000 }))
    const [, eventRow, contactRow, relationshipRow] = table.getAllByRole('row')
    await waitFor(() => expect(eventRow).toHaveTextContent('Tipo: Decisión por el bautismo'))
    expect(eventRow).toHaveTextContent('Fecha: 13 nov 2026')
    expect(eventRow).toHaveTextContent('Ciclo de crecimiento: Sembrar')
    // A lookup item since removed keeps its stored value.
    expect(eventRow).toHaveTextContent('retired-status')
    await waitFor(() => expect(contactRow).toHaveTextContent('Candidato al bautismo'))
    expect(contactRow).toHaveTextContent('— → Candidato al bautismo')
    expect(contactRow).toHaveTextContent('Sí → No')
    expect(relationshipRow).toHaveTextContent('Relación: Padre → Madre')
    // The reader's titles, and the English ones that rows written with titles are read by.
    expect(new Set(lookupRequests.map((request) => request.locale))).toEqual(new Set(['es', 'en']))
    await changeLocale('en')
  })

  it('reads in Spanish, filters included', async () => {
    await changeLocale('es')
    openActivity()
    const box = within(await screen.findByRole('group', { name: 'Filtros' }, { timeout: 5000 }))
    expect(within(box.getByRole('combobox', { name: 'Fecha' })).getByRole('option', { name: 'La semana pasada' })).toBeInTheDocument()
    expect(within(box.getByRole('combobox', { name: 'Tipo' })).getByRole('option', { name: 'Relación' })).toBeInTheDocument()
    expect(await screen.findByText('Relación · Cambiado')).toBeInTheDocument()
    await changeLocale('en')
  })
})
