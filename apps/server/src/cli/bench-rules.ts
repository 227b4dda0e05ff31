import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { missedInteractionRules } from '../db/schema/index'
import { runMissedInteractionRules } from '../features/notifications/rules.jobs'
import { rowsOf } from './bench-measure'

// The missed-activity rule's job (issue 16), a section of `npm run bench` (BENCH_RULES=0
// leaves it out): one rule on the bench's conference, 'after 7 days, tell the owner', over
// the contacts' church (BENCH_CONTACTS contacts and the record's interactions, 1,000,000 at
// 100,000 contacts). The first run claims and writes a notification for every quiet contact
// (target ≤ 30 s on PostgreSQL); the second finds them all delivered (the hourly cost).

export const rulesOn = process.env.BENCH_RULES !== '0'
const afterDays = 7

export interface RulesResult {
  contacts: number
  interactions: number
  quiet: number
  written: number
  firstSeconds: number
  secondSeconds: number
}

export async function measureRules(options: { db: Db; config: Config; log: FastifyBaseLogger; conferenceId: number; teamId: number }): Promise<RulesResult> {
  const { db } = options
  const deps = { db, config: options.config, log: options.log, now: () => new Date() }
  const [counts] = rowsOf<{ contacts: number; interactions: number; quiet: number }>(
    await db.execute(sql`
      select (select count(*)::int from team_contacts where team_id = ${options.teamId}::int) as contacts,
             (select count(*)::int from interactions where team_id = ${options.teamId}::int) as interactions,
             (select count(*)::int from team_contacts where team_id = ${options.teamId}::int and state = 'active' and archived_at is null
                and coalesce(last_interaction_at, created_at) < now() - ${afterDays}::int * interval '1 day') as quiet`),
  )
  await db.insert(missedInteractionRules).values({ team_id: options.conferenceId, after_days: afterDays, to: 'owner' })
  const count = async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from notifications where level = 'team'`))[0]!.n
  const before = await count()
  let started = performance.now()
  await runMissedInteractionRules(deps)
  const firstSeconds = (performance.now() - started) / 1000
  const written = (await count()) - before
  started = performance.now()
  await runMissedInteractionRules(deps)
  const secondSeconds = (performance.now() - started) / 1000
  return { contacts: counts!.contacts, interactions: counts!.interactions, quiet: counts!.quiet, written, firstSeconds, secondSeconds }
}

export function printRules(engine: string, result: RulesResult): void {
  const n = (value: number) => value.toLocaleString('en')
  console.log(
    `\n${engine}: missed-interaction-rules job (issue 16), ${n(result.contacts)} contacts and ${n(result.interactions)} interactions in the church, ` +
      `rule 'after ${afterDays} days, tell the owner'`,
  )
  console.log('| run | contacts quiet | notifications written | seconds |\n|---|---|---|---|')
  console.log(`| first (every quiet contact claimed and notified) | ${n(result.quiet)} | ${n(result.written)} | ${result.firstSeconds.toFixed(1)} |`)
  console.log(`| second (all delivered already) | ${n(result.quiet)} | 0 | ${result.secondSeconds.toFixed(1)} |`)
}
