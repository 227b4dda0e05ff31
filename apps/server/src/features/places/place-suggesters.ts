import { createHash } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { likePattern, mapDefaultCentre, type PlaceSuggestion } from '@crm/domain'
import type { Executor } from '../../db/client'
import { people, teamContacts, teams } from '../../db/schema/index'
import { readableContactTeams } from '../../platform/access'
import type { Deps } from '../../platform/deps'

export interface PlaceQuery {
  search: string
  /** ISO 3166 alpha-2; without it Australian places come first. */
  countryCode?: string | undefined
  locale?: string | undefined
  limit: number
  /** The caller: stored addresses are limited to what they could already see. */
  personId: number
}

/** Where address suggestions come from: stored addresses, or a geocoding service. */
export interface PlaceSuggester {
  suggest(query: PlaceQuery): Promise<PlaceSuggestion[]>
}

const preferredCountry = 'AU'
const timeoutMs = 3000

/** Australian places first, keeping each group's own order. */
function australiaFirst(items: PlaceSuggestion[]): PlaceSuggestion[] {
  const au = items.filter((item) => item.address_country === preferredCountry)
  return [...au, ...items.filter((item) => item.address_country !== preferredCountry)]
}

/** A stored address's id: the same address always has the same id. */
export function storedPlaceId(title: string): string {
  return `stored:${createHash('sha256').update(title.trim().toLowerCase()).digest('hex').slice(0, 24)}`
}

interface AddressRow {
  address_formatted: string | null
  address_street: string | null
  address_city: string | null
  address_state: string | null
  address_postcode: string | null
  address_country: string | null
  address_lat: number | null
  address_lng: number | null
}

function titleOf(row: AddressRow): string {
  if (row.address_formatted) return row.address_formatted
  const locality = [row.address_city, row.address_state, row.address_postcode].filter(Boolean).join(' ')
  return [row.address_street, locality].filter(Boolean).join(', ')
}

/**
 * The offline default: addresses already stored that match the search — church and
 * conference addresses, the caller's own, and those of contacts in teams where the caller
 * reads every contact. Never another team's contacts: an address is personal data.
 */
export function storedPlaceSuggester(db: Executor): PlaceSuggester {
  return {
    async suggest(query) {
      const pattern = likePattern(query.search.trim())
      const matches = (table: typeof people | typeof teams): SQL =>
        sql`(${table.address_formatted} ilike ${pattern} or ${table.address_street} ilike ${pattern} or ${table.address_city} ilike ${pattern})`
      const country = query.countryCode ? sql`and upper(address_country) = ${query.countryCode.toUpperCase()}` : sql``
      const columns = (table: typeof people | typeof teams) =>
        sql`${table.address_formatted} as address_formatted, ${table.address_street} as address_street, ${table.address_city} as address_city,
            ${table.address_state} as address_state, ${table.address_postcode} as address_postcode, upper(${table.address_country}) as address_country,
            ${table.address_lat} as address_lat, ${table.address_lng} as address_lng`
      const result = await db.execute(sql`
        with readable as (${readableContactTeams(db, query.personId)}), found as (
          (select ${columns(teams)}, 0 as source from ${teams} where ${matches(teams)} limit 100)
          union all
          (select ${columns(people)}, 1 from ${people} where ${people.id} = ${query.personId} and ${matches(people)})
          union all
          (select ${columns(people)}, 2 from ${people}
           join ${teamContacts} on ${teamContacts.person_id} = ${people.id}
           where ${teamContacts.team_id} in (select team_id from readable) and ${matches(people)} limit 200)
        )
        select * from found where coalesce(address_formatted, address_street, address_city) is not null ${country}
        order by (address_country = ${preferredCountry}) desc nulls last, source`)
      const rows = (result as unknown as { rows: AddressRow[] }).rows
      const seen = new Set<string>()
      const items: PlaceSuggestion[] = []
      for (const row of rows) {
        const title = titleOf(row)
        const key = title.trim().toLowerCase()
        if (!key || seen.has(key)) continue
        seen.add(key)
        items.push({
          place_id: storedPlaceId(title),
          title,
          address_street: row.address_street,
          address_city: row.address_city,
          address_state: row.address_state,
          address_postcode: row.address_postcode,
          address_country: row.address_country,
          address_lat: row.address_lat === null ? null : Number(row.address_lat),
          address_lng: row.address_lng === null ? null : Number(row.address_lng),
        })
        if (items.length >= query.limit) break
      }
      return items
    },
  }
}

// ---------------------------------------------------------------------------------------
// A geocoding service over HTTP: Nominatim (/search, JSON list) or Photon (/api, GeoJSON).

type Json = Record<string, unknown>

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null
}

function num(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isFinite(n) ? n : null
}

function joined(...parts: Array<string | null>): string | null {
  const text = parts.filter(Boolean).join(' ')
  return text || null
}

