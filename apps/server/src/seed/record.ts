import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../db/client'
import type { LargeContacts, LargeWorkspace } from './large'

/** How many rows of each kind the contact record's seed makes. */
export interface RecordSize {
  interactions: number
  notes: number
  activity: number
}

export interface LargeRecord extends RecordSize {
  /** An adult contact with ten interactions (the average), and about ten notes and log rows. */
  typicalContactId: number
  /** The adult contact with the most of everything (over a thousand of each at 100,000 contacts). */
  heaviestContactId: number
  /** Interactions with another contact present (one in twenty). */
  othersPresent: number
  seconds: { interactions: number; notes: number; activity: number; readModel: number }
}

/** Ten of each per contact, the issue 12 targets' ratio (1,000,000 each at 100,000 contacts). */
export function recordSizeFor(contacts: number, env: Record<string, string | undefined> = process.env): RecordSize {
  const of = (name: string) => (env[name] === undefined ? contacts * 10 : Number(env[name]!.replace(/_/g, '')))
  return { interactions: of('BENCH_INTERACTIONS'), notes: of('BENCH_NOTES'), activity: of('BENCH_ACTIVITY') }
}

const batch = 250_000

/**
 * The contact record's rows for `npm run bench` (issue 12): interactions, notes and activity
 * rows on the contacts of seedLargeContacts, made by generate_series in batches of bounded
 * size. Row g goes to a contact by a fixed rule, skewed: 19 rows in 20 are spread evenly by a
 * multiplicative hash (about 9.5 per contact, independent of g's other traits), the 20th goes to the first 1 % of contacts with a square law, so a few
 * have hundreds or more and the first has the most. Contacts are numbered adults first, so
 * the heavy ones are adults (reading a minor's notes writes a safeguarding row: not what
 * these reads measure). Then the interaction read model (last, last visit, next, missed) is
 * brought up to date in one set-based statement, as refreshInteractionReadModel keeps it.
 *
 * Interactions: eight types in turn, over the last two years; one in twenty is upcoming (the
 * next 60 days) and one in fifty is past and not completed (missed). Notes: one in ten is a
 * private note of the busy pastor, ciphertext-shaped ('v1:' + base64). Activity: add, update
 * and delete of the record's kinds, with a small before/after.
 */
