import type { FastifyInstance, FastifyReply } from 'fastify'
import { refuseAsBusy } from './errors'

// Embedded PGlite runs one statement at a time, synchronously on the server's own thread, and
// passes its connection on by promise callbacks. With every request let in at once, the
// statements of all of them ran back to back in one chain of callbacks, and requests that
// arrived meanwhile were not even read until it had drained: under 50 callers some waited past
// autocannon's 10 s while the server's own time per request stayed under 60 ms (issue 39).
// Here the app's calls take turns instead, in the order they came: a few are served at once
// and keep their turn until they have answered; the rest wait, each at most maxWaitMs, and
// beyond the queue's length or that wait they are answered 503 with Retry-After. PostgreSQL
// has its pool and none of this.

export interface RequestQueueOptions {
  /** Requests served at once (PGLITE_ACTIVE_REQUESTS); the rest wait in the order they came. */
  active: number
  /** Waiting requests beyond which the next one is refused at once (PGLITE_QUEUE_LENGTH). */
  maxWaiting: number
  /** How long a request may wait for its turn before it is refused (PGLITE_QUEUE_WAIT_MS). */
  maxWaitMs: number
}

/** What the queue holds now: requests being served and requests waiting. */
export interface RequestQueueUse {
  active: number
  waiting: number
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The queue's use, on embedded PGlite only. */
    requestQueue?: () => RequestQueueUse
  }
}

/**
 * Makes the app's calls (the routes that declare their access: the API and the calendar feed)
 * take turns. Health probes, metrics and static files do not wait.
 */
export function queueRequests(app: FastifyInstance, options: RequestQueueOptions): void {
  let active = 0
  const waiting: Array<() => void> = []
  const retryAfter = Math.max(1, Math.ceil(options.maxWaitMs / 1000))
  const refuse = (reply: FastifyReply) => refuseAsBusy(reply, retryAfter)

  const leave = (turn: () => void) => {
    const index = waiting.indexOf(turn)
    if (index >= 0) waiting.splice(index, 1)
  }
  /**
   * The turn passes to the request that has waited longest, else the place is free; on the
   * event loop's next turn. Handed over at once, the queue ran request after request in one
   * chain of callbacks (PGlite's work is synchronous) without the loop reading a socket or
   * firing a timer, so what had arrived meanwhile waited until the whole queue had drained.
   */
  const handOver = () =>
    setImmediate(() => {
      const next = waiting.shift()
      if (next) next()
      else active--
    })

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config?.access) return
    let state: 'waiting' | 'served' | 'gone' = 'served'
    let admit: (served: boolean) => void = () => {}
    const turn = () => {
      state = 'served'
      admit(true)
    }
    // Once answered (or given up by the client), the turn passes on; a client that gives up
    // while waiting leaves the queue.
    reply.raw.once('close', () => {
      if (state === 'served') handOver()
      else if (state === 'waiting') {
        leave(turn)
        admit(false)
      }
      state = 'gone'
    })
    if (active < options.active && waiting.length === 0) {
      active++
      return
    }
    if (waiting.length >= options.maxWaiting) {
      state = 'gone'
      return refuse(reply)
    }
    state = 'waiting'
    const served = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        leave(turn)
        state = 'gone'
        resolve(false)
      }, options.maxWaitMs)
      admit = (value) => {
        clearTimeout(timer)
        resolve(value)
      }
      waiting.push(turn)
    })
    if (!served) return refuse(reply)
  })
  app.decorate('requestQueue', () => ({ active, waiting: waiting.length }))
}
