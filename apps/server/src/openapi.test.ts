import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import SwaggerParser from '@apidevtools/swagger-parser'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { startSession } from './features/auth/auth.service'
import { seedDemoWorkspace, type DemoWorkspace } from './seed/demo'
import type { RouteEntry } from './app'
import type { Access } from './platform/route'
import { buildPerson, createTestApp, type TestApp } from '../test/harness'

/**
 * The published OpenAPI document against the live API: the document is valid OpenAPI, and
 * every GET of the route table (on the demo workspace's rows, so nullable fields and enums
 * meet real values; as a site admin, and the scoped ones again as a member the child gate
 * holds back) and the error answers of every route (400, 401, 403, 404) match the document's
 * schema for that route and status. An answer that leaves its schema, or a status the
 * document does not list, fails here.
 */
let t: TestApp
let demo: DemoWorkspace
let document: OpenApiDocument
// Strict (an unknown keyword or format fails), but for two habits of zod's converter: `required`
// beside `propertyNames` (a record over an enum) and type arrays (nullable). Not checking each
// schema against the meta-schema and not optimizing the generated code halve the compile time.
const ajv = new Ajv2020({
  allErrors: true,
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
  validateSchema: false,
  code: { optimize: false },
})
addFormats(ajv)
const validators = new Map<string, ValidateFunction>()
const tokens = {} as Record<'admin' | 'member' | 'pending' | 'outsider', string>
let hope: number
let conference: number
/** Contacts of Hope Street with the most interactions, notes, events, relationships and a revoked consent. */
let contacts: number[] = []
/** A child and an adult of Hope Street assigned to its member, who has no child safety checks: the child gate withholds. */
let memberContacts: number[] = []
let event: { id: number; date: string }
const rowIds = {} as Record<'transfer' | 'userImport', number>
/** The `parent` of the lookup lists that need one. */
const lookupParents: Record<string, string> = {}

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: { enum?: unknown[] } }>
}
interface OpenApiDocument {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown> }
}

beforeAll(async () => {
  t = await createTestApp()
  demo = await seedDemoWorkspace(t.db, { config: t.config, now: t.clock.now }, 'Violet-Kettle-93-Harbour')
  hope = demo.churchIds[0]
  conference = demo.conferenceId
  const session = (personId: number) => startSession(t.db, { config: t.config, now: t.clock.now }, personId, 'salt').then((s) => s.access_token)
  tokens.admin = await session(demo.people.admin)
  tokens.member = await session(demo.people.member)
  tokens.pending = await session(demo.people.pending)
  tokens.outsider = (await buildPerson(t)).token
  const all = async (query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows
  const first = async (query: ReturnType<typeof sql>) => (await all(query))[0]
  const mostOf = (table: string) =>
    first(sql`select contact_id as id from ${sql.identifier(table)} where team_id = ${hope} group by contact_id order by count(*) desc, contact_id limit 1`)
  const found = [
    await mostOf('interactions'),
    await mostOf('notes'),
    await mostOf('contact_events'),
    await mostOf('contact_relationships'),
    await first(sql`select contact_id as id from parental_consents where team_id = ${hope} and revoked_at is not null order by id limit 1`),
  ]
  contacts = [...new Set(found.filter((row) => row !== undefined).map((row) => Number(row.id)))]
  const adultBorn = t.clock.now().getFullYear() - 18
  const assigned = await all(sql`select a.contact_id as id, coalesce(p.dob_year > ${adultBorn}, false) as child from assignments a
    join people p on p.id = a.contact_id where a.team_id = ${hope} and a.to_person_id = ${demo.people.member} order by a.contact_id`)
  memberContacts = [assigned.find((row) => row.child), assigned.find((row) => !row.child)].map((row) => Number(row!.id))
  // The first Sunday service of the demo, with a contact and a visitor marked (the demo marks none).
  const service = await first(
    sql`select id, start_date::text as start_date from events where team_id = ${hope} and is_recurring order by start_date, id limit 1`,
  )
  event = { id: Number(service!.id), date: String(service!.start_date) }
  for (const who of [{ user_id: contacts[0] }, { is_visitor: true, visitor_info_name: 'Vera Visitor' }]) {
    const marked = await t.call({
      method: 'POST',
      url: '/api/v1/add-event-attendance',
      token: tokens.admin,
      payload: { team_id: hope, event_id: event.id, event_date: event.date, ...who },
    })
    expect(marked.statusCode, marked.body).toBe(200)
  }
  rowIds.transfer = Number((await first(sql`select id from transfers where from_conference_id = ${conference} order by id limit 1`))!.id)
  // An import-and-share record of the conference, one row of it refused (the demo has none).
  const rows = [
    { first_name: 'Ana', last_name: 'Lopez', gender: 'female', email: 'ana@example.org' },
    { first_name: 'Dan', last_name: 'Ng', gender: 'robot' },
  ]
  const created = await t.call({
    method: 'POST',
    url: '/api/v1/create-user-import',
    token: tokens.admin,
    payload: { team_id: conference, title: 'Harvest rally', data: rows },
  })
  expect(created.statusCode, created.body).toBe(200)
  rowIds.userImport = Number((await first(sql`select id from user_imports where team_id = ${conference} order by id limit 1`))!.id)
  lookupParents['bible-studies-for-parent'] = String(
    (await first(sql`select parent_value from lookup_items where list = 'bible-studies' and parent_value is not null order by value limit 1`))!.parent_value,
  )
  lookupParents['conference-teams'] = String(conference)

  document = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument
  // The component schemas, where the document's `#/components/schemas/…` references find them.
  ajv.addSchema({ $id: 'components', $defs: refsToComponents(document.components.schemas) })
}, 60_000)
afterAll(async () => t.close())

/** Points the document's component references at the schema added as `components`. */
function refsToComponents(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(refsToComponents)
  if (!schema || typeof schema !== 'object') return schema
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', 'components#/$defs/') : refsToComponents(value),
    ]),
  )
}

