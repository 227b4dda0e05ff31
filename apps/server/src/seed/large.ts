import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../db/client'
import { createAccount } from '../features/auth/signup.service'
import { hashPassword } from '../platform/passwords'
import { growPhaseRankSql, memberStatusRank, nameWordsSql } from '../platform/read-model'
import { sources } from './demo-words'

export interface LargeWorkspace {
  conferenceId: number
  teamIds: number[]
  /** A person who belongs to every team (the heaviest GET user). */
  busyPersonId: number
  busyEmail: string
  password: string
}

/**
 * The large data set of `npm run bench`: a conference with `teams` churches, each with
 * `groupsPerTeam` groups and `membersPerTeam` members, made with set-based SQL.
 */
export async function seedLargeWorkspace(db: Db, options: { teams: number; groupsPerTeam: number; membersPerTeam: number }): Promise<LargeWorkspace> {
  const password = 'bench password 2026'
  const busyEmail = 'busy@bench.test'
  const busyPersonId = await createAccount(
    db,
    new Date(),
    { firstName: 'Busy', lastName: 'Pastor', email: busyEmail, password, verified: true },
    await hashPassword(password),
  )
  const [conference] = rowsOf<{ id: number }>(await db.execute(sql`insert into teams (kind, title) values ('conference', 'Bench Conference') returning id`))
  const teamIds = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into teams (kind, parent_id, title)
          select 'team', ${conference!.id}, 'Bench Church ' || n from generate_series(1, ${options.teams}) n returning id`,
    ),
  ).map((row) => row.id)
  await db.execute(sql`
    insert into teams (kind, parent_id, title, is_public)
    select 'group', t.id, 'Group ' || g, g % 3 <> 0
    from unnest(${sql.raw(`array[${teamIds.join(',')}]`)}::int[]) t(id), generate_series(1, ${options.groupsPerTeam}) g`)
  await db.execute(sql`
    insert into memberships (person_id, team_id, role)
    select ${busyPersonId}, t.id, 'owner' from unnest(${sql.raw(`array[${teamIds.join(',')}]`)}::int[]) t(id)`)
  // Members: people first, then one membership each, spread over the teams.
  const total = options.teams * options.membersPerTeam
  const firstNames = ['Anna', 'Ben', 'Chloe', 'Daniel', 'Ella', 'Finn', 'Grace', 'Henry', 'Isla', 'Jack', 'Kate', 'Liam']
  const lastNames = ['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Martin', 'Lee', 'Walker']
  await db.execute(sql`
    insert into people (first_name, last_name, email)
    select (${sql.raw(`array['${firstNames.join("','")}']`)})[1 + n % ${firstNames.length}],
           (${sql.raw(`array['${lastNames.join("','")}']`)})[1 + (n / ${firstNames.length}) % ${lastNames.length}] || ' ' || n,
           'member' || n || '@bench.test'
    from generate_series(1, ${total}) n`)
  await db.execute(sql`
    insert into memberships (person_id, team_id, role)
    select p.id, (${sql.raw(`array[${teamIds.join(',')}]`)})[1 + (row_number() over (order by p.id) - 1) % ${teamIds.length}],
           case when p.id % 10 = 0 then 'leader' else 'member' end
    from people p where p.email like 'member%@bench.test'`)
  await db.execute(sql`analyze`)
  return { conferenceId: conference!.id, teamIds, busyPersonId, busyEmail, password }
}

export interface LargeContacts {
  teamId: number
  groupId: number
  count: number
  /** A leader of the team without the checks: the child data gate applies. */
  gatedEmail: string
}

const contactFirstNames = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Amelia',
  'William',
  'Isla',
  'Oliver',
  'Mia',
  'Thomas',
  'Ava',
  'James',
  'Grace',
  'Lucas',
  'Chloe',
  'Henry',
  'Anna',
  'Ethan',
  'Joanne',
  'Liam',
  'Hannah',
  'Mason',
  'Leanne',
  'Cooper',
  'Annie',
  'Harrison',
  'Sienna',
  'Lachlan',
  'Ruby',
  'Hamish',
  'Matilda',
  'Angus',
  'Zara',
  'Archie',
  'Ella',
  'Riley',
]
const contactLastNames = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Johnson',
  'White',
  'Martin',
  'Anderson',
  'Thompson',
  'Nguyen',
  'Thomas',
  'Walker',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Mann',
  'Campbell',
  'Clarke',
  'Mitchell',
  'Young',
  'Murphy',
  "O'Brien",
  'Tran',
  'Hughes',
  'Cooper',
  'Edwards',
  'Wood',
  'Hall',
  'Green',
]
const memberStatuses = [
  'member',
  'baptismal-candidate',
  'study-in-person',
  'study-correspondence',
  'church-attendee',
  'event-interest',
  'lead-visited',
  'lead-unvisited',
  'former-member',
  'not-interested',
]

function textArray(values: readonly string[]) {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`
}

/**
 * `count` contacts in one team of the workspace (`npm run bench`), with the read model
 * filled by set-based SQL exactly as the contacts service keeps it (search text with the
 * phone's digits and its local form). 5 % are archived, 10 % in a group, 1 % assigned to
 * the busy pastor, about a sixth are children; interactions are spread over two years.
 */
