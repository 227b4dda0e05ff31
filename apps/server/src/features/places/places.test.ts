import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { people, teams } from '../../db/schema/index'
import { storedPlaceId } from './place-suggesters'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { buildContact } from '../../../test/contacts'

const address = (street: string, city = 'Ashfield', postcode = '2131', lat = -33.8889, lng = 151.1248) => ({
  address_formatted: `${street}, ${city} NSW ${postcode}, Australia`,
  address_street: street,
  address_city: city,
  address_state: 'NSW',
  address_postcode: postcode,
  address_country: 'AU',
  address_lat: lat,
  address_lng: lng,
})

function places(t: TestApp, person: TestPerson | null, query: Record<string, string>) {
  return t.call({ method: 'GET', url: `/api/v1/place-suggestions?${new URLSearchParams(query)}`, ...(person ? { token: person.token } : {}) })
}

async function titles(t: TestApp, person: TestPerson, query: Record<string, string>) {
  const response = await places(t, person, query)
  expect(response.statusCode, response.body).toBe(200)
  return body(response).items.map((item: { title: string }) => item.title) as string[]
}

describe('GET /api/v1/place-suggestions from stored addresses (no PLACES_URL)', () => {
  let t: TestApp
  let leader: TestPerson
  let member: TestPerson
  beforeAll(async () => {
    t = await createTestApp()
    const church = await buildTeam(t, { title: 'Hope Street Church' })
    await t.db.update(teams).set(address('12 Hope Street')).where(eq(teams.id, church))
    leader = await buildPerson(t)
    member = await buildPerson(t)
    await addMember(t, leader.id, church, 'leader')
    await addMember(t, member.id, church, 'member')
    await t.db
      .update(people)
      .set(address('2 Hope Street Lane', 'Croydon', '2132'))
      .where(eq(people.id, member.id))
    await buildContact(t, { teamId: church, ...address('14 Hope Street') })
    await buildContact(t, { teamId: church, ...address('14 Hope Street') })
    await buildContact(t, {
      teamId: church,
      address_formatted: '1 Hope Street, Auckland 1010, New Zealand',
      address_street: '1 Hope Street',
      address_city: 'Auckland',
      address_country: 'NZ',
    })
    await buildContact(t, {
      teamId: church,
      address_street: '9 Hope Street',
      address_city: 'Ashfield',
      address_state: 'NSW',
      address_postcode: '2131',
      address_country: 'AU',
    })
    const other = await buildTeam(t)
    await buildContact(t, { teamId: other, ...address('16 Hope Street') })
  })
  afterAll(async () => t.close())

  it("suggests church addresses and the addresses of the caller's contacts, Australian first, each once", async () => {
    const response = await places(t, leader, { search: 'hope street' })
    const { items } = body(response)
    const found = items.map((item: { title: string }) => item.title)
    expect(found).toEqual(
      expect.arrayContaining([
        '12 Hope Street, Ashfield NSW 2131, Australia',
        '14 Hope Street, Ashfield NSW 2131, Australia',
        '9 Hope Street, Ashfield NSW 2131',
        '1 Hope Street, Auckland 1010, New Zealand',
      ]),
    )
    expect(found).toHaveLength(4)
    expect(found.at(-1)).toBe('1 Hope Street, Auckland 1010, New Zealand')
    // Another team's contact's address is never suggested.
    expect(found.join()).not.toContain('16 Hope Street')
    const fourteen = items.find((item: { title: string }) => item.title.startsWith('14 '))
    expect(fourteen).toEqual({
      place_id: storedPlaceId('14 Hope Street, Ashfield NSW 2131, Australia'),
      title: '14 Hope Street, Ashfield NSW 2131, Australia',
      address_street: '14 Hope Street',
      address_city: 'Ashfield',
      address_state: 'NSW',
      address_postcode: '2131',
      address_country: 'AU',
      address_lat: -33.8889,
      address_lng: 151.1248,
    })
    // The same address has the same id on every call.
    const again = body(await places(t, leader, { search: '14 hope' })).items
    expect(again[0].place_id).toBe(fourteen.place_id)
  })

  it('keeps to the country asked for', async () => {
    expect(await titles(t, leader, { search: 'hope street', country_code: 'NZ' })).toEqual(['1 Hope Street, Auckland 1010, New Zealand'])
  })

  it('offers a member without read_contact only church addresses and their own', async () => {
    expect((await titles(t, member, { search: 'hope street' })).sort()).toEqual([
      '12 Hope Street, Ashfield NSW 2131, Australia',
      '2 Hope Street Lane, Croydon NSW 2132, Australia',
    ])
  })

  it("offers an entity admin the conference's churches' contact addresses, and a pending member none", async () => {
    const conference = await buildTeam(t, { kind: 'conference' })
    const church = await buildTeam(t, { parentId: conference })
    await buildContact(t, { teamId: church, ...address('30 Grace Road') })
    const entityAdmin = await buildPerson(t)
    const pending = await buildPerson(t)
    await addMember(t, entityAdmin.id, conference, 'entity_admin')
    await addMember(t, pending.id, church, 'member_request')
    expect(await titles(t, entityAdmin, { search: 'grace road' })).toEqual(['30 Grace Road, Ashfield NSW 2131, Australia'])
    expect(await titles(t, pending, { search: 'grace road' })).toEqual([])
  })

  it('refuses a search or a country code too long: 400 naming the field', async () => {
    for (const [query, field] of [
      [{ search: 'hope street '.repeat(20) }, 'search'],
      [{ search: 'hope street', country_code: 'AUS' }, 'country_code'],
      [{ search: 'hope street', session_token: 'x'.repeat(101) }, 'session_token'],
    ] as const) {
      const response = await places(t, leader, query)
      expect(response.statusCode, field).toBe(400)
      expect(body(response)).toMatchObject({ code: 'invalid_request', data: { errors: { [field]: expect.any(String) } } })
    }
  })

  it('answers nothing to a search shorter than 3 characters, and 401 without a session', async () => {
    expect(body(await places(t, leader, { search: 'ho' }))).toEqual({ items: [] })
    expect((await places(t, null, { search: 'hope' })).statusCode).toBe(401)
  })
})