const apiRoutes = () => t.app.routeTable.filter((route) => route.url.startsWith('/api/v1/') && route.method !== 'HEAD')

/** The document's path of a Fastify url: `/contact/:id` is `/contact/{id}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

function operationOf(route: RouteEntry): Operation | undefined {
  return document.paths[documentPath(route.url)]?.[route.method.toLowerCase()]
}

interface Answer {
  status: number
  /** The content type, without parameters. */
  type: string
  body: string
}

function answerOf(response: LightMyRequestResponse): Answer {
  return { status: response.statusCode, type: String(response.headers['content-type'] ?? '').split(';')[0]!, body: response.body }
}

/**
 * What is wrong with an answer by the document: nothing (undefined), or why. `explicit`
 * wants the status listed itself, not only under `default`.
 */
function mismatchOf(route: RouteEntry, answer: Answer, explicit = false): string | undefined {
  const operation = operationOf(route)
  if (!operation) return 'not in the document'
  const status = String(answer.status)
  const documented = operation.responses[status] ?? (explicit || answer.status < 400 ? undefined : operation.responses.default)
  if (!documented) return `answers ${status}, which the document does not list`
  const schema = documented.content?.[answer.type]?.schema
  if (schema === undefined) return `answers ${status} as ${answer.type}; the document has ${Object.keys(documented.content ?? {}).join(', ') || 'no content'}`
  // A download is documented as a file of its type: it holds something.
  if ((schema as { format?: string }).format === 'binary') return answer.body.length > 0 ? undefined : `answers ${status} as an empty file`
  // The error answers share their envelope's component: one validator each.
  const key = (schema as { $ref?: string }).$ref ?? `${route.method} ${route.url} ${status}`
  let validate = validators.get(key)
  if (!validate) {
    validate = ajv.compile(refsToComponents(schema) as object)
    validators.set(key, validate)
  }
  if (validate(JSON.parse(answer.body))) return undefined
  return `${status}: ${ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'answer' })}`
}

