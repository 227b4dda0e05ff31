import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { mapDefaultCentre, mapZoom } from '@crm/domain'
import L from 'leaflet'
import 'leaflet.markercluster'
import { renderWithProviders } from '../test/render'
import { initialView, MapView, type MapPoint } from './map-view'

const ann: MapPoint = { id: 1, lat: -33.87, lng: 151.2, title: 'Ann Baker', href: '/contacts/view/1' }
const ben: MapPoint = { id: 2, lat: -33.91, lng: 151.25, title: 'Ben Cole', href: '/contacts/view/2' }

describe('initialView (spec 1 §2.9 zoom rules)', () => {
  it('D1-2.9-02, D1-2.9-03: with nothing to fit, zoom 15 at the default centre in the Sydney region', () => {
    expect(initialView([], 'fit')).toEqual({ kind: 'centre', centre: mapDefaultCentre, zoom: 15 })
    expect(mapDefaultCentre.lat).toBeCloseTo(-33.8, 0)
    expect(mapDefaultCentre.lng).toBeCloseTo(151, 0)
  })

  it('D1-2.9-02: fits the markers at zoom 21 at most', () => {
    expect(initialView([ann], 'fit')).toEqual({
      kind: 'fit',
      bounds: [
        [-33.87, 151.2],
        [-33.87, 151.2],
      ],
      maxZoom: 21,
    })
    expect(initialView([ann, ben], 'fit')).toEqual({
      kind: 'fit',
      bounds: [
        [-33.91, 151.2],
        [-33.87, 151.25],
      ],
      maxZoom: 21,
    })
  })

  it('D1-2.9-02, D2-9-15: the dashboard map opens at zoom 9 around the markers, or the default centre', () => {
    expect(initialView([ann, ben], mapZoom.dashboard)).toEqual({ kind: 'centre', centre: { lat: -33.89, lng: 151.225 }, zoom: 9 })
    expect(initialView([], mapZoom.dashboard)).toEqual({ kind: 'centre', centre: mapDefaultCentre, zoom: 9 })
    expect(mapZoom).toEqual({ default: 15, fitMax: 21, selected: 17, locate: 12, dashboard: 9 })
  })
})

describe('MapView', () => {
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

  it('shows a labelled region with a marker per point, without tiles, and a popup linking to the contact', async () => {
    const { container, user, router } = renderWithProviders(<MapView points={[ann, ben]} label="Map of the contacts" />, '/contacts/map')
    expect(screen.getByRole('region', { name: 'Map of the contacts' })).toBeInTheDocument()
    // The fitted zoom keeps the two apart: a marker each (local images: no tile is needed).
    const marker = await screen.findByRole('button', { name: 'Ann Baker' })
    expect(screen.getByRole('button', { name: 'Ben Cole' })).toBeInTheDocument()
    await user.click(marker)
    const link = await screen.findByRole('link', { name: 'Ann Baker' })
    expect(link).toHaveAttribute('href', '/contacts/view/1')
    // By keyboard: two jsdom clicks within 200 ms look like a double tap to Leaflet, which then
    // zooms around a point jsdom cannot place (a browser's mouse clicks say pointerType 'mouse').
    link.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/1'))
    expect(container.querySelector('.leaflet-control-attribution')).toHaveTextContent('© OpenStreetMap contributors')
  })

  it('D1-2.9-02: selecting a marker zooms to 17; Locate me goes to the position at 12', async () => {
    const found = vi.fn((done: PositionCallback) => done({ coords: { latitude: -33.7, longitude: 151.1 } } as GeolocationPosition))
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition: found } }))
    try {
      const { container, user } = renderWithProviders(<MapView points={[ann, ben]} label="Map" locate />)
      const map = () => container.querySelector<HTMLElement>('.leaflet-container')!
      await user.click(await screen.findByRole('button', { name: 'Ann Baker' }))
      await waitFor(() => expect(map().dataset.zoom).toBe(String(mapZoom.selected)))
      await user.click(screen.getByRole('button', { name: 'Locate me' }))
      await waitFor(() => expect(map().dataset.zoom).toBe(String(mapZoom.locate)))
      expect(found).toHaveBeenCalledOnce()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('gives a point without a link its title alone (a minor the caller may not see)', async () => {
    const child: MapPoint = { id: 3, lat: -33.87, lng: 151.21, title: 'Contact under 18', href: null }
    const { user } = renderWithProviders(<MapView points={[child]} label="Map" />)
    await user.click(await screen.findByRole('button', { name: 'Contact under 18' }))
    expect(await screen.findByText('Contact under 18', { selector: '.leaflet-popup-content div' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Contact under 18' })).not.toBeInTheDocument()
  })

  it('gathers many close markers into clusters', async () => {
    const many = Array.from({ length: 200 }, (_, n): MapPoint => ({
      id: n,
      lat: -33.8 - (n % 20) / 50,
      lng: 151 + Math.floor(n / 20) / 50,
      title: `Contact ${n}`,
      href: null,
    }))
    const { container } = renderWithProviders(<MapView points={many} label="Map" opening={mapZoom.dashboard} />)
    await waitFor(() => expect(container.querySelectorAll('.marker-cluster').length).toBeGreaterThan(0))
    expect(container.querySelectorAll('.leaflet-marker-icon:not(.marker-cluster)').length).toBeLessThan(200)
  })

  it('adds many markers to the clusters in batches, and adds no more once the map is left', async () => {
    const many = Array.from({ length: 450 }, (_, n): MapPoint => ({
      id: n,
      lat: -33.8 - (n % 30) / 50,
      lng: 151 + Math.floor(n / 30) / 50,
      title: `Contact ${n}`,
      href: null,
    }))
    const addLayers = vi.spyOn(L.MarkerClusterGroup.prototype, 'addLayers')
    // The batches of markers (the library also adds its own empty list as it joins the map).
    const batches = () => addLayers.mock.calls.map(([layers]) => (layers as unknown[]).length).filter((size) => size > 0)
    try {
      const shown = renderWithProviders(<MapView points={many} label="Map" opening={mapZoom.dashboard} />)
      await waitFor(() => expect(batches()).toEqual([200, 200, 50]))
      await waitFor(() => expect(shown.container.querySelectorAll('.marker-cluster').length).toBeGreaterThan(0))
      shown.unmount()

      addLayers.mockClear()
      // The first batch joins as the map renders; the page is left before the next task.
      const left = renderWithProviders(<MapView points={many} label="Map" opening={mapZoom.dashboard} />)
      expect(batches()).toEqual([200])
      left.unmount()
      // The batches still to come are dropped, not run against a map that is gone.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(batches()).toEqual([200])
    } finally {
      addLayers.mockRestore()
    }
  })

  it("offers 'Locate me' where the browser can tell the position, and says when it cannot", async () => {
    const refuse = vi.fn((_found: PositionCallback, failed?: PositionErrorCallback | null) =>
      failed?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    )
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition: refuse } }))
    try {
      const { user } = renderWithProviders(<MapView points={[]} label="Map" locate />)
      await user.click(await screen.findByRole('button', { name: 'Locate me' }))
      expect(refuse).toHaveBeenCalled()
      expect(await screen.findByRole('alert')).toHaveTextContent('Your location is not available')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
