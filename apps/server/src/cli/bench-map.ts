import { sql } from 'drizzle-orm'
import type { MapMarker } from '@crm/domain'
import type { Db } from '../db/client'
import { createAccount } from '../features/auth/signup.service'
import { hashPassword } from '../platform/passwords'
import { nameWordsSql } from '../platform/read-model'
import { browserGet, measure, rowsOf, type RecordResult } from './bench-measure'

// The contacts map (issue 16 item 3), a section of `npm run bench` (BENCH_MAP=0 leaves it
// out): a church of its own with 20,000 contacts that all have coordinates around Sydney,
// a few in ten of them minors; contacts-for-map page 1 (1,000 markers) and the last page as
// the church's owner and as a leader under the child gate, over HTTP. Target on PostgreSQL:
// page 1 p95 ≤ 80 ms.

export const mapOn = process.env.BENCH_MAP !== '0'
/** Sequential requests per call (BENCH_ROUNDS, else 100). */
const rounds = Number(process.env.BENCH_ROUNDS ?? 100)
/** Geocoded contacts in the church (BENCH_MAP_CONTACTS, 20,000). */
const mapContacts = Number(process.env.BENCH_MAP_CONTACTS ?? 20_000)

export interface MapSeed {
  churchId: number
  ownerEmail: string
  gatedEmail: string
  contacts: number
  seconds: number
}

/** The church, its owner, a leader without the child checks, and the geocoded contacts (generate_series). */
export async function seedMap(db: Db, options: { password: string }): Promise<MapSeed> {
  const started = performance.now()
  const hash = await hashPassword(options.password)
  const now = new Date()
  const ownerEmail = 'map-owner@bench.test'
  const gatedEmail = 'map-gated-leader@bench.test'
  const ownerId = await createAccount(db, now, { firstName: 'Map', lastName: 'Owner', email: ownerEmail, password: options.password, verified: true }, hash)
  const gatedId = await createAccount(db, now, { firstName: 'Map', lastName: 'Leader', email: gatedEmail, password: options.password, verified: true }, hash)
  const [church] = rowsOf<{ id: number }>(await db.execute(sql`insert into teams (kind, title) values ('team', 'Map Church') returning id`))
  const churchId = church!.id
  await db.execute(
    sql`insert into memberships (person_id, team_id, role) values (${ownerId}::int, ${churchId}::int, 'owner'), (${gatedId}::int, ${churchId}::int, 'leader')`,
  )
  // Spread over about 60 km around the city; one in eight born in the last 18 years.
  await db.execute(sql`
    insert into people (first_name, last_name, member_status, address_lat, address_lng, dob_year, dob_month, created_by_id)
    select (array['Anna', 'Ben', 'Chloe', 'Daniel', 'Ella', 'Finn', 'Grace', 'Henry'])[1 + n % 8], 'Mapped ' || n, 'member',
           -33.87 + ((n * 7919) % 1000 - 500) / 1000.0 * 0.5, 151.21 + ((n * 104729) % 1000 - 500) / 1000.0 * 0.6,
           case when n % 8 = 0 then extract(year from now())::int - 1 - n % 17 else 1950 + n % 50 end, 1 + n % 12, ${ownerId}::int
    from generate_series(1, ${mapContacts}::int) n`)
  const words = nameWordsSql(sql`p.first_name`, sql`p.last_name`)
  await db.execute(sql`
    insert into team_contacts (team_id, person_id, is_owner, sort_name, name_words, search_text, member_status)
    select ${churchId}::int, p.id, true, lower(p.first_name || ' ' || p.last_name), ${words}, ${words}, p.member_status
    from people p where p.last_name like 'Mapped %' and p.created_by_id = ${ownerId}::int`)
  await db.execute(sql`analyze people`)
  await db.execute(sql`analyze team_contacts`)
  const [counts] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from team_contacts where team_id = ${churchId}::int`))
  return { churchId, ownerEmail, gatedEmail, contacts: counts!.n, seconds: (performance.now() - started) / 1000 }
}

export async function measureMap({
  base,
  tokenOf,
  seeded,
}: {
  base: string
  tokenOf: (email: string) => Promise<string>
  seeded: MapSeed
}): Promise<RecordResult[]> {
  const out: RecordResult[] = []
  const scope = `team_id=${seeded.churchId}&group_id=${seeded.churchId}`
  const lastPage = Math.max(1, Math.ceil(seeded.contacts / 1000))
  const who = [
    ['the owner', { authorization: `Bearer ${await tokenOf(seeded.ownerEmail)}` }],
    ['a leader under the child gate', { authorization: `Bearer ${await tokenOf(seeded.gatedEmail)}` }],
  ] as const
  for (const [whom, headers] of who) {
    for (const page of [1, lastPage]) {
      const url = `${base}/api/v1/contacts-for-map?${scope}&page=${page}`
      const answer = await fetch(url, { headers })
      if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status} ${await answer.text()}`)
      const { items } = (await answer.json()) as { items: MapMarker[] }
      // The markers carry spec 2 §3.1's coordinate names, as the web reads them.
      if (items.some((marker) => typeof marker.address_lat !== 'number' || typeof marker.address_lng !== 'number')) {
        throw new Error(`${url}: a marker without address_lat/address_lng`)
      }
      const label = `contacts-for-map, page ${page === 1 ? 1 : `${page} (the last)`}, as ${whom}`
      out.push({
        ...(await measure(`${label} — ${items.length.toLocaleString('en')} markers`, rounds, () => browserGet(url, headers))),
        key: `map: ${label}`,
        sqlP50: Number.NaN,
        kind: 'read',
      })
    }
  }
  return out
}

export function printMap(engine: string, seeded: MapSeed, results: RecordResult[]): void {
  console.log(
    `\n${engine}: the contacts map (issue 16), a church of ${seeded.contacts.toLocaleString('en')} geocoded contacts; seeded in ${seeded.seconds.toFixed(1)} s, ${rounds} requests each`,
  )
  console.log('| call | p50 ms | p95 ms |\n|---|---|---|')
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`)
}