export async function seedLargeRecord(db: Db, workspace: LargeWorkspace, contacts: LargeContacts, size: RecordSize): Promise<LargeRecord> {
  const team = contacts.teamId
  const count = contacts.count
  const heavyPool = Math.max(1, Math.floor(count / 100))
  const [gated] = rowsOf<{ id: number }>(await db.execute(sql`select id from people where email = ${contacts.gatedEmail}`))
  const busy = workspace.busyPersonId
  const other = gated!.id
  await db.execute(sql`drop table if exists bench_contact_index`)
  await db.execute(sql`
    create unlogged table bench_contact_index as
    select (row_number() over (order by (p.dob_year is not null and p.dob_year > extract(year from now())::int - 19), p.id) - 1)::int as idx, p.id as person_id
    from team_contacts tc join people p on p.id = tc.person_id where tc.team_id = ${team}::int`)
  await db.execute(sql`create unique index on bench_contact_index (idx)`)
  // The contact of row g (an idx of bench_contact_index).
  // A multiplicative hash of g picks the path and the even contact, so neither follows g's
  // other traits (g % 10 private, g % 50 missed, …).
  const hash = sql`((g::bigint * 2654435761) % 4294967311)`
  const contactOf = sql`case when ${hash} % 20 = 0
      then floor(${heavyPool}::int * power(((g::bigint * 40503) % 1000003) / 1000003.0, 2))::int
      else ((${hash} / 20) % ${count}::int)::int end`
  const inBatches = async (total: number, statement: (from: number, to: number) => ReturnType<typeof sql>) => {
    const start = performance.now()
    for (let from = 1; from <= total; from += batch) await db.execute(statement(from, Math.min(total, from + batch - 1)))
    return (performance.now() - start) / 1000
  }
  const ago = sql`(((g * 37) % 730) * interval '1 day' + (g % 10) * interval '1 hour')`
  const interactionSeconds = await inBatches(
    size.interactions,
    (from, to) => sql`
      insert into interactions (contact_id, team_id, conference_id, author_id, by_person_id, type, type_other, date, time, occurs_at,
                                content, is_completed, completed_at, reaction, created_at, updated_at)
      select c.person_id, ${team}::int, ${workspace.conferenceId}::int, ${busy}::int, case when g % 2 = 0 then ${busy}::int else ${other}::int end,
             (array['visit', 'bible-study', 'phone-call', 'message', 'share-literature', 'prayer_request', 'prayer_answer', 'other'])[1 + g % 8],
             case when g % 8 = 7 then 'Coffee after church' end,
             moment::date, '10:00', moment,
             'Talked about the family and the week ahead (' || g || ')',
             not upcoming and g % 50 <> 3, case when not upcoming and g % 50 <> 3 then moment end,
             case when g % 8 = 1 then (array['unhappy', 'neutral', 'happy'])[1 + g % 3] end,
             least(moment, now()), least(moment, now())
      from (select g, g % 20 = 1 as upcoming,
                   case when g % 20 = 1 then now() + (1 + g % 60) * interval '1 day' else now() - ${ago} end as moment
            from generate_series(${from}::int, ${to}::int) g) s
      join bench_contact_index c on c.idx = ${contactOf}`,
  )
  // One interaction in twenty has another contact of the team present (it is theirs too).
  await db.execute(sql`
    insert into interaction_people (interaction_id, person_id)
    select i.id, c.person_id from interactions i join bench_contact_index c on c.idx = ((i.id::bigint * 31) % ${count}::int)::int
    where i.team_id = ${team}::int and i.id % 20 = 0 and c.person_id <> i.contact_id`)
  const noteSeconds = await inBatches(
    size.notes,
    (from, to) => sql`
      insert into notes (contact_id, team_id, author_id, content, is_encrypted, is_public, created_at, updated_at)
      select c.person_id, ${team}::int, case when g % 10 = 0 or g % 3 = 0 then ${busy}::int else ${other}::int end,
             case when g % 10 = 0
               then 'v1:' || replace(encode(decode(repeat(md5(g::text), 6), 'hex'), 'base64'), chr(10), '')
               else 'Prayed together; asked about the children and the new job. Will call again next week (' || g || ').' end,
             g % 10 = 0, false, now() - ${ago}, now() - ${ago}
      from generate_series(${from}::int, ${to}::int) g
      join bench_contact_index c on c.idx = ${contactOf}`,
  )
  const activitySeconds = await inBatches(
    size.activity,
    (from, to) => sql`
      insert into activity_log (author_id, team_id, subject_type, subject_id, contact_id, action, before, after, created_at)
      select case when g % 2 = 0 then ${busy}::int else ${other}::int end, ${team}::int,
             (array['user', 'interaction', 'user_note', 'user_event', 'team_contacts', 'user_assignment', 'user_relationship'])[1 + g % 7],
             g, c.person_id, (array['add', 'update', 'delete'])[1 + g % 3],
             case when g % 3 <> 0 then jsonb_build_object('member_status', 'church-attendee', 'phone', '+61 400 000 ' || (g % 1000)) end,
             case when g % 3 <> 2 then jsonb_build_object('member_status', 'member', 'phone', '+61 400 111 ' || (g % 1000)) end,
             now() - ${ago}
      from generate_series(${from}::int, ${to}::int) g
      join bench_contact_index c on c.idx = ${contactOf}`,
  )
  // The read model of every contact of the team, from the interactions the team sees, in one
  // statement (the rule of refreshInteractionReadModel, set-based).
  const readModelStart = performance.now()
  await db.execute(sql`
    with seen as (
      select i.contact_id as person_id, i.occurs_at, i.completed_at, i.is_completed, i.type
        from interactions i where i.team_id = ${team}::int or i.conference_id = ${team}::int
      union all
      select ip.person_id, i.occurs_at, i.completed_at, i.is_completed, i.type
        from interaction_people ip join interactions i on i.id = ip.interaction_id where i.team_id = ${team}::int or i.conference_id = ${team}::int
    ), agg as (
      select person_id,
             max(least(occurs_at, coalesce(completed_at, occurs_at))) filter (where is_completed) as last_at,
             max(least(occurs_at, coalesce(completed_at, occurs_at))) filter (where is_completed and type = 'visit') as last_visit_at,
             min(occurs_at) filter (where not is_completed) as next_at
      from seen group by person_id
    )
    update team_contacts tc
    set last_interaction_at = agg.last_at, last_visit_at = agg.last_visit_at, next_interaction_at = agg.next_at,
        has_overdue_interaction = coalesce(agg.next_at <= now(), false)
    from team_contacts t left join agg on agg.person_id = t.person_id
    where t.team_id = ${team}::int and tc.id = t.id`)
  const readModelSeconds = (performance.now() - readModelStart) / 1000
  const [typical] = rowsOf<{ person_id: number }>(
    await db.execute(sql`
      select person_id from bench_contact_index c
      where idx >= ${Math.floor(count / 2)}::int and (select count(*) from interactions i where i.contact_id = c.person_id) = 10
      union all select person_id from bench_contact_index where idx = ${Math.floor(count / 2)}::int
      limit 1`),
  )
  const [heaviest] = rowsOf<{ person_id: number }>(await db.execute(sql`select person_id from bench_contact_index where idx = 0`))
  const [present] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from interaction_people`))
  await db.execute(sql`drop table bench_contact_index`)
  await db.execute(sql`vacuum analyze interactions, interaction_people, notes, activity_log, team_contacts`)
  return {
    ...size,
    typicalContactId: typical!.person_id,
    heaviestContactId: heaviest!.person_id,
    othersPresent: present!.n,
    seconds: { interactions: interactionSeconds, notes: noteSeconds, activity: activitySeconds, readModel: readModelSeconds },
  }
}
