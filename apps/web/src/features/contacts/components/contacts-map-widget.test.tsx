import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { contactMapCalls, type MapMarker } from '@crm/domain'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const markers: MapMarker[] = [
  { id: 5, name: 'Ana Lopez', address_lat: -33.87, address_lng: 151.2 },
  { id: 6, name: 'Ben Ng', address_lat: -33.9, address_lng: 151.25 },
]

describe("the dashboard's contacts map (spec 1 §2.8, §2.9)", () => {
  it("D1-2.8-07 D1-2.9-01: with the group's read_contact it shows the group's contacts with coordinates", async () => {
    const asked: unknown[] = []
    server.use(mockCall(contactMapCalls.contactsForMap, ({ input }) => (asked.push(input), { items: markers, has_more: false })))
    signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })]), { teamId: 10, groupId: 10 })
    renderApp('/')
    expect(await screen.findByRole('region', { name: 'Contacts map' })).toBeInTheDocument()
    expect(await screen.findByText('2 contacts on the map')).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: "Map of the group's contacts" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open the map' })).toHaveAttribute('href', '/contacts/map')
    expect(asked).toEqual([{ team_id: '10', group_id: '10', page: '1' }])
  })

  it('D1-2.8-07: renders nothing, and asks nothing, without read_contact on the group', async () => {
    let asked = false
    server.use(mockCall(contactMapCalls.contactsForMap, () => ((asked = true), { items: [], has_more: false })))
    // A member reads only the contacts assigned to them: no read_contact.
    signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role: 'member' })]), { teamId: 10, groupId: 10 })
    renderApp('/')
    expect(await screen.findByRole('region', { name: 'Events today' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Contacts map' })).not.toBeInTheDocument()
    expect(asked).toBe(false)
  })

  it('fails silently: hidden when the call fails, the other widgets stay', async () => {
    let asked = false
    server.use(mockCall(contactMapCalls.contactsForMap, () => ((asked = true), apiError('internal_error', 500))))
    const youth = buildGroup({ id: 12, title: 'Youth', user_role: 'leader' })
    signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', groups: [youth] })]), { teamId: 10, groupId: 12 })
    renderApp('/')
    expect(await screen.findByRole('region', { name: 'Events today' })).toBeInTheDocument()
    await waitFor(() => expect(asked).toBe(true))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Contacts map' })).not.toBeInTheDocument())
    expect(screen.queryByText(/contacts on the map/)).not.toBeInTheDocument()
  })
})