describe('GET /api/v1/place-suggestions with PLACES_URL', () => {
  let server: Server
  let base: string
  const requests: URL[] = []
  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url!, 'http://localhost')
      requests.push(url)
      const send = (status: number, data: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data))
      if (url.pathname === '/search') {
        send(200, [
          {
            place_id: 2001,
            osm_type: 'way',
            osm_id: 555,
            display_name: 'Hope Street, Wellington, New Zealand',
            lat: '-41.29',
            lon: '174.77',
            address: { road: 'Hope Street', city: 'Wellington', postcode: '6011', country_code: 'nz' },
          },
          {
            place_id: 1001,
            osm_type: 'node',
            osm_id: 12345,
            display_name: '12, Hope Street, Ashfield, Sydney, Inner West Council, New South Wales, 2131, Australia',
            lat: '-33.8889',
            lon: '151.1248',
            address: {
              house_number: '12',
              road: 'Hope Street',
              suburb: 'Ashfield',
              city: 'Sydney',
              state: 'New South Wales',
              'ISO3166-2-lvl4': 'AU-NSW',
              postcode: '2131',
              country_code: 'au',
            },
          },
        ])
      } else if (url.pathname === '/api') {
        send(200, {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [151.0011, -33.8151] },
              properties: {
                osm_type: 'N',
                osm_id: 777,
                housenumber: '48',
                street: 'River Road',
                city: 'Parramatta',
                state: 'New South Wales',
                postcode: '2150',
                country: 'Australia',
                countrycode: 'AU',
              },
            },
          ],
        })
      } else if (url.pathname === '/slow') {
        setTimeout(() => send(200, []), 5000)
      } else send(500, { error: 'down' })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  async function appWith(path: string) {
    const t = await createTestApp({ placesUrl: `${base}${path}` })
    const person = await buildPerson(t)
    return { t, person }
  }

  it('asks a Nominatim service, prefers Australia, and maps its answer', async () => {
    const { t, person } = await appWith('/search')
    try {
      const response = await places(t, person, { search: '12 Hope St' })
      expect(response.statusCode).toBe(200)
      expect(body(response).items).toEqual([
        {
          place_id: 'osm:N12345',
          title: '12, Hope Street, Ashfield, Sydney, Inner West Council, New South Wales, 2131, Australia',
          address_street: '12 Hope Street',
          address_city: 'Ashfield',
          address_state: 'NSW',
          address_postcode: '2131',
          address_country: 'AU',
          address_lat: -33.8889,
          address_lng: 151.1248,
        },
        {
          place_id: 'osm:W555',
          title: 'Hope Street, Wellington, New Zealand',
          address_street: 'Hope Street',
          address_city: 'Wellington',
          address_state: null,
          address_postcode: '6011',
          address_country: 'NZ',
          address_lat: -41.29,
          address_lng: 174.77,
        },
      ])
      const asked = requests.at(-1)!
      expect(Object.fromEntries(asked.searchParams)).toMatchObject({
        q: '12 Hope St',
        format: 'jsonv2',
        addressdetails: '1',
        viewbox: expect.any(String),
        bounded: '0',
      })

      const inNz = body(await places(t, person, { search: 'hope street', country_code: 'NZ', locale: 'es' })).items
      expect(inNz.map((item: { place_id: string }) => item.place_id)).toEqual(['osm:W555'])
      expect(requests.at(-1)!.searchParams.get('countrycodes')).toBe('nz')
      expect(requests.at(-1)!.searchParams.get('accept-language')).toBe('es')
    } finally {
      await t.close()
    }
  })

  it('reads a Photon service (a URL ending in /api)', async () => {
    const { t, person } = await appWith('/api')
    try {
      expect(body(await places(t, person, { search: '48 River' })).items).toEqual([
        {
          place_id: 'osm:N777',
          title: '48 River Road, Parramatta New South Wales 2150, Australia',
          address_street: '48 River Road',
          address_city: 'Parramatta',
          address_state: 'New South Wales',
          address_postcode: '2150',
          address_country: 'AU',
          address_lat: -33.8151,
          address_lng: 151.0011,
        },
      ])
      expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({ q: '48 River', lang: 'en', lat: expect.any(String), lon: expect.any(String) })
    } finally {
      await t.close()
    }
  })

  it('falls back to the stored addresses when the service fails or is slow', async () => {
    for (const path of ['/broken', '/slow']) {
      const { t, person } = await appWith(path)
      try {
        const church = await buildTeam(t)
        await t.db.update(teams).set(address('12 Hope Street')).where(eq(teams.id, church))
        const response = await places(t, person, { search: 'hope' })
        expect(response.statusCode, path).toBe(200)
        expect(body(response).items.map((item: { title: string }) => item.title)).toEqual(['12 Hope Street, Ashfield NSW 2131, Australia'])
      } finally {
        await t.close()
      }
    }
  })
})
