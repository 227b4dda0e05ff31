import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../../test/harness'

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
