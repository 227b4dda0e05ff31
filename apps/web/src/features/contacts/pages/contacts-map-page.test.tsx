import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { contactMapCalls, mapPageSize, type MapMarker } from '@crm/domain'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp, renderWithProviders } from '../../../test/render'
import { ContactsHeader } from '../components/contacts-header'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })
const ana: MapMarker = { id: 5, name: 'Ana Lopez', address_lat: -33.87, address_lng: 151.2 }
const ben: MapMarker = { id: 6, name: 'Ben Ng', address_lat: -33.87, address_lng: 151.21 }

// jsdom lays nothing out: Leaflet reads the map's size from clientWidth and clientHeight.
const sizes = ['clientWidth', 'clientHeight'] as const
const own = sizes.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name))
beforeEach(() => {
  for (const name of sizes) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => (name === 'clientWidth' ? 800 : 400) })
})
afterEach(() => {
  sizes.forEach((name, index) => {
    const descriptor = own[index]
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name]
  })
})

describe('/contacts/map (spec 1 §2.9)', () => {
  it('D1-2.9-01: shows a marker per contact with coordinates, each linking to the contact', async () => {
    server.use(mockCall(contactMapCalls.contactsForMap, { items: [ana, ben], has_more: false }))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const { user } = renderApp('/contacts/map')
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts map' })).toBeInTheDocument()
    expect(await screen.findByText('2 contacts on the map')).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Map of the contacts of Grace Church' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Ben Ng' })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Ana Lopez' }))
    expect(await screen.findByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', '/contacts/view/5')
  })

  it("reads every page and asks with the contacts list's search and filters from the URL", async () => {
    const asked: Array<Record<string, string>> = []
    const full = Array.from({ length: mapPageSize }, (_, n): MapMarker => ({
      id: 100 + n,
      name: `Contact ${n}`,
      address_lat: -33.8 - n / 10_000,
      address_lng: 151,
    }))
    server.use(
      mockCall(contactMapCalls.contactsForMap, ({ input }) => {
        asked.push(input as unknown as Record<string, string>)
        return input.page === '1' ? { items: full, has_more: true } : { items: [ana], has_more: false }
      }),
    )
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/contacts/map?member_status=member&search=ana&assigned_page=3')
    expect(await screen.findByText('1,001 contacts on the map')).toBeInTheDocument()
    expect(screen.getByText("The contacts list's search and filters apply.")).toBeInTheDocument()
    expect(asked).toEqual([
      { team_id: '10', group_id: '10', member_status: 'member', search: 'ana', page: '1' },
      { team_id: '10', group_id: '10', member_status: 'member', search: 'ana', page: '2' },
    ])
    expect(screen.getByRole('link', { name: 'Back to contacts' })).toHaveAttribute('href', '/contacts?member_status=member&search=ana')
  })

  it('says why the map could not load', async () => {
    server.use(mockCall(contactMapCalls.contactsForMap, apiError('forbidden', 403)))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/contacts/map')
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(alert.textContent).not.toBe(''))
    expect(screen.queryByRole('region', { name: /^Map of/ })).not.toBeInTheDocument()
  })

  it("is linked from the contacts list's header with the list's search and filters, for readers of the group's contacts", () => {
    const leaders = buildGroup({ id: 10, title: 'Grace Church', user_role: 'leader' })
    renderWithProviders(<ContactsHeader group={leaders} isPublicGroup={false} />, '/contacts?search=ana&gender=female')
    expect(screen.getByRole('link', { name: 'Contacts map' })).toHaveAttribute('href', '/contacts/map?search=ana&gender=female')
  })

  it('D2-6-03: no link without read_contact', () => {
    const members = buildGroup({ id: 10, title: 'Grace Church', user_role: 'member' })
    renderWithProviders(<ContactsHeader group={members} isPublicGroup={false} />, '/contacts')
    expect(screen.queryByRole('link', { name: 'Contacts map' })).not.toBeInTheDocument()
  })
})