/** A Nominatim result (format=jsonv2, addressdetails=1). */
function fromNominatim(item: Json): PlaceSuggestion | null {
  const address = (item.address ?? {}) as Json
  const country = str(address.country_code)?.toUpperCase() ?? null
  const osmType = str(item.osm_type)
  const osmId = str(item.osm_id)
  const id = osmType && osmId ? `osm:${osmType[0]!.toUpperCase()}${osmId}` : str(item.place_id) ? `nominatim:${str(item.place_id)}` : null
  const title = str(item.display_name)
  if (!id || !title) return null
  // Australian addresses name the suburb and the state's abbreviation (AU-NSW → NSW).
  const isoState = str(address['ISO3166-2-lvl4'])
  const locality =
    country === 'AU'
      ? (str(address.suburb) ?? str(address.town) ?? str(address.village) ?? str(address.city) ?? str(address.hamlet))
      : (str(address.city) ?? str(address.town) ?? str(address.village) ?? str(address.suburb) ?? str(address.hamlet))
  return {
    place_id: id,
    title,
    address_street: joined(str(address.house_number), str(address.road)),
    address_city: locality,
    address_state: country === 'AU' && isoState?.startsWith('AU-') ? isoState.slice(3) : str(address.state),
    address_postcode: str(address.postcode),
    address_country: country,
    address_lat: num(item.lat),
    address_lng: num(item.lon),
  }
}

/** A Photon feature (GeoJSON). */
function fromPhoton(feature: Json): PlaceSuggestion | null {
  const properties = (feature.properties ?? {}) as Json
  const coordinates = ((feature.geometry ?? {}) as Json).coordinates
  const [lng, lat] = Array.isArray(coordinates) ? coordinates : []
  const osmType = str(properties.osm_type)
  const osmId = str(properties.osm_id)
  if (!osmType || !osmId) return null
  const street = joined(str(properties.housenumber), str(properties.street))
  const city = str(properties.city) ?? str(properties.district) ?? str(properties.locality)
  const name = str(properties.name)
  const title = [name && name !== street ? name : null, street, joined(city, str(properties.state), str(properties.postcode)), str(properties.country)]
    .filter(Boolean)
    .join(', ')
  if (!title) return null
  return {
    place_id: `osm:${osmType[0]!.toUpperCase()}${osmId}`,
    title,
    address_street: street,
    address_city: city,
    address_state: str(properties.state),
    address_postcode: str(properties.postcode),
    address_country: str(properties.countrycode)?.toUpperCase() ?? null,
    address_lat: num(lat),
    address_lng: num(lng),
  }
}

// Australia's extent (lon/lat): Nominatim prefers results inside it without excluding others.
const australiaViewbox = '112.9,-9.1,159.3,-54.8'

/** Asks a Nominatim- or Photon-compatible search service, with a time-out. */
export function httpPlaceSuggester(baseUrl: string, options: { userAgent: string; timeoutMs?: number }): PlaceSuggester {
  return {
    async suggest(query) {
      const url = new URL(baseUrl)
      const isPhoton = /\/api\/?$/.test(url.pathname)
      const country = query.countryCode?.toUpperCase()
      const language = query.locale ?? 'en'
      url.searchParams.set('q', query.search)
      url.searchParams.set('limit', String(query.limit))
      if (isPhoton) {
        // Photon knows few languages; it biases by a point rather than a country.
        url.searchParams.set('lang', ['en', 'de', 'fr', 'it'].includes(language) ? language : 'en')
        if (!country) {
          url.searchParams.set('lat', String(mapDefaultCentre.lat))
          url.searchParams.set('lon', String(mapDefaultCentre.lng))
        }
      } else {
        url.searchParams.set('format', 'jsonv2')
        url.searchParams.set('addressdetails', '1')
        url.searchParams.set('accept-language', language)
        if (country) url.searchParams.set('countrycodes', country.toLowerCase())
        else {
          url.searchParams.set('viewbox', australiaViewbox)
          url.searchParams.set('bounded', '0')
        }
      }
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': options.userAgent },
        signal: AbortSignal.timeout(options.timeoutMs ?? timeoutMs),
      })
      if (!response.ok) throw new Error(`place search answered HTTP ${response.status}`)
      const body = (await response.json()) as unknown
      const found = Array.isArray(body)
        ? body.map((item) => fromNominatim(item as Json))
        : Array.isArray((body as Json | null)?.features)
          ? ((body as Json).features as Json[]).map(fromPhoton)
          : []
      const items = found.filter((item): item is PlaceSuggestion => item !== null)
      const inCountry = country ? items.filter((item) => item.address_country === country) : australiaFirst(items)
      return inCountry.slice(0, query.limit)
    },
  }
}

/**
 * The suggester the configuration chooses: PLACES_URL's service, falling back to the
 * stored addresses when it fails or is slow; the stored addresses alone without it.
 */
export function createPlaceSuggester(deps: Pick<Deps, 'db' | 'config' | 'log'>): PlaceSuggester {
  const stored = storedPlaceSuggester(deps.db)
  const url = deps.config.placesUrl
  if (!url) return stored
  const remote = httpPlaceSuggester(url, { userAgent: `${deps.config.siteName} (${deps.config.publicUrl})` })
  return {
    async suggest(query) {
      try {
        return await remote.suggest(query)
      } catch (error) {
        deps.log.warn({ err: error }, 'place search failed; suggesting stored addresses')
        return stored.suggest(query)
      }
    },
  }
}
