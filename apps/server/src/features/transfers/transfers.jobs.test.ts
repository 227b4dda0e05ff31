import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activityLog, jobRuns, memberships, teams, transfers } from '../../db/schema/index'
import { jobs } from '../../jobs'
import type { Deps } from '../../platform/deps'
import { runJob } from '../../platform/jobs'
import { createTestApp, type TestApp } from '../../../test/harness'
import { buildTransferWorld, insertTransfer } from '../../../test/transfer-factories'
import { processDueTransfers } from './transfers.jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const job = jobs.find((entry) => entry.name === 'transfers-processing')!

/** The app's services with the job's clock at `now`. */
function depsAt(now: Date): Deps {
  return { ...t.app.deps, now: () => now }
}

async function transferOf(id: number) {
  const [row] = await t.db.select().from(transfers).where(eq(transfers.id, id))
  return row!
}

async function processingRows(id: number) {
  return t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.subject_type, 'transfer'), eq(activityLog.subject_id, id), eq(activityLog.action, 'update')))
}

describe('the transfers job (spec 3 §4: a transfer is processed on its date)', () => {
  it('processes a transfer whose day has come, once; a later or undated one waits; a second run changes nothing', async () => {
    const due = await buildTransferWorld(t)
    const later = await buildTransferWorld(t)
    const undated = await buildTransferWorld(t)
    const today = new Date(Date.UTC(2030, 5, 10, 3))
    const dueId = await insertTransfer(t, due, '2030-06-10')
    const laterId = await insertTransfer(t, later, '2030-06-12')
    const undatedId = await insertTransfer(t, undated)

    expect(await runJob(depsAt(today), job)).toBe('done')
    expect(await transferOf(dueId)).toMatchObject({ is_processed: true, processed_by_id: null })
    expect((await transferOf(laterId)).is_processed).toBe(false)
    expect((await transferOf(undatedId)).is_processed).toBe(false)
    const pastor = await t.db.select({ team_id: memberships.team_id }).from(memberships).where(eq(memberships.person_id, due.pastor.id))
    expect(pastor).toEqual([{ team_id: due.to }])
    const [run] = await t.db.select().from(jobRuns).where(eq(jobRuns.job, job.name)).orderBy(jobRuns.id)
    expect(run).toMatchObject({ status: 'done', detail: 'processed 1 transfer' })

    // Idempotent: the same day again finds nothing to do.
    expect(await processDueTransfers(depsAt(today))).toBeUndefined()
    expect(await processingRows(dueId)).toHaveLength(1)
    // Two days on, the later one.
    expect(await processDueTransfers(depsAt(new Date(Date.UTC(2030, 5, 12, 3))))).toBe('processed 1 transfer')
    expect((await transferOf(laterId)).is_processed).toBe(true)
  })

  it('waits for the day where the from-church lives', async () => {
    const sydney = await buildTransferWorld(t)
    const honolulu = await buildTransferWorld(t)
    await t.db
      .update(teams)
      .set({ settings: { time_zone: 'Pacific/Honolulu' } })
      .where(eq(teams.id, honolulu.from))
    const sydneyId = await insertTransfer(t, sydney, '2031-03-02')
    const honoluluId = await insertTransfer(t, honolulu, '2031-03-02')
    // 2 March 05:00 UTC: 16:00 in Sydney, still 1 March (19:00) in Honolulu.
    await processDueTransfers(depsAt(new Date(Date.UTC(2031, 2, 2, 5))))
    expect((await transferOf(sydneyId)).is_processed).toBe(true)
    expect((await transferOf(honoluluId)).is_processed).toBe(false)
    await processDueTransfers(depsAt(new Date(Date.UTC(2031, 2, 2, 11))))
    expect((await transferOf(honoluluId)).is_processed).toBe(true)
  })

  it('never processes one transfer twice when two runs meet (SKIP LOCKED)', async () => {
    const worlds = [await buildTransferWorld(t), await buildTransferWorld(t), await buildTransferWorld(t)]
    const ids = [] as number[]
    for (const w of worlds) ids.push(await insertTransfer(t, w, '2032-01-01'))
    const at = depsAt(new Date(Date.UTC(2032, 0, 1, 6)))
    await Promise.all([processDueTransfers(at), processDueTransfers(at)])
    for (const id of ids) {
      expect((await transferOf(id)).is_processed).toBe(true)
      expect(await processingRows(id)).toHaveLength(1)
    }
  })
})
