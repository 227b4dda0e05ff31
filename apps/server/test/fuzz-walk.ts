import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { startSession } from '../src/features/auth/auth.service'
import type { RouteEntry } from '../src/app'
import { accounts, people } from '../src/db/schema/index'
import { addMember, buildPerson, buildTeam, createTestApp, type TestApp } from './harness'
import { restoreHeldContact } from './contacts'

/**
 * A small, deterministic fuzz of the wire: every API route, as a signed-in owner (a site
 * admin for the site-admin routes), with one field at a time set to a hostile value (ids
 * beyond an integer, NUL, lone surrogates, long strings, lists and objects where strings
 * belong, wrong types), in the path, the query string or the body, plus prototype keys and
 * form data. No answer may be a 5xx.
 *
 * The routes are dealt to shards (fuzz-*.test.ts), each a test file with its own database,
 * so the two test workers share the walk instead of one running it alone for a minute and a half.
 * This registers the walk over the routes of shard `index` (0-based) of `count`, with state
 * of its own.
 */
export function describeFuzzShard(index: number, count: number): void {
  let t: TestApp
  let conference: number
  let church: number
  let owner = 0
  /** A site admin, for the site-admin routes (an owner would only get their 403). */
  let admin = 0
  let contact: number

  /** Hostile values sent in place of every field. */
  const hostile: unknown[] = [2 ** 31, -1, 'a\u0000b', '\ud800', 'x'.repeat(20_000), ['a', 'b'], { nested: 'x' }, null]
  /** More, for the ids the access check reads and for path parameters. */
  const hostileIds: unknown[] = [...hostile, 2 ** 53, 1e300, 0, 1.5, '99999999999999999999', '', 'x\udfffy', '\u202eevil', true, "' or 1=1 --"]

  /** The owner of the church (and an entity admin of its conference); a new one after delete-account. */
  async function ensureOwner() {
    if (owner && (await t.db.select().from(accounts).where(eq(accounts.person_id, owner))).length > 0) return
    owner = (await buildPerson(t)).id
    await addMember(t, owner, conference, 'entity_admin')
    await addMember(t, owner, church, 'owner')
  }

  beforeAll(async () => {
    t = await createTestApp()
    conference = await buildTeam(t, { kind: 'conference', title: 'Fuzz Conference' })
    church = await buildTeam(t, { kind: 'team', parentId: conference, title: 'Fuzz Church' })
    admin = (await buildPerson(t, { siteRole: 'admin' })).id
    const [person] = await t.db.insert(people).values({ first_name: 'Fuzz', last_name: 'Contact', member_status: 'member' }).returning({ id: people.id })
    contact = person!.id
    await restoreContact()
  })
  afterAll(async () => t.close())

  /** The contact back as it was: a call may have removed or archived it. */
  async function restoreContact() {
    await restoreHeldContact(t, { id: contact, teamId: church, firstName: 'Fuzz', lastName: 'Contact' })
  }

  /** The fields of a zod object schema (through a transform), else none. */
  function fieldsOf(schema: unknown): string[] {
    const value = schema as { shape?: Record<string, unknown>; in?: unknown } | undefined
    if (value?.shape) return Object.keys(value.shape)
    if (value?.in) return fieldsOf(value.in)
    return []
  }

  /** Valid ids for every route, so that a hostile value gets past the access check. */
  function basePayload(route: RouteEntry): Record<string, unknown> {
    const access = route.access
    const payload: Record<string, unknown> = { team_id: church, group_id: church, user_id: contact }
    if (access?.kind === 'team' && access.teamField) payload[access.teamField] = conference
    if (access?.kind === 'team' && access.conferenceOnly && !access.teamField) payload.team_id = conference
    return payload
  }

  const samples: Record<string, string> = { list: 'interest-types', slug: 'privacy' }

  /** Percent-encoding; a lone surrogate has no UTF-8, so it goes as the bytes of one (CESU-8). */
  function encode(text: string): string {
    return text
      .split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/)
      .map((piece, index) => (index % 2 === 1 ? '%ED%A0%80' : encodeURIComponent(piece)))
      .join('')
  }

  function pathOf(route: RouteEntry, params: Record<string, unknown> = {}): string {
    return route.url.replace(/:(\w+)/g, (_match, name: string) => encode(name in params ? stringOf(params[name]) : (samples[name] ?? String(contact))))
  }

  function stringOf(value: unknown): string {
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
  }

  function queryOf(payload: Record<string, unknown>): string {
    const query: string[] = []
    for (const [key, value] of Object.entries(payload)) {
      for (const item of Array.isArray(value) ? value : [value]) query.push(`${encode(key)}=${item === null ? '' : encode(stringOf(item))}`)
    }
    return query.join('&')
  }

  async function send(route: RouteEntry, token: string, payload: Record<string, unknown>, params: Record<string, unknown> = {}) {
    const url = pathOf(route, params)
    if (route.method === 'GET') return t.call({ method: 'GET', url: `${url}?${queryOf(payload)}`, token })
    return t.call({ method: route.method as 'POST' | 'DELETE', url, token, payload })
  }

  function multipart(fields: Array<[string, unknown]>, file?: string) {
    const boundary = 'fuzz-boundary'
    let text = ''
    for (const [name, value] of fields) text += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${stringOf(value)}\r\n`
    if (file) text += `--${boundary}\r\nContent-Disposition: form-data; name="${file}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`
    return { payload: `${text}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
  }

  describe(`the wire under hostile input (shard ${index + 1} of ${count})`, () => {
    it('never answers a 5xx, on any route, to any field', { timeout: 600_000 }, async () => {
      const all = t.app.routeTable.filter((route) => route.url.startsWith('/api/v1') && route.method !== 'HEAD')
      expect(all.length).toBeGreaterThan(20)
      const routes = all.filter((_, position) => position % count === index)
      const failures: string[] = []
      const check = (what: string, response: { statusCode: number; body: string }) => {
        if (response.statusCode >= 500) failures.push(`${what} → ${response.statusCode} ${response.body.slice(0, 200)}`)
      }
      let sent = 0
      for (const route of routes) {
        await restoreContact()
        await ensureOwner()
        // A fresh session per route: logout and delete-account end the one before.
        const caller = route.access?.kind === 'site_admin' ? admin : owner
        const token = (await startSession(t.db, { config: t.config, now: t.clock.now }, caller, 'salt')).access_token
        const base = basePayload(route)
        const name = `${route.method} ${route.url}`
        const fields = [...new Set([...Object.keys(base), ...fieldsOf(route.input)])]
        const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!)
        for (const field of fields) {
          for (const value of field in base ? hostileIds : hostile) {
            check(`${name} ${field}=${stringOf(value).slice(0, 20)}`, await send(route, token, { ...base, [field]: value }))
            sent++
          }
        }
        for (const param of params) {
          for (const value of hostileIds) {
            check(`${name} :${param}=${stringOf(value).slice(0, 20)}`, await send(route, token, base, { [param]: value }))
            sent++
          }
        }
        // Prototype keys, in the query string and in a JSON body.
        const prototypeQuery = `__proto__[team_id]=1&constructor[prototype][x]=1&${queryOf(base)}`
        if (route.method === 'GET') {
          check(`${name} prototype query`, await t.call({ method: 'GET', url: `${pathOf(route)}?${prototypeQuery}`, token }))
        } else {
          const json = `{"__proto__":{"isSiteAdmin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(base).slice(1)}`
          const headers = { 'content-type': 'application/json' }
          check(`${name} prototype body`, await t.call({ method: route.method as 'POST', url: pathOf(route), token, headers, payload: json }))
          check(
            `${name} form with NUL`,
            await t.call({ method: route.method as 'POST', url: pathOf(route), token, ...multipart([...Object.entries(base), ['title', 'a\u0000']]) }),
          )
          check(
            `${name} form with a file`,
            await t.call({ method: route.method as 'POST', url: pathOf(route), token, ...multipart(Object.entries(base), 'photo') }),
          )
          check(
            `${name} form prototype key`,
            await t.call({ method: route.method as 'POST', url: pathOf(route), token, ...multipart([...Object.entries(base), ['__proto__', 'x']]) }),
          )
          check(`${name} query string`, await t.call({ method: route.method as 'POST', url: `${pathOf(route)}?${prototypeQuery}`, token, payload: base }))
          sent += 5
        }
      }
      expect(failures).toEqual([])
      // Bounded: some sixty calls per route, about 15,500 in all with the import routes (issue 17).
      expect(sent).toBeLessThan(20_000 / count)
    })
  })
}
