import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { engine } from '../../test/databases'
import { createTestApp, type TestApp } from '../../test/harness'
import { publicAccess } from './route'

// Requests take turns on embedded PGlite (issue 39, platform/request-queue.ts): in the order
// they came, a newcomer behind every request already waiting, and beyond the queue's length or
// its wait a 503 with Retry-After. Each test call waits at a gate the test opens, so a call
// holds its turn exactly as long as the test says; nothing sleeps. PostgreSQL lets all in.

/** A gate per call name: the call is answered once the test opens it. */
const gates = new Map<string, { opened: Promise<void>; open: () => void; arrived: Promise<void>; arrive: () => void }>()
const started: string[] = []

function gate(name: string) {
  let entry = gates.get(name)
  if (!entry) {
    let open = () => {}
    let arrive = () => {}
    const opened = new Promise<void>((resolve) => (open = resolve))
    const arrived = new Promise<void>((resolve) => (arrive = resolve))
    entry = { opened, open, arrived, arrive }
    gates.set(name, entry)
  }
  return entry
}

/** GET /api/v1/queue-test/{name}: a call of the app that reads the database once its gate opens. */
async function gatedRoutes(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>('/queue-test/:name', { config: { access: publicAccess } }, async (request) => {
    const { name } = request.params
    started.push(name)
    gate(name).arrive()
    await gate(name).opened
    await app.deps.db.execute(sql`select 1`)
    return { name }
  })
}

let t: TestApp
const options = { active: 1, maxWaiting: 3, maxWaitMs: 1000 }

beforeAll(async () => {
  t = await createTestApp({ pgliteQueue: options }, { features: [gatedRoutes] })
})
afterAll(async () => t.close())
afterEach(() => {
  for (const entry of gates.values()) entry.open()
  gates.clear()
  started.length = 0
})

const call = (name: string) => t.call({ method: 'GET', url: `/api/v1/queue-test/${name}` })

/** Yields to the event loop until the queue's use is as `holds` wants it. */
async function until(holds: (use: { active: number; waiting: number }) => boolean) {
  while (!holds(t.app.requestQueue!())) await new Promise((resolve) => setImmediate(resolve))
}
const untilWaiting = (count: number) => until((use) => use.waiting >= count)

describe.runIf(engine === 'pglite')('embedded PGlite: requests take turns', () => {
  it('are served in the order they came; a newcomer waits behind every request already waiting', async () => {
    const first = call('A')
    await gate('A').arrived
    const waiting = []
    for (const [index, name] of ['B', 'C', 'D'].entries()) {
      waiting.push(call(name))
      await untilWaiting(index + 1)
    }
    expect(started).toEqual(['A'])
    expect(t.app.requestQueue!()).toEqual({ active: 1, waiting: 3 })

    // A answers; while B, C and D are served one after the other, E comes in.
    gate('A').open()
    expect((await first).statusCode).toBe(200)
    await gate('B').arrived
    const late = call('E')
    for (const name of ['B', 'C', 'D']) {
      await gate(name).arrived
      gate(name).open()
    }
    await gate('E').arrived
    gate('E').open()
    const answers = await Promise.all([...waiting, late])
    expect(answers.map((answer) => answer.json())).toEqual(['B', 'C', 'D', 'E'].map((name) => ({ name })))
    expect(started).toEqual(['A', 'B', 'C', 'D', 'E'])
    // The last turn is given back once its answer has gone.
    await until((use) => use.active === 0 && use.waiting === 0)
  })

  it('answers 503 service_unavailable with Retry-After beyond the queue length, at once', async () => {
    const first = call('A')
    await gate('A').arrived
    const waiting = []
    for (const [index, name] of ['B', 'C', 'D'].entries()) {
      waiting.push(call(name))
      await untilWaiting(index + 1)
    }
    const refused = await call('E')
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('1')
    expect(refused.json()).toEqual({
      code: 'service_unavailable',
      message: 'The server is busy. Please try again in a moment.',
      data: { status: 503, retry_after: 1 },
    })
    expect(started).not.toContain('E')
    for (const name of ['A', 'B', 'C', 'D']) gate(name).open()
    expect((await Promise.all([first, ...waiting])).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200])
  })

  it('answers 503 to a request that waited past PGLITE_QUEUE_WAIT_MS; the ones still in time are served', async () => {
    const first = call('A')
    await gate('A').arrived
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const timedOut = call('B')
      await untilWaiting(1)
      vi.advanceTimersByTime(options.maxWaitMs - 1)
      const inTime = call('C')
      await untilWaiting(2)
      vi.advanceTimersByTime(1)
      const refused = await timedOut
      expect(refused.statusCode).toBe(503)
      expect(refused.headers['retry-after']).toBe('1')
      expect(refused.json()).toMatchObject({ code: 'service_unavailable', data: { status: 503, retry_after: 1 } })
      expect(t.app.requestQueue!()).toEqual({ active: 1, waiting: 1 })
      vi.useRealTimers()
      gate('A').open()
      gate('C').open()
      expect((await first).statusCode).toBe(200)
      expect((await inTime).json()).toEqual({ name: 'C' })
      expect(started).toEqual(['A', 'C'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not hold health probes back', async () => {
    const first = call('A')
    await gate('A').arrived
    const waiting = call('B')
    await untilWaiting(1)
    expect((await t.call({ method: 'GET', url: '/health/live' })).statusCode).toBe(200)
    gate('A').open()
    gate('B').open()
    await Promise.all([first, waiting])
  })
})

describe.runIf(engine === 'postgres')('PostgreSQL: no queue', () => {
  it('serves every request at once, its pool giving each a connection', async () => {
    expect(t.app.requestQueue).toBeUndefined()
    const names = ['A', 'B', 'C', 'D', 'E', 'F']
    const answers = names.map((name) => call(name))
    await Promise.all(names.map((name) => gate(name).arrived))
    expect([...started].sort()).toEqual(names)
    for (const name of names) gate(name).open()
    expect((await Promise.all(answers)).map((answer) => answer.statusCode)).toEqual(names.map(() => 200))
  })
})
