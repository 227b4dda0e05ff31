import 'leaflet/dist/leaflet.css'
import 'leaflet.markercluster/dist/MarkerCluster.css'
import 'leaflet.markercluster/dist/MarkerCluster.Default.css'
import './map-view.css'
import L from 'leaflet'
import 'leaflet.markercluster'
import iconUrl from 'leaflet/dist/images/marker-icon.png'
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png'
import shadowUrl from 'leaflet/dist/images/marker-shadow.png'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, type NavigateFunction } from 'react-router'
import { MapContainer, TileLayer } from 'react-leaflet'
import { Button, Group, Stack, Text } from '@mantine/core'
import { IconCurrentLocation } from '@tabler/icons-react'
import { defaultMapTiles, mapDefaultCentre, mapZoom } from '@crm/domain'
import { useSite } from '../lib/site'

// The one map of the app (DESIGN.md §3): Leaflet with the configured tiles, markers in
// clusters, a popup per marker. Its CSS and Leaflet load with this chunk only; pages that
// show a map load this module lazily. Markers are local images, so they show when the tiles
// cannot load (no internet, a tile server down).

/** A place on the map: the popup shows the title, a link when there is an href. */
export interface MapPoint {
  id: number | string
  lat: number
  lng: number
  title: string
  /** An in-app path the popup links to; null: the title alone. */
  href: string | null
}

export interface LatLng {
  lat: number
  lng: number
}

/**
 * How the map opens: 'fit' shows every point (at most mapZoom.fitMax), a number is the zoom
 * centred on the points. Without points: the centre given, else mapDefaultCentre, at
 * mapZoom.default for 'fit' and at the number otherwise.
 */
export type MapOpening = 'fit' | number

export type MapInitialView = { kind: 'fit'; bounds: [[number, number], [number, number]]; maxZoom: number } | { kind: 'centre'; centre: LatLng; zoom: number }

/** The view a map opens at (spec 1 §2.9 zoom rules). */
export function initialView(points: readonly LatLng[], opening: MapOpening, centre: LatLng = mapDefaultCentre): MapInitialView {
  if (points.length === 0) return { kind: 'centre', centre, zoom: opening === 'fit' ? mapZoom.default : opening }
  let [south, west, north, east] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const { lat, lng } of points) {
    south = Math.min(south, lat)
    north = Math.max(north, lat)
    west = Math.min(west, lng)
    east = Math.max(east, lng)
  }
  if (opening === 'fit')
    return {
      kind: 'fit',
      bounds: [
        [south, west],
        [north, east],
      ],
      maxZoom: mapZoom.fitMax,
    }
  return { kind: 'centre', centre: { lat: (south + north) / 2, lng: (west + east) / 2 }, zoom: opening }
}

// Set explicitly: Leaflet's default icon guesses its image path from the CSS, which a bundler moves.
const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
})

/** Markers cluster from this many on; fewer stand alone (a team's place, a small group). */
const clusterFrom = 20
/** Markers added to the clusters per task. */
const clusterBatch = 200

/** Tile servers allow zoom 19; closer zooms stretch the last tiles (fit may go to 21). */
const nativeTileZoom = 19

/** The attribution is plain text from the configuration; Leaflet shows it as HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The popup: the title, as an in-app link when the point has one (routed without a reload). */
function popupContent(point: MapPoint, navigate: NavigateFunction): HTMLElement {
  const box = document.createElement('div')
  if (!point.href) {
    box.textContent = point.title
    return box
  }
  const link = document.createElement('a')
  link.href = point.href
  link.textContent = point.title
  const href = point.href
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void navigate(href)
  })
  box.append(link)
  return box
}

function applyView(map: L.Map, view: MapInitialView): void {
  if (view.kind === 'fit') map.fitBounds(view.bounds, { maxZoom: view.maxZoom, padding: [24, 24] })
  else map.setView([view.centre.lat, view.centre.lng], view.zoom)
}

