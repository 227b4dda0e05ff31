import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInThrottles } from '../../db/schema/index'
import { jobs } from '../../jobs'
import { runJob } from '../../platform/jobs'
import { createTestApp, type TestApp } from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const job = jobs.find((entry) => entry.name === 'sign-in-throttle-cleanup')!
const hoursAgo = (hours: number) => new Date(t.clock.now().getTime() - hours * 3600_000)

describe('sign-in-throttle-cleanup job', () => {
  it('forgets rows quiet for a day with no delay running, and keeps the rest', async () => {
    await t.db.insert(signInThrottles).values([
      { key: 'address:old', failures: 30, blocked_until: hoursAgo(24), last_failure_at: hoursAgo(25) },
      { key: 'address:recent', failures: 3, blocked_until: null, last_failure_at: hoursAgo(2) },
      { key: 'account:1', failures: 100, blocked_until: new Date(t.clock.now().getTime() + 600_000), last_failure_at: hoursAgo(25) },
    ])
    await runJob(t.app.deps, job)
    const left = await t.db.select({ key: signInThrottles.key }).from(signInThrottles)
    expect(left.map((row) => row.key).sort()).toEqual(['account:1', 'address:recent'])
  })
})
