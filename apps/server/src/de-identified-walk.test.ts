import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { erasureGraceDays } from '@crm/domain'
import { rowsOf } from './db/client'
import { addMember, createTestApp, type TestApp, type TestPerson } from '../test/harness'
import { get, post } from '../test/contact-factories'
import { buildPersonWithEveryKind, type EveryKind } from '../test/every-kind'
import { carryOutDueErasures } from './features/contact-data/contact-data.jobs'

/**
 * The de-identified walk (issue 40 §2): a contact with a record of every kind is found by
 * every GET route of the app, as the owners of the two churches holding him see them (the
 * control); once he is de-identified, no answer may point at him any more — no nameless row
 * in another contact's relationships or interactions, an event's attendance, a transfer, the
 * activity, a list — except the erasure's own record. His name is gone from every table
 * (contact-de-identify.test.ts); this walk is about what is left of him on the screens.
 */

let t: TestApp
let w: EveryKind
let sharingOwner: TestPerson
const ids = { event: 0, transfer: 0, processedTransfer: 0, userImport: 0 }
const eventDate = '2026-11-01'

beforeAll(async () => {
  t = await createTestApp()
  // An id no other row of the walk has, so an id equal to his is his.
  await t.db.execute(sql`select setval(pg_get_serial_sequence('people', 'id'), 8888886)`)
  w = await buildPersonWithEveryKind(t)
  sharingOwner = w.stranger
  await addMember(t, sharingOwner.id, w.otherChurch, 'owner')
  const [row] = rowsOf<{ event: number; transfer: number; user_import: number }>(
    await t.db.execute(sql`select (select event_id from event_attendance where person_id = ${w.person}) as event,
      (select transfer_id from transfer_contacts where contact_id = ${w.person}) as transfer,
      (select import_id from user_import_rows where person_id = ${w.person}) as user_import`),
  )
  ids.event = row!.event
  ids.transfer = row!.transfer
  ids.userImport = row!.user_import
  // A transfer already carried out that took him along: its page lists who went.
  const [processed] = rowsOf<{ id: number }>(
    await t.db.execute(sql`insert into transfers (from_conference_id, to_conference_id, from_team_id, to_team_id, person_id, date, is_processed)
      select from_conference_id, to_conference_id, from_team_id, to_team_id, person_id, '2026-06-01', true from transfers where id = ${ids.transfer}
      returning id`),
  )
  ids.processedTransfer = processed!.id
  await t.db.execute(sql`insert into transfer_contacts (transfer_id, contact_id, state) values (${ids.processedTransfer}, ${w.person}, 'move')`)
  // The conference's staff see the transfers and imports.
  await addMember(t, w.c.owner.id, w.c.conference, 'entity_admin')
}, 60_000)
afterAll(async () => t.close())

// GET logout ends the walker's session; the erasures list is the record that he was de-identified.
const skipped = new Set(['/api/v1/logout', '/api/v1/contact-erasures'])
const apiGets = () => t.app.routeTable.filter((route) => route.method === 'GET' && route.url.startsWith('/api/v1') && route.access && !skipped.has(route.url))

/** The calls of one route: each id it could take, in each church, and the conference for its lists. */
function callsOf(url: string): Array<{ url: string; query: Record<string, string | number> }> {
  const routeIds = url.includes('event')
    ? [ids.event]
    : url.includes('transfer')
      ? [ids.transfer, ids.processedTransfer]
      : url.includes('user-import')
        ? [ids.userImport]
        : [w.ruth, w.person]
  const paths = url.includes(':id') ? routeIds.map((id) => url.replace(':id', String(id))) : [url]
  const concrete = paths.map((path) =>
    path.replace(':teamId', String(w.c.church)).replace(':type', 'contact').replace(':list', 'interest-types').replace(':slug', 'privacy').replace(':key', 'x'),
  )
  const query = { event_id: ids.event, event_date: eventDate, page: 1, per_page: 100 }
  const variants: Array<Record<string, string | number>> = []
  for (const team of [w.c.church, w.otherChurch, w.c.conference]) {
    for (const user of [w.ruth, w.person]) variants.push({ ...query, team_id: team, group_id: team, user_id: user })
    variants.push({ ...query, team_id: team, group_id: team })
  }
  return concrete.flatMap((path) => variants.map((variant) => ({ url: path.replace('/api/v1/', ''), query: variant })))
}

/** Where an answer points at him: an id field holding his id, in any object of it. */
function pointsAt(answer: unknown, personId: number): boolean {
  const pending: unknown[] = [answer]
  while (pending.length > 0) {
    const current = pending.pop()
    if (Array.isArray(current)) pending.push(...current)
    else if (current && typeof current === 'object') {
      for (const [key, value] of Object.entries(current as Record<string, unknown>)) {
        if (/(^|_)id$/.test(key) && value === personId) return true
        pending.push(value)
      }
    }
  }
  return false
}

async function walk(): Promise<string[]> {
  const found = new Set<string>()
  for (const route of apiGets()) {
    for (const call of callsOf(route.url)) {
      for (const walker of [w.c.owner, sharingOwner]) {
        const response = await get(t, call.url, walker.token, call.query)
        expect(response.statusCode, `GET ${call.url} ${JSON.stringify(call.query)} ${response.body}`).toBeLessThan(500)
        if (response.headers['content-type']?.toString().includes('application/json') !== true) continue
        if (pointsAt(response.json(), w.person)) found.add(`GET ${call.url.replace(String(w.person), '{him}')} in ${call.query['team_id']}`)
      }
    }
  }
  return [...found].sort()
}

describe('the de-identified walk', () => {
  it('finds him on every screen before, and nowhere after he is de-identified', async () => {
    const before = await walk()
    const where = (path: string) => before.some((place) => place.startsWith(`GET ${path} `))
    for (const path of [
      'contacts',
      'contact/{him}',
      `contact-relationships/${w.ruth}`,
      `contact-interactions/${w.ruth}`,
      `event-attendance/${ids.event}`,
      'notifications',
    ]) {
      expect(where(path), `${path} in ${before.join('\n')}`).toBe(true)
    }

    const asked = await post(t, 'erase-contact', w.c.owner.token, {
      team_id: w.c.church,
      group_id: w.c.church,
      user_id: w.person,
      mode: 'de_identify',
      reason: 'No longer needed',
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const dueAt = new Date(t.clock.now().getTime() + erasureGraceDays * 24 * 60 * 60_000 + 60_000)
    expect(await carryOutDueErasures({ db: t.db, config: t.config, now: () => dueAt })).toBe('de-identified 1 contact')

    expect(await walk()).toEqual([])
  }, 240_000)
})
