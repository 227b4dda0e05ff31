import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { recentActivityCalls, suggestionCalls, type InputOf, type RecentActivityItem, type Team } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const youth = buildGroup({ id: 11, title: 'Youth', user_role: 'owner' })
const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [youth] })

const rows: RecentActivityItem[] = [
  {
    id: 2,
    type: 'user',
    action: 'update',
    author_id: 3,
    author_name: 'Olive Owner',
    created_at: '2026-11-20T01:00:00.000Z',
    created_display: '20 Nov 2026, 12:00 pm',
    subject_id: 5,
    data: { before: { first_name: 'Amy' }, after: { first_name: 'Amelia' } },
    computed_data: { changes: [{ field: 'first_name', before: 'Amy', after: 'Amelia' }] },
    contact_id: 5,
    contact_name: 'Amelia Lee',
  },
  {
    id: 1,
    type: 'user_note',
    action: 'add',
    author_id: 4,
    author_name: 'Leo Leader',
    created_at: '2026-11-19T01:00:00.000Z',
    created_display: '19 Nov 2026, 12:00 pm',
    subject_id: 9,
    // A row about a minor behind the child gate: no contact, no data.
    data: { before: null, after: null },
    computed_data: { changes: [] },
    contact_id: null,
    contact_name: null,
  },
]

type Input = InputOf<typeof recentActivityCalls.teamRecentActivity> | InputOf<typeof recentActivityCalls.groupRecentActivity>

function open(path: string, options: { team?: Team; groupId?: number; items?: RecentActivityItem[]; more?: boolean } = {}) {
  const team = options.team ?? grace
  signedInAs(buildAccount([team]), { teamId: team.id, groupId: options.groupId ?? team.id })
  const requests: Array<{ call: 'team' | 'group'; input: Input }> = []
  const answer = () => ({
    items: options.items ?? rows,
    count: 2,
    max_pages: 1,
    ...(options.more ? { count_is_lower_bound: true as const, max_pages: 10 } : {}),
  })
  server.use(
    mockCall(suggestionCalls.teamUsers, { items: [{ id: 4, title: 'Leo Leader' }] }),
    mockCall(recentActivityCalls.teamRecentActivity, ({ input }) => {
      requests.push({ call: 'team', input })
      return answer()
    }),
    mockCall(recentActivityCalls.groupRecentActivity, ({ input }) => {
      requests.push({ call: 'group', input })
      return answer()
    }),
  )
  return { ...renderApp(path), requests }
}

const table = async () => within(await screen.findByRole('table', { name: 'Recent activity' }, { timeout: 5000 }))
const filters = async () => within(await screen.findByRole('group', { name: 'Filters' }, { timeout: 5000 }))

