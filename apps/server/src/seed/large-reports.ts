import { sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Db } from '../db/client'
import { createAccount } from '../features/auth/signup.service'
import { hashPassword } from '../platform/passwords'
import { nameWordsSql } from '../platform/read-model'

// The reports' data set (issue 18 "Speed", `npm run bench`, bench-reports.ts): a conference of
// its own with `churches` churches sharing `contacts` contacts, `interactions` interactions
// (about 20 a contact: most completed, some by the assignee), `decisions` decisions (a third
// baptisms), two in five contacts assigned to one of the church's 20 staff, and each church's
// events (one-off, multi-day, weekly) with their attendance. Set-based: every table is one
// generate_series statement, the interactions a few of bounded size.

export interface ReportsSizes {
  churches: number
  contacts: number
  interactions: number
  decisions: number
}

export interface LargeReports extends ReportsSizes {
  conferenceId: number
  churchIds: number[]
  officerEmail: string
  leaderEmail: string
  assignments: number
  events: number
  attendance: number
  seconds: number
}

/** Staff per church: the assignees and the people who log the interactions. */
const staffPerChurch = 20
/** Interactions per statement: bounded statements (one trigger run each) rather than one huge one. */
const interactionBatch = 500_000

const memberStatuses = ['member', 'baptismal-candidate', 'study-in-person', 'church-attendee', 'event-interest', 'lead-visited', 'former-member']
const sources = ['friend-family', 'member-referral', 'evangelistic-event', 'health-program', 'community-service', 'media', 'online', 'walk-in']
const decisionTypes = ['baptism', 'profession-of-faith', 'decision-for-baptism']

