import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { buildPerson, createTestApp, type TestApp } from '../../test/harness'
import { drained, newLifecycle } from './health'

// The probes of load balancers and orchestrators (issue 38 item 4).
describe('/health/live and /health/ready', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => app.close())

  const probe = async (path: string) => {
    const response = await app.call({ method: 'GET', url: path })
    return { status: response.statusCode, body: response.json(), cache: response.headers['cache-control'] }
  }

  it('answers live and ready on a migrated database, without signing in and uncached', async () => {
    expect(await probe('/health/live')).toEqual({ status: 200, body: { status: 'live' }, cache: 'no-store' })
    expect(await probe('/health/ready')).toEqual({ status: 200, body: { status: 'ready' }, cache: 'no-store' })
  })

  it('is not ready while the process stops, and still live', async () => {
    app.app.lifecycle.stopping = true
    try {
      expect(await probe('/health/ready')).toMatchObject({ status: 503, body: { status: 'not_ready', reason: 'stopping' } })
      expect((await probe('/health/live')).status).toBe(200)
    } finally {
      app.app.lifecycle.stopping = false
    }
  })

  it('sends reads back while the process stops, so the balancer tries another process, and still answers writes', async () => {
    const person = await buildPerson(app)
    app.app.lifecycle.stopping = true
    try {
      const read = await app.call({ method: 'GET', url: '/api/v1/user', token: person.token })
      expect(read.statusCode).toBe(503)
      expect(read.headers['retry-after']).toBe('1')
      expect(read.json()).toMatchObject({ code: 'service_unavailable', data: { retry_after: 1 } })
      expect(app.app.lifecycle.readRefusedAt).not.toBeNull()
      // A write is not sent on by a balancer: it is answered here.
      const write = await app.call({ method: 'POST', url: '/api/v1/login', payload: { email: person.email, password: 'not the password' } })
      expect(write.statusCode).toBe(401)
      expect((await probe('/health/live')).status).toBe(200)
    } finally {
      app.app.lifecycle.stopping = false
      app.app.lifecycle.readRefusedAt = null
    }
    expect((await app.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(200)
  })

  it('is not ready while the newest migration is not applied', async () => {
    await app.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`)
    expect(await probe('/health/ready')).toMatchObject({ status: 503, body: { status: 'not_ready', reason: 'migrations_pending' } })
  })
})

describe('/health/ready without a database', () => {
  it('is not ready when the database does not answer, and still live', async () => {
    const app = await createTestApp()
    await app.database.close()
    try {
      expect((await app.call({ method: 'GET', url: '/health/ready' })).json()).toEqual({ status: 'not_ready', reason: 'database_unreachable' })
      expect((await app.call({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503)
      expect((await app.call({ method: 'GET', url: '/health/live' })).statusCode).toBe(200)
    } finally {
      await app.app.close()
    }
  })
})

describe('when a stopping process may close its port', () => {
  const timings = { afterRefusedReadMs: 100, quietMs: 250, mostMs: 2000 }
  const since = 10_000

  it('waits a moment after its first refused read, for requests already on their way', () => {
    const lifecycle = { ...newLifecycle(), stopping: true, lastRequestAt: since + 40, readRefusedAt: since + 40 }
    expect(drained(lifecycle, since, since + 120, timings)).toBe(false)
    expect(drained(lifecycle, since, since + 140, timings)).toBe(true)
  })

  it('closes when no request has come for a while, and at the latest after the longest wait', () => {
    const quiet = { ...newLifecycle(), stopping: true, lastRequestAt: since - 5_000 }
    expect(drained(quiet, since, since + 249, timings)).toBe(false)
    expect(drained(quiet, since, since + 250, timings)).toBe(true)
    // Writes only, one every 100 ms: never quiet, never a read refused.
    const writes = { ...newLifecycle(), stopping: true, lastRequestAt: since + 1_900 }
    expect(drained(writes, since, since + 1_950, timings)).toBe(false)
    expect(drained(writes, since, since + 2_000, timings)).toBe(true)
  })
})
