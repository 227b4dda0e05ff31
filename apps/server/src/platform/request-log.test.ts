import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPerson, buildTeam, addMember, createTestApp, type TestApp, type TestPerson } from '../../test/harness'
import { loggableUrl } from './request-log'

// Secrets never land in logs (DESIGN.md §4): the request log keeps no consent key, calendar
// token or query string (a reset or invite key in the SPA's links, a name searched for).

describe('loggableUrl', () => {
  it.each([
    ['/ical/abcDEF123_-xyz.ics', '/ical/[redacted]'],
    ['/consent/k3y-of-a-parent', '/consent/[redacted]'],
    ['/api/v1/consent-page/k3y', '/api/v1/consent-page/[redacted]'],
    ['/api/v1/submit-consent/k3y', '/api/v1/submit-consent/[redacted]'],
    ['/api/v1/submit-consent-new-contact/k3y', '/api/v1/submit-consent-new-contact/[redacted]'],
    ['/api/v1/submit-consent-contact/k3y?x=1', '/api/v1/submit-consent-contact/[redacted]?[redacted]'],
    ['/reset-password?key=s3cret&user_id=7', '/reset-password?[redacted]'],
    ['/api/v1/contacts?team_id=1&search=Olivia', '/api/v1/contacts?[redacted]'],
    ['/api/v1/contacts', '/api/v1/contacts'],
    ['/contacts/view/12', '/contacts/view/12'],
  ])('%s → %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged)
  })
})

describe('the request log of the app', () => {
  const log: string[] = []
  let t: TestApp
  let leader: TestPerson
  let church: number

  beforeAll(async () => {
    const logStream = new PassThrough()
    logStream.on('data', (chunk: Buffer) => log.push(chunk.toString()))
    t = await createTestApp({ logLevel: 'info' }, { logStream })
    leader = await buildPerson(t)
    church = await buildTeam(t)
    await addMember(t, leader.id, church, 'leader')
  })
  afterAll(async () => t.close())

  it('keeps the route and the method, never a consent key, a link key or a name searched for', async () => {
    log.length = 0
    const key = 'parent-consent-key-0123456789abcdef'
    expect((await t.call({ method: 'GET', url: `/api/v1/consent-page/${key}` })).statusCode).toBeGreaterThanOrEqual(400)
    await t.call({ method: 'GET', url: `/api/v1/contacts?team_id=${church}&group_id=${church}&search=Wilhelmina`, token: leader.token })
    await t.call({ method: 'GET', url: '/reset-password?key=reset-key-9876543210&user_id=7' })
    const written = log.join('')
    expect(written).toContain('/api/v1/consent-page/[redacted]')
    expect(written).toContain('/api/v1/contacts?[redacted]')
    expect(written).toContain('"method":"GET"')
    for (const secret of [key, 'Wilhelmina', 'reset-key-9876543210']) expect(written).not.toContain(secret)
  })
})

describe('request ids (issue 38 item 4)', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

  it('gives each request a new UUID, in its answer and in each of its log lines', async () => {
    const log: string[] = []
    const logStream = new PassThrough()
    logStream.on('data', (chunk: Buffer) => log.push(chunk.toString()))
    const t = await createTestApp({ logLevel: 'info' }, { logStream })
    try {
      const first = await t.call({ method: 'GET', url: '/api/v1/site', headers: { 'x-request-id': 'chosen-by-the-client' } })
      const second = await t.call({ method: 'GET', url: '/api/v1/site' })
      const [one, two] = [String(first.headers['x-request-id']), String(second.headers['x-request-id'])]
      expect(one).toMatch(uuid)
      expect(two).toMatch(uuid)
      expect(one).not.toBe(two)
      const lines = log
        .join('')
        .split('\n')
        .filter((line) => line.includes(one))
      expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['incoming request', 'request completed'])
      // Not behind a trusted proxy: a client's own id is not taken.
      expect(log.join('')).not.toContain('chosen-by-the-client')
      // The load balancer's probes are not logged.
      log.length = 0
      expect((await t.call({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200)
      expect(log.join('')).toBe('')
    } finally {
      await t.close()
    }
  })

  it("behind a trusted proxy, keeps the load balancer's id when it is well formed", async () => {
    const t = await createTestApp({ trustProxy: true })
    try {
      const kept = await t.call({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'nginx-4f2a.91_b' } })
      expect(kept.headers['x-request-id']).toBe('nginx-4f2a.91_b')
      const malformed = await t.call({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'two words' } })
      expect(String(malformed.headers['x-request-id'])).toMatch(uuid)
      const tooLong = await t.call({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'x'.repeat(129) } })
      expect(String(tooLong.headers['x-request-id'])).toMatch(uuid)
    } finally {
      await t.close()
    }
  })
})