/** The query of a call to `url`: the team it reads (a conference-only call: the conference), the sample rows. */
function queryOf(route: RouteEntry, operation: Operation, url: string, contactIds = contacts): Record<string, string> {
  const access = route.access!
  const team = access.kind === 'team' && access.conferenceOnly && !access.teamField ? conference : hope
  const parent = lookupParents[url.slice(url.lastIndexOf('/') + 1)]
  const known: Record<string, string | number> = {
    team_id: team,
    group_id: team,
    user_id: contactIds[0]!,
    event_id: event.id,
    event_date: event.date,
    conference_team_id: conference,
    team_name: 'Hope Street Church',
    ...(parent ? { parent } : {}),
    ...(access.kind === 'team' && access.teamField ? { [access.teamField]: conference } : {}),
  }
  const query: Record<string, string> = {}
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue
    const value = known[parameter.name] ?? (parameter.required ? (parameter.schema.enum?.[0] ?? 1) : undefined)
    if (value !== undefined) query[parameter.name] = String(value)
  }
  return query
}

/** The sample urls of a route: one per value of an enum in its path (each lookup list), one per sample contact for a contact's `:id`. */
function urlsOf(route: RouteEntry, operation: Operation, contactIds = contacts): string[] {
  const access = route.access!
  let urls = [route.url]
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path') continue
    const values = (() => {
      if (parameter.schema.enum) return parameter.schema.enum.map(String)
      if (parameter.name === 'teamId') return [String(hope)]
      if (parameter.name === 'slug') return ['privacy']
      if (parameter.name !== 'id') return ['unknown']
      if (access.kind === 'contact') return contactIds.map(String)
      if (/\/(event|event-attendance)\//.test(route.url)) return [String(event.id)]
      if (route.url.includes('/transfer/')) return [String(rowIds.transfer)]
      if (route.url.includes('/user-import/')) return [String(rowIds.userImport)]
      if (route.url.includes('/manage-team/')) return [String(hope)]
      return ['1']
    })()
    urls = urls.flatMap((url) => values.map((value) => url.replace(`:${parameter.name}`, value)))
  }
  return urls
}

function withQuery(url: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString()
  return search ? `${url}?${search}` : url
}

const scoped = (access: Access) => access.kind === 'team' || access.kind === 'group' || access.kind === 'contact'
const open = (access: Access) => access.kind === 'public' || (access.kind === 'signed_in' && access.allowAnonymous !== undefined)

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1, and lists the error answers of every API route', async () => {
    expect(document.openapi).toBe('3.1.0')
    await SwaggerParser.validate(structuredClone(document) as never)
    for (const route of apiRoutes()) {
      const access = route.access!
      const expected = ['200', '400', '500', 'default', ...(open(access) ? [] : ['401']), ...(scoped(access) ? ['403', '404'] : [])]
      expect(Object.keys(operationOf(route)?.responses ?? {}), `${route.method} ${route.url}`).toEqual(expect.arrayContaining(expected))
    }
  })

  it('describes a nullable enum as one that takes null, and a live answer off the document fails', async () => {
    const route = apiRoutes().find((entry) => entry.method === 'GET' && entry.url === '/api/v1/contact/:id')!
    const response = await t.call({
      method: 'GET',
      url: withQuery(`/api/v1/contact/${contacts[0]}`, { team_id: String(hope), group_id: String(hope) }),
      token: tokens.admin,
    })
    const answer = answerOf(response)
    const contact = JSON.parse(answer.body) as { data_view: { gender: string | null } }
    for (const gender of [null, 'female'])
      expect(mismatchOf(route, { ...answer, body: JSON.stringify({ ...contact, data_view: { ...contact.data_view, gender } }) })).toBeUndefined()
    const drifted = { ...answer, body: JSON.stringify({ ...contact, data_view: { ...contact.data_view, gender: 'unknown' } }) }
    expect(mismatchOf(route, drifted)).toMatch(/data_view\/gender must be equal to one of the allowed values/)
    expect(mismatchOf(route, { ...answer, status: 201 })).toMatch(/does not list/)
  })
})