export interface MapViewProps {
  points: readonly MapPoint[]
  /** The accessible name of the map's region. */
  label: string
  opening?: MapOpening
  /** The centre without points (default mapDefaultCentre). */
  centre?: LatLng
  /** CSS height of the map (default 400 px). */
  height?: number | string
  /** Offer 'Locate me' (where the browser can tell the position). */
  locate?: boolean
}

/**
 * A map of points (spec 1 §2.9): clustered markers, a popup with the title (a link when the
 * point has one); selecting a marker zooms to mapZoom.selected, 'Locate me' to mapZoom.locate.
 */
export function MapView({ points, label, opening = 'fit', centre, height = 400, locate = false }: MapViewProps) {
  const { t } = useTranslation('map')
  const site = useSite()
  const navigate = useNavigate()
  const [map, setMap] = useState<L.Map | null>(null)
  const [locateError, setLocateError] = useState(false)
  const view = useMemo(() => initialView(points, opening, centre), [points, opening, centre])
  const canLocate = locate && typeof navigator !== 'undefined' && 'geolocation' in navigator

  // The zoom in use, on the map's element: what a test (and a browser's inspector) reads.
  useEffect(() => {
    if (!map) return
    const note = () => {
      map.getContainer().dataset.zoom = String(map.getZoom())
    }
    note()
    map.on('zoomend', note)
    return () => {
      map.off('zoomend', note)
    }
  }, [map])

  // A new set of points (another page of markers, a filter) opens the view again.
  useEffect(() => {
    if (map) applyView(map, view)
  }, [map, view])

  useEffect(() => {
    if (!map) return
    const markers = points.map((point) => {
      const marker = L.marker([point.lat, point.lng], { icon: markerIcon, alt: point.title, title: point.title, keyboard: true })
      marker.bindPopup(() => popupContent(point, navigate))
      marker.on('click', () => map.setView(marker.getLatLng(), mapZoom.selected))
      return marker
    })
    if (markers.length < clusterFrom) {
      const layer = L.layerGroup(markers)
      map.addLayer(layer)
      return () => {
        map.removeLayer(layer)
      }
    }
    // Many markers join the clusters a batch per task, so the page stays responsive. The
    // batches are ours to stop: the cluster library's own chunked loading would go on adding
    // to a map already left (and throw).
    const clusters = L.markerClusterGroup({ showCoverageOnHover: false })
    map.addLayer(clusters)
    let added = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const addBatch = () => {
      clusters.addLayers(markers.slice(added, added + clusterBatch))
      added += clusterBatch
      if (added < markers.length) timer = setTimeout(addBatch, 0)
    }
    addBatch()
    return () => {
      clearTimeout(timer)
      map.removeLayer(clusters)
    }
  }, [map, points, navigate])

  const locateMe = () => {
    setLocateError(false)
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => map?.setView([coords.latitude, coords.longitude], mapZoom.locate),
      () => setLocateError(true),
      { timeout: 10_000 },
    )
  }

  const tilesUrl = site?.map_tiles_url ?? defaultMapTiles.url
  const attribution = escapeHtml(site?.map_tiles_attribution ?? defaultMapTiles.attribution)
  const start =
    view.kind === 'fit'
      ? { bounds: view.bounds, boundsOptions: { maxZoom: view.maxZoom, padding: [24, 24] as [number, number] } }
      : { center: view.centre, zoom: view.zoom }
  return (
    <Stack gap="xs" role="region" aria-label={label}>
      <MapContainer
        ref={setMap}
        {...start}
        maxZoom={mapZoom.fitMax}
        scrollWheelZoom
        style={{ height, width: '100%', background: 'var(--mantine-color-gray-2)', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <TileLayer key={tilesUrl} url={tilesUrl} attribution={attribution} maxZoom={mapZoom.fitMax} maxNativeZoom={nativeTileZoom} />
      </MapContainer>
      {canLocate && (
        <Group gap="sm">
          <Button variant="default" size="xs" leftSection={<IconCurrentLocation size={16} aria-hidden="true" />} onClick={locateMe} disabled={!map}>
            {t('locateMe')}
          </Button>
          {locateError && (
            <Text size="sm" c="red" role="alert">
              {t('locateFailed')}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  )
}
