import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { maxPages, subTeamCalls, type SubTeamListItem } from '@crm/domain'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { activityLevel } from '../components/sub-team-activity'

const conference = buildTeam({ id: 1, title: 'Demo Conference', role: 'entity_admin', is_conference: true })
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString()

function row(overrides: Partial<SubTeamListItem> & Pick<SubTeamListItem, 'id' | 'title'>): SubTeamListItem {
  return {
    address_formatted: '12 Hope Street, Ashfield',
    acms_id: 'DEMO-1',
    has_owner: true,
    owner_name: 'Olivia Owner',
    owner_last_login: daysAgo(5),
    any_member_last_login: daysAgo(30),
    users_count: 3,
    created_display: '1 Nov 2026',
    ...overrides,
  }
}

function mockList(items: SubTeamListItem[], total = items.length) {
  const sent: Array<Record<string, string>> = []
  server.use(
    mockCall(subTeamCalls.manageTeams, ({ input }) => {
      const query = input as unknown as Record<string, string>
      sent.push(query)
      return { items, count: total, max_pages: maxPages(total, Number(query['per_page'])) }
    }),
  )
  return sent
}

async function visit(path = '/team/manage-sub-teams', team = conference) {
  signedInAs(buildAccount([team]), { teamId: team.id, groupId: team.id })
  const view = renderApp(path)
  await screen.findByRole('heading', { level: 1, name: 'Manage sub-teams' }, { timeout: 15000 })
  return view
}

describe('activity indicator thresholds (spec 1 §6)', () => {
  it('D1-6-03 D1-6-04 never = danger; under 14 days = success; up to 90 = warning; over 90 = danger', () => {
    const now = new Date('2026-11-24T12:00:00Z')
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()
    expect(activityLevel(null, now)).toBe('danger')
    expect(activityLevel(ago(5), now)).toBe('success')
    expect(activityLevel(ago(13.9), now)).toBe('success')
    expect(activityLevel(ago(14), now)).toBe('warning')
    expect(activityLevel(ago(30), now)).toBe('warning')
    expect(activityLevel(ago(90), now)).toBe('warning')
    expect(activityLevel(ago(120), now)).toBe('danger')
  })
})

describe('/team/manage-sub-teams (spec 3 §2.4)', () => {
  it('D3-2.4-33 D3-2.4-09 lists title, address, ACMS id and the indicators with text labels; Add new and Edit link on', async () => {
    const sent = mockList([
      row({ id: 11, title: 'Hope Street Church' }),
      row({
        id: 12,
        title: 'Riverside Church',
        has_owner: false,
        owner_name: null,
        owner_last_login: null,
        any_member_last_login: daysAgo(120),
        acms_id: null,
      }),
    ])
    await visit()
    const hope = within((await screen.findByText('Hope Street Church', {}, { timeout: 15000 })).closest('[role="listitem"]') as HTMLElement)
    expect(hope.getByText('12 Hope Street, Ashfield')).toBeInTheDocument()
    expect(hope.getByText('ACMS ID: DEMO-1')).toBeInTheDocument()
    // D1-6-03: 5 days → success; D1-6-04: 30 days → warning.
    expect(hope.getByText('Owner: active in the last 14 days').closest('[data-level]')).toHaveAttribute('data-level', 'success')
    expect(hope.getByText('Members: last active 14 to 90 days ago').closest('[data-level]')).toHaveAttribute('data-level', 'warning')
    expect(hope.getByRole('link', { name: 'Edit Hope Street Church' })).toHaveAttribute('href', '/team/manage-sub-teams/edit/11')
    const riverside = within(screen.getByText('Riverside Church').closest('[role="listitem"]') as HTMLElement)
    expect(riverside.getByText('Owner: no owner').closest('[data-level]')).toHaveAttribute('data-level', 'danger')
    expect(riverside.getByText('Members: not active for over 90 days').closest('[data-level]')).toHaveAttribute('data-level', 'danger')
    expect(screen.getByRole('link', { name: 'Add new' })).toHaveAttribute('href', '/team/manage-sub-teams/new')
    expect(sent[0]).toMatchObject({ team_id: '1', page: '1', order_by: 'created', order: 'desc' })
  }, 30_000)

  it('D3-2.4-33 searches (kept in the URL, back to page 1) and pages; an empty search reads Nothing found.', async () => {
    const sent = mockList([row({ id: 11, title: 'Hope Street Church' })], 450)
    const { user, router } = await visit('/team/manage-sub-teams?page=2')
    await screen.findByText('Hope Street Church', {}, { timeout: 15000 })
    expect(sent.at(-1)).toMatchObject({ page: '2' })
    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ page: '3' }))
    mockList([])
    await user.type(screen.getByRole('searchbox', { name: 'Search sub-teams' }), 'zzz')
    expect(await screen.findByText('Nothing found.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?search=zzz')
  }, 30_000)

  it('D3-7.6-04 D3-8-01 delete asks first; a sub-team with contacts is refused with a clear message on the page', async () => {
    mockList([row({ id: 11, title: 'Hope Street Church' })])
    const deleted: unknown[] = []
    server.use(
      mockCall(subTeamCalls.manageTeamsDelete, ({ input }) => {
        deleted.push(input)
        return apiError('conflict', 409, { reason: 'sub_team_has_contacts' })
      }),
    )
    const { user } = await visit()
    await user.click(await screen.findByRole('button', { name: 'Delete Hope Street Church' }, { timeout: 15000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete sub-team' })
    expect(within(dialog).getByText(/Hope Street Church will be deleted/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    // D3-8-01: the dialog closes and the page says why, in the server's words.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('This sub-team still owns contacts. Transfer or delete them first.').closest('[role="alert"]')).not.toBeNull()
    expect(deleted).toEqual([{ team_id: 1, sub_team_id: 11 }])
  }, 30_000)

  it('D3-6-10 without update_team, or outside a conference, the page is not allowed', async () => {
    signedInAs(buildAccount([buildTeam({ id: 1, title: 'Demo Conference', role: 'leader', is_conference: true })]), { teamId: 1, groupId: 1 })
    renderApp('/team/manage-sub-teams')
    expect(await screen.findByText('You do not have permission to manage the sub-teams of this team.', {}, { timeout: 15000 })).toBeInTheDocument()
  }, 30_000)
})