describe('every live answer matches the document', () => {
  /** Calls each url of the routes as the token's holder; the answers off the document, and the count of each status. */
  async function walk(routes: RouteEntry[], token: string, contactIds: number[]) {
    const mismatches: string[] = []
    const statuses: Record<number, number> = {}
    for (const route of routes) {
      const operation = operationOf(route)!
      // logout ends the session it is given: its own.
      const caller = route.url.endsWith('/logout')
        ? (await startSession(t.db, { config: t.config, now: t.clock.now }, demo.people.admin, 'salt')).access_token
        : token
      for (const url of urlsOf(route, operation, contactIds)) {
        const response = await t.call({ method: 'GET', url: withQuery(url, queryOf(route, operation, url, contactIds)), token: caller })
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
        const mismatch = mismatchOf(route, answerOf(response))
        if (mismatch) mismatches.push(`GET ${url}: ${mismatch}`)
      }
    }
    return { mismatches, statuses }
  }

  it('every GET of the route table, as a site admin on the demo workspace', async () => {
    const { mismatches, statuses } = await walk(
      apiRoutes().filter((route) => route.method === 'GET'),
      tokens.admin,
      contacts,
    )
    expect(mismatches).toEqual([])
    // Most calls answer their rows; the rest an error the document lists (a consent photo that is not there: 404).
    expect(statuses[200]).toBeGreaterThan(80)
  }, 60_000)

  it("every GET of a team, group or contact as the team's member, whose contacts include a child", async () => {
    const { mismatches, statuses } = await walk(
      apiRoutes().filter((route) => route.method === 'GET' && scoped(route.access!)),
      tokens.member,
      memberContacts,
    )
    expect(mismatches).toEqual([])
    // The rest: her role's 403, the child gate's 403 for the child's records, 404 for the conference's calls.
    expect(statuses[200]).toBeGreaterThan(20)
  }, 60_000)

  it('the errors: 400 and 401 of every route, 403 and 404 of every scoped GET', async () => {
    const mismatches: string[] = []
    const seen = new Set<number>()
    const check = (route: RouteEntry, response: LightMyRequestResponse, expected: number) => {
      seen.add(response.statusCode)
      const mismatch = response.statusCode === expected ? mismatchOf(route, answerOf(response), true) : `answers ${response.statusCode}, not ${expected}`
      if (mismatch) mismatches.push(`${route.method} ${route.url}: ${mismatch}`)
    }
    for (const route of apiRoutes()) {
      const access = route.access!
      const operation = operationOf(route)!
      const url = urlsOf(route, operation)[0]!
      if (route.method !== 'GET') {
        // A POST takes nothing in the query string: refused before its caller or body is read.
        check(route, await t.call({ method: route.method as 'POST', url: `${url}?team_id=1`, payload: {} }), 400)
        if (!open(access)) check(route, await t.call({ method: route.method as 'POST', url, payload: {} }), 401)
        // Their 403 and 404 are the same envelope: the authorization walk answers them for every route.
        continue
      }
      const query = queryOf(route, operation, url)
      const send = (payload: Record<string, string>, token?: string) => t.call({ method: 'GET', url: withQuery(url, payload), ...(token ? { token } : {}) })
      // A page size the wire does not take, or a stray NUL where the call has no paging.
      const paged = operation.parameters?.some((parameter) => parameter.name === 'per_page')
      check(route, await send(paged ? { ...query, per_page: '7' } : { ...query, search: 'a\u0000b' }, tokens.admin), 400)
      if (open(access)) continue
      check(route, await send(query), 401)
      if (!scoped(access)) continue
      // Hope Street for every team the call reads: to a person still awaiting approval there 403
      // (before a conference-only check), to a person of no team there 404.
      const scope: Record<string, string> = { ...query, team_id: String(hope), group_id: String(hope) }
      if (access.kind === 'team' && access.teamField) scope[access.teamField] = String(hope)
      check(route, await send(scope, tokens.pending), 403)
      check(route, await send(scope, tokens.outsider), 404)
    }
    expect(mismatches).toEqual([])
    expect([...seen].sort()).toEqual([400, 401, 403, 404])
  }, 60_000)
})