export async function seedLargeContacts(db: Db, workspace: LargeWorkspace, count: number): Promise<LargeContacts> {
  const teamId = workspace.teamIds[0]!
  const [group] = rowsOf<{ id: number }>(await db.execute(sql`select id from teams where parent_id = ${teamId} and kind = 'group' order by id limit 1`))
  const gatedEmail = 'gated@bench.test'
  const gatedId = await createAccount(
    db,
    new Date(),
    { firstName: 'Gated', lastName: 'Leader', email: gatedEmail, password: workspace.password, verified: true },
    await hashPassword(workspace.password),
  )
  await db.execute(sql`insert into memberships (person_id, team_id, role) values (${gatedId}, ${teamId}, 'leader')`)
  const lastPersonId = async () => rowsOf<{ id: number }>(await db.execute(sql`select coalesce(max(id), 0) as id from people`))[0]!.id
  const before = { id: await lastPersonId() }
  // In batches, so a million contacts are a few statements of bounded size (one transaction
  // each, the counts trigger run once per batch) rather than one of unbounded size.
  for (let from = 1; from <= count; from += seedBatch) {
    const to = Math.min(count, from + seedBatch - 1)
    const batchAfter = await lastPersonId()
    await seedContactBatch(db, workspace, teamId, from, to, batchAfter)
  }
  await db.execute(sql`
    insert into group_contacts (group_id, person_id) select ${group!.id}, id from people where id > ${before.id} and id % 10 = 0`)
  await db.execute(sql`
    insert into assignments (team_id, contact_id, to_person_id, by_person_id)
    select ${teamId}, id, ${workspace.busyPersonId}, ${workspace.busyPersonId} from people where id > ${before.id} and id % 100 = 1`)
  // Index-only scans need the visibility map; autovacuum keeps it in production.
  await db.execute(sql`vacuum analyze`)
  return { teamId, groupId: group!.id, count, gatedEmail }
}

const seedBatch = 100_000

/** Contacts n = from..to (their names and details follow n), people with ids above `after`. */
async function seedContactBatch(db: Db, workspace: LargeWorkspace, teamId: number, from: number, to: number, after: number): Promise<void> {
  const first = sql`(${textArray(contactFirstNames)})[1 + n % ${contactFirstNames.length}]`
  const last = sql`(${textArray(contactLastNames)})[1 + (n / ${contactFirstNames.length}) % ${contactLastNames.length}]`
  await db.execute(sql`
    insert into people (first_name, last_name, gender, dob_year, dob_month, email, phone, member_status, source, grow_phase, created_by_id,
                        address_city, address_state, address_country)
    select ${first}, ${last},
           (array['male', 'female', 'declined'])[1 + n % 3],
           case when n % 10 = 0 then null else (extract(year from now())::int - 3 - (n * 7) % 85) end,
           case when n % 10 = 0 then null else 1 + n % 12 end,
           lower(${first}) || '.' || lower(replace(${last}, '''', '')) || n || '@contacts.bench.test',
           '+6141' || lpad(((n::bigint * 7919) % 10000000)::text, 7, '0'),
           (${textArray(memberStatuses)})[1 + n % ${memberStatuses.length}],
           (${textArray(sources)})[1 + n % ${sources.length}],
           (array['prepare', 'plant', 'cultivate', 'harvest', 'preserve', null])[1 + n % 6],
           ${workspace.busyPersonId}, 'Sydney', 'NSW', 'AU'
    from generate_series(${from}::int, ${to}::int) n`)
  const digits = sql`regexp_replace(p.phone, '[^0-9]', '', 'g')`
  const words = nameWordsSql(sql`p.first_name`, sql`p.last_name`)
  await db.execute(sql`
    insert into team_contacts (team_id, person_id, is_owner, state, archived_at, added_by_id, created_at, access_from,
                               sort_name, name_words, search_text, member_status, member_status_rank, grow_phase, grow_phase_rank,
                               source, gender, birth_month,
                               last_interaction_at, last_visit_at, next_interaction_at, has_overdue_interaction)
    select ${teamId}, p.id, true, 'active',
           case when p.id % 20 = 0 then now() - (p.id % 300) * interval '1 day' end,
           ${workspace.busyPersonId},
           now() - (p.id * 37 % 1000) * interval '1 day' - (p.id % 86400) * interval '1 second',
           now() - (p.id * 37 % 1000) * interval '1 day',
           lower(p.first_name || ' ' || p.last_name),
           ${words},
           ${words} || ' ' || lower(p.email) || ' ' || ${digits} || ' 0' || substr(${digits}, 3),
           p.member_status, ${memberStatusRank(sql`p.member_status`)}, p.grow_phase, ${growPhaseRankSql(sql`p.grow_phase`)},
           p.source, p.gender,
           case when p.dob_year is null then null else p.dob_year * 12 + coalesce(p.dob_month, 1) - 1 end,
           case when p.id % 5 <> 0 then now() - (p.id * 13 % 700) * interval '1 day' end,
           case when p.id % 3 = 0 then now() - (p.id * 17 % 700) * interval '1 day' end,
           case when p.id % 7 = 0 then now() + (p.id % 60) * interval '1 day' end,
           p.id % 11 = 0
    from people p where p.id > ${after}`)
}
