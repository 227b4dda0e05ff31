// The part of autocannon's API `npm run bench` uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
  }

  interface Result {
    requests: { average: number; total: number }
    latency: { p50: number; p99: number }
    duration: number
    errors: number
    timeouts: number
    non2xx: number
  }

  interface Instance extends EventEmitter {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this
    on(event: 'done', listener: (result: Result) => void): this
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance

  export default autocannon
}