function textArray(values: readonly string[]) {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`
}

export async function seedLargeReports(db: Db, options: ReportsSizes & { password: string }): Promise<LargeReports> {
  const started = performance.now()
  const { churches, contacts, interactions, decisions } = options
  const perChurch = Math.ceil(contacts / churches)
  const hash = await hashPassword(options.password)
  const officerEmail = 'report-officer@bench.test'
  const leaderEmail = 'report-leader@bench.test'
  const officerId = await createAccount(
    db,
    new Date(),
    { firstName: 'Report', lastName: 'Officer', email: officerEmail, password: options.password, verified: true },
    hash,
  )
  const leaderId = await createAccount(
    db,
    new Date(),
    { firstName: 'Report', lastName: 'Leader', email: leaderEmail, password: options.password, verified: true },
    hash,
  )
  const [conference] = rowsOf<{ id: number }>(await db.execute(sql`insert into teams (kind, title) values ('conference', 'Reports Conference') returning id`))
  const conferenceId = conference!.id
  const churchIds = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into teams (kind, parent_id, title) select 'team', ${conferenceId}::int, 'Reports Church ' || n
      from generate_series(1, ${churches}::int) n order by n returning id`),
  )
    .map((row) => row.id)
    .sort((a, b) => a - b)
  const churchArray = sql.raw(`array[${churchIds.join(',')}]::int[]`)
  await db.execute(sql`insert into memberships (person_id, team_id, role) values (${officerId}::int, ${conferenceId}::int, 'entity_admin')`)
  await db.execute(
    sql`insert into memberships (person_id, team_id, role, has_wwcc, has_adsafe) values (${leaderId}::int, ${churchIds[0]!}::int, 'leader', true, true)`,
  )

  // Staff s = 0 … churches × 20 − 1, church s / 20; then the contacts k = 0 … contacts − 1, church k / perChurch.
  await db.execute(sql`
    insert into people (first_name, last_name, email) select 'Staff', 'Member ' || s, 'report-staff' || s || '@bench.test'
    from generate_series(0, ${churches * staffPerChurch - 1}::int) s order by s`)
  const staffFirst = await firstOfConsecutive(db, sql`email like 'report-staff%@bench.test'`, churches * staffPerChurch)
  await db.execute(sql`
    insert into memberships (person_id, team_id, role)
    select ${staffFirst}::int + s, (${churchArray})[1 + s / ${staffPerChurch}::int], case when s % 5 = 0 then 'leader' else 'member' end
    from generate_series(0, ${churches * staffPerChurch - 1}::int) s`)
  await db.execute(sql`
    insert into people (first_name, last_name, gender, member_status, source, created_by_id)
    select (array['Olivia', 'Jack', 'Mia', 'Noah', 'Ava', 'Liam'])[1 + k % 6], 'Reported ' || k, (array['male', 'female'])[1 + k % 2],
           (${textArray(memberStatuses)})[1 + k % ${memberStatuses.length}], (${textArray(sources)})[1 + (k * 7) % ${sources.length}], ${officerId}::int
    from generate_series(0, ${contacts - 1}::int) k order by k`)
  const contactFirst = await firstOfConsecutive(db, sql`created_by_id = ${officerId}::int and last_name like 'Reported %'`, contacts)
  // Taken in over five years; one in thirty archived.
  const words = nameWordsSql(sql`p.first_name`, sql`p.last_name`)
  await db.execute(sql`
    insert into team_contacts (team_id, person_id, is_owner, state, archived_at, created_at, sort_name, name_words, search_text, member_status, source, gender)
    select (${churchArray})[1 + k / ${perChurch}::int], ${contactFirst}::int + k, true, 'active',
           case when k % 30 = 0 then now() - interval '10 days' end,
           now() - ((k::bigint * 7919) % (5 * 365 * 24))::int * interval '1 hour',
           lower(p.first_name || ' ' || p.last_name), ${words}, ${words}, p.member_status, p.source, p.gender
    from generate_series(0, ${contacts - 1}::int) k join people p on p.id = ${contactFirst}::int + k`)
  // Interaction n: contact n % contacts, by its assignee-to-be (staff k % 20) one time in two, else
  // another of the church's staff; over the last three years and the next month; completed
  // when past (nine in ten of those), a few hours after.
  for (let from = 0; from < interactions; from += interactionBatch) {
    const to = Math.min(interactions, from + interactionBatch) - 1
    await db.execute(sql`
      insert into interactions (contact_id, team_id, conference_id, author_id, by_person_id, type, date, occurs_at, is_completed, completed_at)
      select ${contactFirst}::int + k, (${churchArray})[1 + k / ${perChurch}::int], ${conferenceId}::int, by_id, by_id, 'visit', (at at time zone 'Australia/Sydney')::date, at,
             at < now() and n % 10 <> 0, case when at < now() and n % 10 <> 0 then at + (n % 48) * interval '1 hour' end
      from (
        select n, k, ${staffFirst}::int + (k / ${perChurch}::int) * ${staffPerChurch}::int + (case when n % 2 = 0 then k else k + n / ${contacts}::int + 1 end) % ${staffPerChurch}::int as by_id,
               date_trunc('hour', now()) - (((n * 104729) % (3 * 365 * 24 + 720)) - 720) * interval '1 hour' as at
        from (select n, (n % ${contacts}::int)::int as k from generate_series(${from}::bigint, ${to}::bigint) n) s
      ) i`)
  }
  // The planner needs the interactions' statistics to find a contact's own (interactions_contact_idx).
  await db.execute(sql`analyze interactions`)
  // Two in five contacts assigned to staff k % 20 of their church, a few days after they came.
  // After the interactions, and their follow-ups worked out in one pass: the assignments'
  // trigger looks each new assignment's contact up in its interactions, 100,000 lookups of
  // twenty rows on as many pages, which took over 20 minutes on a loaded machine; one join of
  // the interactions by contact does the same in seconds. The trigger's own tests keep it honest
  // (reports.test.ts).
  await db.execute(sql`alter table assignments disable trigger assignment_follow_ups_assignment_insert`)
  try {
    await db.execute(sql`
      insert into assignments (team_id, contact_id, to_person_id, created_at)
      select tc.team_id, tc.person_id, ${staffFirst}::int + (k / ${perChurch}::int) * ${staffPerChurch}::int + k % ${staffPerChurch}::int,
             tc.created_at + (k % 9) * interval '1 day'
      from generate_series(0, ${contacts - 1}::int) k join team_contacts tc on tc.person_id = ${contactFirst}::int + k
      where k % 5 < 2`)
  } finally {
    await db.execute(sql`alter table assignments enable trigger assignment_follow_ups_assignment_insert`)
  }
  await db.execute(sql`
    update assignments a set first_completed_at = s.first_at, first_response_at = s.response_at
    from (
      select a.id, min(coalesce(i.completed_at, i.occurs_at)) as first_at,
             min(coalesce(i.completed_at, i.occurs_at)) filter (where coalesce(i.completed_at, i.occurs_at) >= a.created_at) as response_at
      from assignments a
      join interactions i on i.contact_id = a.contact_id and i.team_id = a.team_id and i.by_person_id = a.to_person_id and i.is_completed
      where a.team_id = any(${churchArray})
      group by a.id
    ) s
    where a.id = s.id`)

  await db.execute(sql`
    insert into contact_events (contact_id, team_id, type, kind, date)
    select ${contactFirst}::int + k, (${churchArray})[1 + k / ${perChurch}::int], (${textArray(decisionTypes)})[1 + n % 3], 'decision',
           current_date - ((n::bigint * 7919) % (5 * 365))::int
    from (select n, ((n::bigint * 7) % ${contacts}::int)::int as k from generate_series(0, ${decisions - 1}::int) n) s`)

  // Each church: 60 one-day events over three years, 6 multi-day, 8 weekly series (never ending),
  // 20 attending each one-day event and each multi-day day, 15 each Sunday of a series' last year.
  await db.execute(sql`
    insert into events (team_id, title, is_recurring, is_multi_day, start_date, end_date, span_days, last_date)
    select c.id, 'Event ' || e, false, e > 60, d, d + case when e > 60 then 2 else 0 end, case when e > 60 then 3 else 1 end, d
    from unnest(${churchArray}) c(id), generate_series(1, 66) e, lateral (select current_date - 1000 + e * 16 as d) x`)
  await db.execute(sql`
    insert into events (team_id, title, is_recurring, rrule, start_date, end_date, span_days, last_date)
    select c.id, 'Sunday series ' || e, true, 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU', d, d, 1, null
    from unnest(${churchArray}) c(id), generate_series(1, 8) e,
         lateral (select (current_date - 1100 + e * 60 - extract(dow from current_date - 1100 + e * 60)::int) as d) x`)
  await db.execute(sql`
    insert into event_attendance (event_id, team_id, event_date, person_id, is_visitor, visitor_name)
    select e.id, e.team_id, day, case when a < 18 then ${contactFirst}::int + (array_position(${churchArray}, e.team_id) - 1) * ${perChurch}::int + (e.id * 31 + a) % ${perChurch}::int end,
           a >= 18, case when a >= 18 then 'Visitor ' || a end
    from events e, generate_series(e.start_date, e.end_date, interval '1 day') day, generate_series(0, 19) a
    where e.team_id = any(${churchArray}) and not e.is_recurring
    on conflict do nothing`)
  await db.execute(sql`
    insert into event_attendance (event_id, team_id, event_date, person_id)
    select e.id, e.team_id, day, ${contactFirst}::int + (array_position(${churchArray}, e.team_id) - 1) * ${perChurch}::int + (e.id * 31 + a) % ${perChurch}::int
    from events e, generate_series(e.start_date + greatest(0, (current_date - 365 - e.start_date + 6) / 7 * 7), current_date, interval '7 days') day, generate_series(0, 14) a
    where e.team_id = any(${churchArray}) and e.is_recurring
    on conflict do nothing`)
  await db.execute(sql`vacuum analyze`)
  const [counts] = rowsOf<{ assignments: number; events: number; attendance: number }>(
    await db.execute(sql`
      select (select count(*)::int from assignments where team_id = any(${churchArray})) as assignments,
             (select count(*)::int from events where team_id = any(${churchArray})) as events,
             (select count(*)::int from event_attendance where team_id = any(${churchArray})) as attendance`),
  )
  return {
    churches,
    contacts,
    interactions,
    decisions,
    conferenceId,
    churchIds,
    officerEmail,
    leaderEmail,
    ...counts!,
    seconds: (performance.now() - started) / 1000,
  }
}

/** The first id of `count` people just inserted (one statement: consecutive ids), checked. */
async function firstOfConsecutive(db: Db, where: SQL, count: number): Promise<number> {
  const [row] = rowsOf<{ first: number; last: number; n: number }>(
    await db.execute(sql`select min(id)::int as first, max(id)::int as last, count(*)::int as n from people where ${where}`),
  )
  if (!row || row.n !== count || row.last - row.first + 1 !== count) throw new Error('seedLargeReports: the people did not get consecutive ids')
  return row.first
}
