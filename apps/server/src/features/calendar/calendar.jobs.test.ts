import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { icalFeedTexts, icalFeeds } from '../../db/schema/index'
import { jobs } from '../../jobs'
import { runJob } from '../../platform/jobs'
import { buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const job = jobs.find((entry) => entry.name === 'calendar-feed-texts-cleanup')!
const hoursAgo = (hours: number) => new Date(t.clock.now().getTime() - hours * 3600_000)

describe('calendar-feed-texts-cleanup job', () => {
  it('forgets the kept texts of feeds not built for a day, with the names they showed, and keeps the rest', async () => {
    const team = await buildTeam(t)
    const [stale, fresh] = [await buildPerson(t), await buildPerson(t)]
    await t.db.insert(icalFeeds).values([
      { user_id: stale.id, team_id: team, token_hash: `stale-${team}` },
      { user_id: fresh.id, team_id: team, token_hash: `fresh-${team}` },
    ])
    await t.db.insert(icalFeedTexts).values([
      { user_id: stale.id, team_id: team, etag: 'W/"a"', text: 'SUMMARY:Visit Ruth', built_at: hoursAgo(25) },
      { user_id: fresh.id, team_id: team, etag: 'W/"b"', text: 'SUMMARY:Visit Sam', built_at: hoursAgo(2) },
    ])
    expect(await runJob(t.app.deps, job)).toBe('done')
    const left = await t.db.select({ user_id: icalFeedTexts.user_id }).from(icalFeedTexts)
    expect(left.map((row) => row.user_id)).toEqual([fresh.id])
  })
})