describe('Recent activity', () => {
  it('D3-2.4-06 lists the team’s changes: who, when, what, the contact linked, the change', async () => {
    const { requests } = open('/team/recent-activity')
    expect(await screen.findByRole('heading', { name: 'Recent activity', level: 1 }, { timeout: 5000 })).toBeInTheDocument()
    const [, first, second] = (await table()).getAllByRole('row')
    expect(first).toHaveTextContent('20 Nov 2026, 12:00 pm')
    expect(within(first!).getByText('Olive Owner')).toBeInTheDocument()
    expect(within(first!).getByText('Contact · Changed')).toBeInTheDocument()
    expect(within(first!).getByRole('link', { name: 'Amelia Lee' })).toHaveAttribute('href', '/contacts/view/5')
    expect(first).toHaveTextContent('First name: Amy → Amelia')
    // A row that names no one has no link.
    expect(within(second!).getByText('Note · Added')).toBeInTheDocument()
    expect(within(second!).queryByRole('link')).not.toBeInTheDocument()
    expect(requests[0]).toEqual({ call: 'team', input: { team_id: '10', page: '1', per_page: '100' } })
  })

  it('D3-2.4-06 reads the selected group’s activity on /group/recent-activity', async () => {
    const { requests } = open('/group/recent-activity', { groupId: 11 })
    await table()
    expect(screen.getByText('Recent activity of the group Youth')).toBeInTheDocument()
    expect(requests[0]).toEqual({ call: 'group', input: { team_id: '10', group_id: '11', page: '1', per_page: '100' } })
  })

  it('D3-2.4-34 shows the not-allowed screen without read_own_activity_log, and asks nothing', async () => {
    const team = buildTeam({ id: 10, title: 'Grace Church', role: 'member' })
    const denied = { ...team, user_capabilities: { ...team.user_capabilities, read_own_activity_log: false } }
    const { requests } = open('/team/recent-activity', { team: denied })
    expect(await screen.findByText('You do not have permission to see this activity.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(requests).toEqual([])
  })

  it('D3-2.4-34 reads the group’s capability on /group/recent-activity', async () => {
    const group = buildGroup({ id: 11, title: 'Youth', user_role: 'member' })
    const denied = { ...group, user_capabilities: { ...group.user_capabilities, read_own_activity_log: false } }
    const { requests } = open('/group/recent-activity', { team: buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [denied] }), groupId: 11 })
    expect(await screen.findByText('You do not have permission to see this activity.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(requests).toEqual([])
  })

  it('filters by date range and type, page 1 again (D2-9-09, D2-9-10)', async () => {
    const { user, requests } = open('/team/recent-activity')
    const box = await filters()
    await user.selectOptions(box.getByRole('combobox', { name: 'Date' }), 'last_month')
    await user.selectOptions(box.getByRole('combobox', { name: 'Type' }), 'invite')
    await waitFor(() => expect(requests.at(-1)?.input).toEqual({ team_id: '10', page: '1', per_page: '100', date_range: 'last_month', type: 'invite' }))
  })

  it('D2-6-22 offers the user filter with read_activity_log and sends the picked user', async () => {
    const { user, requests } = open('/team/recent-activity')
    const box = await filters()
    await user.type(box.getByRole('textbox', { name: 'User' }), 'Leo')
    await user.click(await screen.findByRole('option', { name: 'Leo Leader' }))
    await waitFor(() => expect(requests.at(-1)?.input).toMatchObject({ user_id: '4' }))
  })

  it('D2-6-22 has no user filter without read_activity_log, and says the rows are the caller’s own', async () => {
    open('/team/recent-activity', { team: buildTeam({ id: 10, title: 'Grace Church', role: 'leader' }) })
    const box = await filters()
    expect(box.getByRole('combobox', { name: 'Date' })).toBeInTheDocument()
    expect(box.queryByRole('textbox', { name: 'User' })).not.toBeInTheDocument()
    expect(screen.getByText('You see your own changes.')).toBeInTheDocument()
  })

  it('says Nothing found. when there is no activity', async () => {
    open('/team/recent-activity', { items: [] })
    expect(await screen.findByText('Nothing found.', {}, { timeout: 5000 })).toBeInTheDocument()
  })

  it('offers more pages when the count stopped at its bound', async () => {
    open('/team/recent-activity', { more: true })
    await table()
    const pages = screen.getByRole('navigation', { name: 'Pages of Recent activity' })
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeEnabled()
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    open('/team/recent-activity')
    expect(await screen.findByRole('table', { name: 'Actividad reciente' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('Contacto · Cambiado')).toBeInTheDocument()
    await changeLocale('en')
  })

  it('names an event’s changed fields in the reader’s language, not by their column names (issue 36)', async () => {
    const moved: RecentActivityItem = {
      ...rows[0]!,
      id: 3,
      type: 'event',
      subject_id: 7,
      data: { before: null, after: { original_date: '2026-11-10', event_date: '2026-11-12', is_cancelled: false } },
      computed_data: {
        changes: [
          { field: 'original_date', before: null, after: '2026-11-10' },
          { field: 'event_date', before: null, after: '2026-11-12' },
          { field: 'is_cancelled', before: null, after: 'false' },
        ],
      },
      contact_id: null,
      contact_name: null,
    }
    await changeLocale('es')
    try {
      open('/team/recent-activity', { items: [moved] })
      const log = await screen.findByRole('table', { name: 'Actividad reciente' }, { timeout: 5000 })
      for (const label of ['Fecha original:', 'Fecha del evento:', 'Cancelado:']) expect(within(log).getByText(label)).toBeInTheDocument()
      expect(within(log).queryByText(/original date|event date|is cancelled/)).not.toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  })
})
