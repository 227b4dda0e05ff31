import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { teamCalls, teamRequestCalls } from '@crm/domain'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const ownerTeam = buildTeam({ id: 10, title: 'Grace Church', role: 'owner' })
const otherTeam = buildTeam({ id: 20, title: 'Hope Church', role: 'owner' })
const leaderTeam = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })

const ruth = { id: 1, user_id: 31, name: 'Ruth Early', email: 'ruth@example.test', date_display: '3 Nov 2026' }

describe('/team/membership-requests (spec 3 §2.4)', () => {
  it('D3-2.4-29 D3-4-07 shows name, email and date; accepting asks first, then the list and the badge refresh', async () => {
    let pending = [ruth]
    const decided: unknown[] = []
    let badgeCalls = 0
    server.use(
      mockCall(teamRequestCalls.membershipRequests, () => ({ items: pending, count: pending.length })),
      mockCall(teamRequestCalls.acceptMembershipRequest, ({ input }) => {
        decided.push(input)
        pending = []
        return { success: true as const }
      }),
      mockCall(teamCalls.pendingItems, () => {
        badgeCalls += 1
        return { membership_requests: pending.length, owner_requests: 0 }
      }),
    )
    signedInAs(buildAccount([ownerTeam]), { teamId: 10, groupId: 10 })
    const { user } = renderApp('/team/membership-requests')
    const card = within((await screen.findByText('Ruth Early', {}, { timeout: 15000 })).closest('[role="listitem"]') as HTMLElement)
    expect(card.getByText('ruth@example.test')).toBeInTheDocument()
    expect(card.getByText('3 Nov 2026')).toBeInTheDocument()
    await user.click(card.getByRole('button', { name: 'Accept Ruth Early' }))
    const dialog = await screen.findByRole('dialog', { name: 'Accept membership request' })
    expect(within(dialog).getByText('Ruth Early will become a member of Grace Church.')).toBeInTheDocument()
    const before = badgeCalls
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('Nothing found.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(decided).toEqual([{ team_id: 10, user_id: 31 }])
    await waitFor(() => expect(badgeCalls).toBeGreaterThan(before))
  }, 30_000)

  it('D3-4-08 rejecting asks first and can be cancelled', async () => {
    const decided: unknown[] = []
    server.use(
      mockCall(teamRequestCalls.membershipRequests, { items: [ruth], count: 1 }),
      mockCall(teamRequestCalls.rejectMembershipRequest, ({ input }) => {
        decided.push(input)
        return { success: true as const }
      }),
    )
    signedInAs(buildAccount([ownerTeam]), { teamId: 10, groupId: 10 })
    const { user } = renderApp('/team/membership-requests')
    await user.click(await screen.findByRole('button', { name: 'Reject Ruth Early' }, { timeout: 15000 }))
    let dialog = await screen.findByRole('dialog', { name: 'Reject membership request' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(decided).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Reject Ruth Early' }))
    dialog = await screen.findByRole('dialog', { name: 'Reject membership request' })
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(decided).toEqual([{ team_id: 10, user_id: 31 }]))
  }, 30_000)

  it("D3-2.4-07 D3-2.4-30 the {team_id} route lists that team's requests; an empty list reads 'Nothing found.'", async () => {
    const asked: unknown[] = []
    server.use(
      mockCall(teamRequestCalls.membershipRequests, ({ input }) => {
        asked.push(input)
        return { items: [], count: 0 }
      }),
    )
    signedInAs(buildAccount([ownerTeam, otherTeam]), { teamId: 10, groupId: 10 })
    renderApp('/team/membership-requests/20')
    expect(await screen.findByText('Nothing found.', {}, { timeout: 15000 })).toBeInTheDocument()
    expect(asked).toEqual([{ team_id: '20' }])
  }, 30_000)

  it("D3-2.4-07 the {team_id} of a conference's sub-team asks the server; a refusal is the not-allowed screen", async () => {
    server.use(
      mockCall(
        teamRequestCalls.membershipRequests,
        () =>
          new Response(JSON.stringify({ code: 'forbidden', message: 'x', data: { status: 403 } }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    )
    signedInAs(buildAccount([ownerTeam]), { teamId: 10, groupId: 10 })
    renderApp('/team/membership-requests/55')
    expect(await screen.findByText('You do not have permission to see these requests.', {}, { timeout: 15000 })).toBeInTheDocument()
  }, 30_000)

  it('D3-6-09 without update_team the page is not allowed', async () => {
    signedInAs(buildAccount([leaderTeam]), { teamId: 10, groupId: 10 })
    renderApp('/team/membership-requests')
    expect(await screen.findByText('You do not have permission to see these requests.', {}, { timeout: 15000 })).toBeInTheDocument()
  }, 30_000)
})

describe('/team/owner-requests (spec 3 §2.4, §6)', () => {
  const request = { id: 5, name: 'Paul Pastor', team_name: 'Riverside Church', email: 'paul@example.test', created_display: '1 Nov 2026' }

  it('D3-2.4-31 D3-2.4-32 D3-4-09 shows name, team, email and created date; the accept dialog explains the owner role', async () => {
    let pending = [request]
    const decided: unknown[] = []
    server.use(
      mockCall(teamRequestCalls.ownerRequests, () => ({ items: pending, count: pending.length })),
      mockCall(teamRequestCalls.acceptOwnerRequest, ({ input }) => {
        decided.push(input)
        pending = []
        return { success: true as const }
      }),
    )
    signedInAs(buildAccount([ownerTeam], { role: 'admin' }), { teamId: 10, groupId: 10 })
    const { user } = renderApp('/team/owner-requests')
    const card = within((await screen.findByText('Paul Pastor', {}, { timeout: 15000 })).closest('[role="listitem"]') as HTMLElement)
    for (const text of ['Riverside Church', 'paul@example.test', '1 Nov 2026']) expect(card.getByText(text)).toBeInTheDocument()
    await user.click(card.getByRole('button', { name: 'Accept Paul Pastor' }))
    const dialog = await screen.findByRole('dialog', { name: 'Accept owner request' })
    expect(within(dialog).getByText(/typically for pastors, chaplains or interest coordinators/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('Nothing found.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(decided).toEqual([{ id: 5 }])
  }, 30_000)

  it('D3-4-10 D3-8-01 rejecting asks first; a failure closes the dialog and the request says Error', async () => {
    server.use(
      mockCall(teamRequestCalls.ownerRequests, { items: [request], count: 1 }),
      mockCall(
        teamRequestCalls.rejectOwnerRequest,
        () =>
          new Response(JSON.stringify({ code: 'internal_error', message: 'x', data: { status: 500 } }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    )
    signedInAs(buildAccount([ownerTeam], { role: 'admin' }), { teamId: 10, groupId: 10 })
    const { user } = renderApp('/team/owner-requests')
    await user.click(await screen.findByRole('button', { name: 'Reject Paul Pastor' }, { timeout: 15000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject owner request' })
    expect(within(dialog).getByText(/their role stays as it is/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(screen.getByRole('listitem')).getByRole('alert')).toHaveTextContent('Error')
  }, 30_000)

  it('D3-2.4-08 D3-6-20 a non-admin sees the not-allowed screen', async () => {
    signedInAs(buildAccount([ownerTeam]), { teamId: 10, groupId: 10 })
    renderApp('/team/owner-requests')
    expect(await screen.findByText('You do not have permission to see these requests.', {}, { timeout: 15000 })).toBeInTheDocument()
  }, 30_000)
})
