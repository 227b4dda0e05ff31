import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { runJob } from './jobs'

const token = 'a scraper token of at least thirty-two characters'

// Prometheus metrics, off unless METRICS_TOKEN is set (issue 38 item 4).
describe('/metrics', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({ metricsToken: token })
  })
  afterAll(async () => app.close())

  const scrape = (authorization?: string) => app.call({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

  it('answers 401 without the token or with another', async () => {
    expect((await scrape()).statusCode).toBe(401)
    expect((await scrape(`Bearer ${token}x`)).statusCode).toBe(401)
  })

  it("counts answers by route template, never by the url's ids, and job runs", async () => {
    expect((await app.call({ method: 'GET', url: '/health/live' })).statusCode).toBe(200)
    // A calendar feed's url carries its secret token: the label is the route's template.
    expect((await app.call({ method: 'GET', url: '/ical/secret-feed-token-123456.ics' })).statusCode).toBe(404)
    await runJob(app.app.deps, { name: 'metrics-test-job', everyMs: 60_000, run: async () => 'ran' })
    const response = await scrape(`Bearer ${token}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
    const text = response.body
    expect(text).toMatch(/^crm_http_requests_total\{method="GET",route="\/health\/live",status_code="200"\} [1-9]\d*$/m)
    expect(text).toMatch(/^crm_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/health\/live"\} [1-9]\d*$/m)
    expect(text).toMatch(/^crm_job_runs_total\{job="metrics-test-job",status="done"\} 1$/m)
    expect(text).toMatch(/^crm_process_resident_memory_bytes \d+/m)
    expect(text).toMatch(/^crm_http_requests_total\{method="GET",route="\/ical\/:file",status_code="404"\} [1-9]\d*$/m)
    expect(text).not.toContain('secret-feed-token')
  })
})

describe('/metrics without METRICS_TOKEN', () => {
  it('is not there', async () => {
    const app = await createTestApp()
    try {
      const response = await app.call({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })
      expect(response.statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})
