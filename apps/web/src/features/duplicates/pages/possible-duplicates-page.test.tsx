import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls, duplicateCalls, lookupCalls, type PossibleDuplicate } from '@crm/domain'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner' })

const side = (id: number, name: string, more: Partial<PossibleDuplicate['contact']> = {}): PossibleDuplicate['contact'] => ({
  id,
  name,
  email: null,
  phone: null,
  gender: null,
  dob_year: null,
  dob_month: null,
  member_status: null,
  created_at: '2026-03-04T01:00:00.000Z',
  ...more,
})

const annPair: PossibleDuplicate = {
  contact: side(5, 'Ann Baker', { email: 'ann@example.org', gender: 'female', dob_year: 1980, dob_month: 5, member_status: 'member' }),
  other_contact: side(9, 'Anne Baker', { email: 'ann@example.org' }),
  reasons: ['email', 'similar_name'],
}
const tomPair: PossibleDuplicate = {
  contact: side(6, 'Tom Hill', { phone: '+61 412 555 001' }),
  other_contact: side(7, 'Thomas Hill', { phone: '+61 412 555 001' }),
  reasons: ['phone'],
}

describe('/contacts/duplicates (issue 40 §1)', () => {
  it('shows each pair side by side with why it was found, and forgets a pair that is two people', async () => {
    let pairs = [annPair, tomPair]
    const dismissed: unknown[] = []
    server.use(
      mockCall(duplicateCalls.possibleDuplicates, ({ input }) => {
        expect(input).toMatchObject({ team_id: '10', page: '1' })
        return { items: pairs, count: pairs.length, max_pages: 1 }
      }),
      mockCall(lookupCalls.lookups, ({ params }) => ({ items: params.list === 'member-status-types' ? [{ id: 'member', title: 'Church member' }] : [] })),
      mockCall(duplicateCalls.dismissPossibleDuplicate, ({ input }) => {
        dismissed.push(input)
        pairs = pairs.filter((pair) => pair !== annPair)
        return { success: true as const }
      }),
    )
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { user } = renderApp('/contacts/duplicates')

    expect(await screen.findByRole('heading', { level: 1, name: 'Possible duplicates' })).toBeInTheDocument()
    expect(await screen.findByText('2 pairs')).toBeInTheDocument()
    const ann = screen.getByRole('listitem', { name: 'Ann Baker and Anne Baker' })
    expect(within(ann).getByText('Same email')).toBeInTheDocument()
    expect(within(ann).getByText('Similar names')).toBeInTheDocument()
    expect(within(ann).getByRole('link', { name: 'Ann Baker' })).toHaveAttribute('href', '/contacts/view/5')
    expect(within(ann).getByRole('link', { name: 'Anne Baker' })).toHaveAttribute('href', '/contacts/view/9')
    expect(within(ann).getByText('Female · Born May 1980')).toBeInTheDocument()
    // Merge opens the pair's merge page, which chooses the record to keep.
    expect(within(ann).getByRole('link', { name: 'Merge: Ann Baker and Anne Baker' })).toHaveAttribute(
      'href',
      '/contacts/duplicates/merge?contact_id=5&other_contact_id=9',
    )
    expect(within(ann).getAllByText('No phone')).toHaveLength(2)
    // The member status in the reader's words (the lookup list), not its key.
    expect(await within(ann).findByText('Church member')).toBeInTheDocument()
    expect(within(screen.getByRole('listitem', { name: 'Tom Hill and Thomas Hill' })).getByText('Same phone')).toBeInTheDocument()

    await user.click(within(ann).getByRole('button', { name: 'Not the same person: Ann Baker and Anne Baker' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Ann Baker and Anne Baker will not be shown as possible duplicates again.')
    expect(dismissed).toEqual([{ team_id: 10, contact_id: 5, other_contact_id: 9 }])
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ann Baker and Anne Baker' })).not.toBeInTheDocument())
    expect(screen.getByText('1 pair')).toBeInTheDocument()
  })

  it('says so when there is nothing to compare', async () => {
    server.use(mockCall(duplicateCalls.possibleDuplicates, { items: [], count: 0, max_pages: 1 }), mockCall(lookupCalls.lookups, { items: [] }))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/contacts/duplicates')
    expect(await screen.findByText('No possible duplicates. Each record here looks like a person of its own.')).toBeInTheDocument()
  })

  it('is offered on /contacts to an owner, and not to a leader, whom the page refuses', async () => {
    const empty = { items: [], count: 0, max_pages: 1 }
    server.use(mockCall(contactCalls.contacts, empty), mockCall(contactCalls.archivedContacts, empty))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const owner = renderApp('/contacts')
    expect(await screen.findByRole('link', { name: 'Possible duplicates' })).toHaveAttribute('href', '/contacts/duplicates')
    owner.unmount()

    const leaderTeam = buildTeam({ id: 11, title: 'Hope Church', role: 'leader' })
    signedInAs(buildAccount([leaderTeam]), { teamId: 11, groupId: 11 })
    const leader = renderApp('/contacts')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Possible duplicates' })).not.toBeInTheDocument()
    leader.unmount()
    renderApp('/contacts/duplicates')
    expect(await screen.findByText('Not allowed.')).toBeInTheDocument()
  })
})
