import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { churchRosterMembers, teams } from '../../db/schema/index'
import { churchRoster, httpRoster, storedRoster, type ChurchRoster } from '../../platform/church-roster'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { get } from '../../../test/contact-factories'

// The membership service (ACMS) over HTTP (DESIGN.md §7), against a local server.

type Handler = (url: URL, request: IncomingMessage, response: ServerResponse) => void
let handler: Handler = (_url, _request, response) => response.writeHead(500).end()
const seen: Array<{ path: string; query: Record<string, string>; authorization: string | undefined }> = []

let server: Server
let serviceUrl: string
let t: TestApp
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    seen.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: request.headers.authorization })
    handler(url, request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/acms/`
  t = await createTestApp({ acmsUrl: serviceUrl, acmsKey: 'secret-key', acmsTimeoutMs: 300 })
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})
beforeEach(() => {
  seen.length = 0
})

function json(response: ServerResponse, status: number, payload: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload))
}

function roster(): ChurchRoster {
  return churchRoster({ db: t.db, config: t.config })
}

describe('the membership service adapter', () => {
  it('D3-8-03 asks the church for the email with the bearer key: member, not_member, and no_roster for an unknown church or no id', async () => {
    handler = (url, _request, response) => {
      if (url.pathname === '/acms/churches/C%2F7/members') return json(response, 200, { member: url.searchParams.get('email') === 'in@example.org' })
      json(response, 404, { error: 'unknown church' })
    }
    expect(await roster().checkMember({ conferenceId: 1, acmsId: 'C/7' }, ' In@Example.org')).toBe('member')
    expect(seen[0]).toEqual({ path: '/acms/churches/C%2F7/members', query: { email: 'in@example.org' }, authorization: 'Bearer secret-key' })
    expect(await roster().checkMember({ conferenceId: 1, acmsId: 'C/7' }, 'out@example.org')).toBe('not_member')
    expect(await roster().checkMember({ conferenceId: 1, acmsId: 'other' }, 'in@example.org')).toBe('no_roster')
    seen.length = 0
    expect(await roster().checkMember({ conferenceId: 1, acmsId: null }, 'in@example.org')).toBe('no_roster')
    expect(seen).toHaveLength(0)
  })

  it('D3-8-03 a slow, failing or garbled service never blocks: the imported roster answers instead (no_roster when there is none)', async () => {
    const conference = await buildTeam(t, { kind: 'conference' })
    await t.db
      .insert(churchRosterMembers)
      .values({ conference_id: conference, church_acms_id: 'S1', email: 'kept@example.org', first_name: 'Kept', last_name: 'Stored' })
    const answers: Handler[] = [
      () => undefined, // never answers: the timeout
      (_url, _request, response) => json(response, 503, { error: 'down' }),
      (_url, _request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('not json'),
      (_url, _request, response) => json(response, 200, { is_member: 'yes' }),
    ]
    for (const answer of answers) {
      handler = answer
      const started = Date.now()
      expect(await roster().checkMember({ conferenceId: conference, acmsId: 'S1' }, 'kept@example.org')).toBe('member')
      expect(await roster().checkMember({ conferenceId: conference, acmsId: 'S1' }, 'new@example.org')).toBe('not_member')
      expect(await roster().checkMember({ conferenceId: conference, acmsId: 'S2' }, 'new@example.org')).toBe('no_roster')
      expect(await roster().memberProfile('kept@example.org')).toMatchObject({ first_name: 'Kept', last_name: 'Stored' })
      expect(Date.now() - started).toBeLessThan(3000)
    }
    // One adapter that saw the service fail leaves it alone for a while: a long import does not wait per row.
    handler = () => undefined
    const adapter = roster()
    expect(await adapter.checkMember({ conferenceId: conference, acmsId: 'S1' }, 'kept@example.org')).toBe('member')
    seen.length = 0
    const started = Date.now()
    for (let i = 0; i < 20; i++) expect(await adapter.checkMember({ conferenceId: conference, acmsId: 'S1' }, 'new@example.org')).toBe('not_member')
    expect(seen).toHaveLength(0)
    expect(Date.now() - started).toBeLessThan(2000)
    // Nothing listens here at all.
    const unreachable = httpRoster({ url: 'http://127.0.0.1:9', key: undefined, timeoutMs: 300 }, storedRoster(t.db))
    expect(await unreachable.checkMember({ conferenceId: conference, acmsId: 'S9' }, 'x@example.org')).toBe('no_roster')
  })

  it("D3-5-14 guesses the church from the service's list of the conference's churches, only when one fits", async () => {
    handler = (url, _request, response) =>
      json(response, 200, {
        churches:
          url.searchParams.get('name') === 'Hope'
            ? [
                { id: 11, name: 'Hope SDA Church' },
                { id: '12', name: 'Hopeful Valley' },
              ]
            : url.searchParams.get('name') === 'Lone'
              ? [{ id: 'L1', name: 'Lone Pine Company' }]
              : [
                  { id: 'A', name: 'Twin Church' },
                  { id: 'B', name: 'Twin Chapel' },
                ],
      })
    expect(await roster().guessChurchId({ conferenceId: 1, conferenceAcmsId: 'CONF' }, 'Hope')).toBe('11')
    expect(seen[0]).toMatchObject({ path: '/acms/churches', query: { name: 'Hope', conference: 'CONF' } })
    expect(await roster().guessChurchId({ conferenceId: 1, conferenceAcmsId: null }, 'Lone')).toBe('L1')
    expect(seen[1]?.query).toEqual({ name: 'Lone' })
    expect(await roster().guessChurchId({ conferenceId: 1, conferenceAcmsId: 'CONF' }, 'Twin')).toBeNull()
  })

  it('D3-2.6-03 reads the member profile for Sync with MD, phone in E.164; unknown is null', async () => {
    handler = (url, _request, response) => {
      if (url.searchParams.get('email') === 'md@example.org')
        return json(response, 200, { member: { first_name: ' Mary ', last_name: 'Dee', phone: '0412 345 678' } })
      if (url.searchParams.get('email') === 'gone@example.org') return json(response, 404, {})
      json(response, 200, { member: null })
    }
    expect(await roster().memberProfile('MD@example.org')).toEqual({ first_name: 'Mary', last_name: 'Dee', phone: '+61412345678' })
    expect(seen[0]).toMatchObject({ path: '/acms/members', query: { email: 'md@example.org' } })
    expect(await roster().memberProfile('nobody@example.org')).toBeNull()
    expect(await roster().memberProfile('gone@example.org')).toBeNull()
  })

  it("D3-5-14 acms-get-id-for-team asks the service with the conference's stored ACMS id, else the one sent", async () => {
    handler = (_url, _request, response) => json(response, 200, { churches: [{ id: '77', name: 'Hope Church' }] })
    const conference = await buildTeam(t, { kind: 'conference' })
    const admin = await buildPerson(t)
    await addMember(t, admin.id, conference, 'owner')
    const sent = await get(t, 'acms-get-id-for-team', admin.token, { team_id: conference, team_name: 'Hope Church', conference_acms_id: 'SENT' })
    expect(body(sent)).toEqual({ id: '77' })
    expect(seen[0]?.query).toEqual({ name: 'Hope Church', conference: 'SENT' })
    await t.db.update(teams).set({ acms_id: 'STORED' }).where(eq(teams.id, conference))
    await get(t, 'acms-get-id-for-team', admin.token, { team_id: conference, team_name: 'Hope Church', conference_acms_id: 'SENT' })
    expect(seen[1]?.query).toEqual({ name: 'Hope Church', conference: 'STORED' })
  })
})
