import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app'
import { rateLimitCounters } from '../db/schema/index'
import { createTestApp, type TestApp } from '../../test/harness'
import { forgetEndedRateLimitWindows } from './rate-limit-store'

// Two server processes on one database, as behind a load balancer: a second app on the first's
// database and clock (issue 38 item 2).
describe('request limits shared by every process on the database', () => {
  let first: TestApp
  let second: FastifyInstance
  beforeAll(async () => {
    first = await createTestApp({ loginRateLimit: 3 })
    second = await buildApp({ db: first.db, config: first.config, now: first.clock.now }, { logger: false })
    await second.ready()
  })
  afterAll(async () => {
    await second.close()
    await first.close()
  })

  const signIn = (app: 'first' | 'second', email: string) => {
    const request = { method: 'POST' as const, url: '/api/v1/login', payload: { email, password: 'a wrong password' } }
    return app === 'first' ? first.call(request) : second.inject(request)
  }

  it('counts sign-ins alternating between two processes against one allowance', async () => {
    const statuses = []
    for (const app of ['first', 'second', 'first', 'second', 'first', 'second'] as const) statuses.push((await signIn(app, 'alternating@crm.test')).statusCode)
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429])
    const refused = await signIn('second', 'alternating@crm.test')
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
  })

  it('stores neither the address nor the email, only a hash of the key', async () => {
    const rows = await first.db.select().from(rateLimitCounters)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.key_hash).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(row.key_hash).not.toContain('alternating')
      expect(row.key_hash).not.toContain('127.0.0.1')
    }
  })

  it('opens a new window a minute later, on either process, and forgets ended windows', async () => {
    first.clock.advance(61_000)
    expect((await signIn('second', 'alternating@crm.test')).statusCode).toBe(401)
    expect((await signIn('first', 'alternating@crm.test')).statusCode).toBe(401)
    first.clock.advance(61_000)
    expect(await forgetEndedRateLimitWindows(first.app.deps)).toMatch(/^\d+ ended rate-limit windows forgotten$/)
    expect(await first.db.select({ n: count() }).from(rateLimitCounters)).toEqual([{ n: 0 }])
  })
})
