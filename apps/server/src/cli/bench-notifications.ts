import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { createAccount } from '../features/auth/signup.service'
import { hashPassword } from '../platform/passwords'
import { browserGet, measure, rowsOf, type RecordResult } from './bench-measure'

// The notifications panel (issue 16 "Speed"), a section of `npm run bench` (BENCH_NOTIFICATIONS=0
// leaves it out): a conference of its own with 10,000 notifications and 100,000 receipts, and
// GET notifications as a user of one of its churches, over HTTP. Target on PostgreSQL: p95 ≤ 30 ms.

export const notificationsOn = process.env.BENCH_NOTIFICATIONS !== '0'
/** Sequential requests per call (BENCH_ROUNDS, 100). */
const rounds = Number(process.env.BENCH_ROUNDS ?? 100)
const conferenceNotifications = 10_000
const globalNotifications = 200
const teamNotifications = 300
/** Readers other than the user: each has seen a tenth of the conference's notifications. */
const readers = 95

export interface NotificationsSeed {
  churchId: number
  userEmail: string
  notifications: number
  receipts: number
  seconds: number
}

/**
 * The conference's 10,000 notifications over the last year (a few scheduled ahead), 200
 * global ones, 300 team ones for the user (about other people too), and 100,000 receipts:
 * the user has seen every other one of the conference's, 95 other readers a tenth each.
 */
export async function seedNotifications(db: Db, options: { password: string }): Promise<NotificationsSeed> {
  const started = performance.now()
  const hash = await hashPassword(options.password)
  const userEmail = 'notifications-user@bench.test'
  const userId = await createAccount(
    db,
    new Date(),
    { firstName: 'Noel', lastName: 'Reader', email: userEmail, password: options.password, verified: true },
    hash,
  )
  const [conference] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into teams (kind, title) values ('conference', 'Notifications Conference') returning id`),
  )
  const conferenceId = conference!.id
  const [church] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into teams (kind, parent_id, title) values ('team', ${conferenceId}::int, 'Notifications Church') returning id`),
  )
  const churchId = church!.id
  await db.execute(sql`insert into memberships (person_id, team_id, role) values (${userId}::int, ${churchId}::int, 'member')`)
  await db.execute(sql`
    insert into people (first_name, last_name, email) select 'Reader', 'Number ' || n, 'notifications-reader-' || n || '@bench.test'
    from generate_series(1, ${readers}::int) n`)

  // The conference's: one every ~53 minutes over the last year; the newest 20 scheduled ahead.
  await db.execute(sql`
    insert into notifications (level, team_id, content, importance, is_scheduled, date, created_at)
    select 'conference', ${conferenceId}::int, '<p>Conference news number ' || n || ' with a <a href="https://example.org">link</a></p>',
           (array['normal', 'normal', 'medium', 'high'])[1 + n % 4], n > ${conferenceNotifications - 20}::int,
           case when n > ${conferenceNotifications - 20}::int then now() + (n - ${conferenceNotifications - 20}::int) * interval '1 day'
                else now() - interval '365 days' + n * interval '3150 seconds' end,
           now() - interval '365 days' + n * interval '3150 seconds'
    from generate_series(1, ${conferenceNotifications}::int) n`)
  await db.execute(sql`
    insert into notifications (level, content, date)
    select 'global', '<p>Global news ' || n || '</p>', now() - n * interval '1 day' from generate_series(1, ${globalNotifications}::int) n`)
  await db.execute(sql`
    insert into notifications (level, team_id, recipient_user_id, content, date)
    select 'team', ${churchId}::int, ${userId}::int, '<p>Reminder ' || n || '</p>', now() - n * interval '1 hour'
    from generate_series(1, ${teamNotifications}::int) n`)

  await db.execute(sql`
    insert into notification_receipts (notification_id, user_id)
    select id, ${userId}::int from notifications where team_id = ${conferenceId}::int and level = 'conference' and id % 2 = 0`)
  await db.execute(sql`
    insert into notification_receipts (notification_id, user_id)
    select n.id, p.id from notifications n
    join (select id, row_number() over (order by id) k from people where email like 'notifications-reader-%@bench.test') p on n.id % 10 = p.k % 10
    where n.team_id = ${conferenceId}::int and n.level = 'conference'`)
  await db.execute(sql`analyze notifications`)
  await db.execute(sql`analyze notification_receipts`)
  const [counts] = rowsOf<{ notifications: number; receipts: number }>(
    await db.execute(sql`
      select (select count(*)::int from notifications where team_id = ${conferenceId}::int) as notifications,
             (select count(*)::int from notification_receipts r join notifications n on n.id = r.notification_id where n.team_id = ${conferenceId}::int) as receipts`),
  )
  return { churchId, userEmail, notifications: counts!.notifications, receipts: counts!.receipts, seconds: (performance.now() - started) / 1000 }
}

export interface NotificationsBench {
  base: string
  /** A bearer token of the account with this email (the workspace's password). */
  tokenOf: (email: string) => Promise<string>
  seeded: NotificationsSeed
}

export async function measureNotifications({ base, tokenOf, seeded }: NotificationsBench): Promise<RecordResult[]> {
  const out: RecordResult[] = []
  const auth = { authorization: `Bearer ${await tokenOf(seeded.userEmail)}` }
  const team = seeded.churchId
  const calls: Array<[label: string, query: string]> = [
    ['GET notifications, page 1 (per_page 20), as a church user', ''],
    ['GET notifications, filter=unread, page 1', '&filter=unread'],
    ['GET notifications, filter=read, page 1', '&filter=read'],
    ['GET notifications, page 100 (per_page 50)', '&per_page=50&page=100'],
  ]
  for (const [label, query] of calls) {
    const url = `${base}/api/v1/notifications?team_id=${team}&group_id=${team}${query}`
    const first = await fetch(url, { headers: auth })
    if (!first.ok) throw new Error(`${url}: HTTP ${first.status} ${await first.text()}`)
    const { count, count_unread: unread } = (await first.json()) as { count: number; count_unread: number }
    const shown = `${count.toLocaleString('en')} under the filter, ${unread.toLocaleString('en')} unread`
    out.push({ ...(await measure(`${label} — ${shown}`, rounds, () => browserGet(url, auth))), key: label, sqlP50: Number.NaN, kind: 'read' })
  }
  return out
}

export function printNotifications(engine: string, seeded: NotificationsSeed, results: RecordResult[]): void {
  console.log(
    `\n${engine}: notifications (issue 16), a conference of ${seeded.notifications.toLocaleString('en')} notifications and ` +
      `${seeded.receipts.toLocaleString('en')} receipts; seeded in ${seeded.seconds.toFixed(1)} s, ${rounds} requests each`,
  )
  console.log('| call | p50 ms | p95 ms |\n|---|---|---|')
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`)
}
