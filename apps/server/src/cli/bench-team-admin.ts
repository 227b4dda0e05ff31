import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { createAccount } from '../features/auth/signup.service'
import { hashPassword } from '../platform/passwords'
import { browserGet, measure, rowsOf, type RecordResult } from './bench-measure'

// Team administration (issue 15 "Speed"), a section of `npm run bench` (BENCH_TEAM_ADMIN=0
// leaves it out): the users page of a church with 2,000 users and 200 pending invites, as
// its owner, and a search in the sub-team list of a conference with 500 sub-teams, as the
// conference's entity admin, over HTTP. Targets on PostgreSQL: the users page p95 ≤ 50 ms,
// the sub-team list p95 ≤ 40 ms; PGlite within 3×.

export const teamAdminOn = process.env.BENCH_TEAM_ADMIN !== '0'
/** Sequential requests per call (BENCH_ROUNDS, 100). */
const rounds = Number(process.env.BENCH_ROUNDS ?? 100)
const churchUsers = 2000
const pendingInvites = 200
const subTeams = 500
/** Sub-team titles start with one of these: a search for one matches about subTeams / 12. */
const placeNames = [
  'Hillside',
  'Riverside',
  'Lakeside',
  'Northgate',
  'Southbank',
  'Eastwood',
  'Westfield',
  'Kingsford',
  'Bayview',
  'Greenvale',
  'Oakridge',
  'Pinecrest',
]
export const teamAdminSearch = 'riverside'

export interface TeamAdminSeed {
  conferenceId: number
  /** The church of the users page: one of the conference's sub-teams. */
  churchId: number
  ownerEmail: string
  adminEmail: string
  users: number
  invites: number
  subTeams: number
  seconds: number
}

/**
 * A conference of its own with `subTeams` churches (unique titles, a place name and a number),
 * each but the big one with an owner and four members, two in three of them signed in within
 * the last months; the big church has `churchUsers` users (2 owners, one in ten a leader, the
 * rest members) and `pendingInvites` pending invites. People and accounts by generate_series;
 * the church's owner and the conference's entity admin sign in with the workspace's password.
 */
export async function seedTeamAdmin(db: Db, options: { password: string }): Promise<TeamAdminSeed> {
  const started = performance.now()
  const hash = await hashPassword(options.password)
  const ownerEmail = 'team-admin-owner@bench.test'
  const adminEmail = 'team-admin-entity@bench.test'
  const now = new Date()
  const ownerId = await createAccount(db, now, { firstName: 'Team', lastName: 'Owner', email: ownerEmail, password: options.password, verified: true }, hash)
  const adminId = await createAccount(db, now, { firstName: 'Entity', lastName: 'Admin', email: adminEmail, password: options.password, verified: true }, hash)
  const [conference] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into teams (kind, title) values ('conference', 'Team Admin Conference') returning id`),
  )
  const conferenceId = conference!.id
  const places = sql.raw(`array['${placeNames.join("','")}']`)
  await db.execute(sql`
    insert into teams (kind, parent_id, title, acms_id)
    select 'team', ${conferenceId}::int, (${places})[1 + n % ${placeNames.length}::int] || ' Church ' || n, 'ACMS-' || (10000 + n)
    from generate_series(1, ${subTeams}::int) n`)
  const [church] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from teams where parent_id = ${conferenceId}::int and kind = 'team' order by id limit 1`),
  )
  const churchId = church!.id
  await db.execute(
    sql`insert into memberships (person_id, team_id, role) values (${adminId}::int, ${conferenceId}::int, 'entity_admin'), (${ownerId}::int, ${churchId}::int, 'owner')`,
  )

  // People with accounts: the church's other users, then five for each other sub-team.
  const others = churchUsers - 1
  const spread = 5 * (subTeams - 1)
  await db.execute(sql`
    insert into people (first_name, last_name, email, email_is_verified)
    select (array['Anna', 'Ben', 'Chloe', 'Daniel', 'Ella', 'Finn', 'Grace', 'Henry', 'Isla', 'Jack'])[1 + n % 10],
           (array['Smith', 'Jones', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Martin', 'Lee'])[1 + (n / 10) % 8] || ' ' || n,
           'team-admin-' || n || '@bench.test', true
    from generate_series(1, ${others + spread}::int) n`)
  await db.execute(sql`
    insert into accounts (person_id, email, password_hash, email_verified_at, last_login_at, encryption_salt)
    select p.id, p.email, ${hash}, now(), case when p.id % 3 <> 0 then now() - (p.id % 120) * interval '1 day' end, md5(p.id::text)
    from people p where p.email like 'team-admin-%@bench.test' and p.email not in (${ownerEmail}, ${adminEmail})`)
  await db.execute(sql`
    insert into memberships (person_id, team_id, role)
    select p.id, ${churchId}::int, case when n = 1 then 'owner' when n % 10 = 0 then 'leader' else 'member' end
    from (select id, row_number() over (order by id) n from people where email like 'team-admin-%@bench.test' and email not in (${ownerEmail}, ${adminEmail})) p
    where p.n <= ${others}::int`)
  await db.execute(sql`
    insert into memberships (person_id, team_id, role)
    select p.id, t.id, case when (p.n - ${others}::int - 1) % 5 = 0 then 'owner' else 'member' end
    from (select id, row_number() over (order by id) n from people where email like 'team-admin-%@bench.test' and email not in (${ownerEmail}, ${adminEmail})) p
    join (select id, row_number() over (order by id) k from teams where parent_id = ${conferenceId}::int and kind = 'team' and id <> ${churchId}::int) t
      on t.k = 1 + (p.n - ${others}::int - 1) / 5
    where p.n > ${others}::int`)
  await db.execute(sql`
    insert into invites (team_id, invited_by_id, email, first_name, last_name, role, status, key_hash, expires_at)
    select ${churchId}::int, ${ownerId}::int, 'team-admin-invitee-' || n || '@bench.test', 'Invitee', 'Number ' || n,
           case when n % 10 = 0 then 'leader' else 'member' end, 'pending', md5('team-admin-invite-' || n),
           now() + (1 + n % 14) * interval '1 day'
    from generate_series(1, ${pendingInvites}::int) n`)
  await db.execute(sql`analyze teams`)
  await db.execute(sql`analyze memberships`)
  await db.execute(sql`analyze accounts`)
  await db.execute(sql`analyze people`)
  await db.execute(sql`analyze invites`)
  const [counts] = rowsOf<{ users: number; invites: number; teams: number }>(
    await db.execute(sql`
      select (select count(*)::int from memberships where team_id = ${churchId}::int) as users,
             (select count(*)::int from invites where team_id = ${churchId}::int and status = 'pending') as invites,
             (select count(*)::int from teams where parent_id = ${conferenceId}::int and kind = 'team') as teams`),
  )
  return {
    conferenceId,
    churchId,
    ownerEmail,
    adminEmail,
    users: counts!.users,
    invites: counts!.invites,
    subTeams: counts!.teams,
    seconds: (performance.now() - started) / 1000,
  }
}

export interface TeamAdminBench {
  base: string
  /** A bearer token of the account with this email (the workspace's password). */
  tokenOf: (email: string) => Promise<string>
  seeded: TeamAdminSeed
}

async function checked(url: string, headers: Record<string, string>): Promise<Response> {
  const response = await fetch(url, { headers })
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`)
  return response
}

export async function measureTeamAdmin({ base, tokenOf, seeded }: TeamAdminBench): Promise<RecordResult[]> {
  const out: RecordResult[] = []
  const api = `${base}/api/v1`
  const owner = { authorization: `Bearer ${await tokenOf(seeded.ownerEmail)}` }
  const admin = { authorization: `Bearer ${await tokenOf(seeded.adminEmail)}` }

  // The users page: the church, its users and its pending invites, as its owner.
  const church = seeded.churchId
  const usersUrl = `${api}/manage-team/${church}?team_id=${church}&with_users=1`
  const detail = (await (await checked(usersUrl, owner)).json()) as { users?: unknown[]; invited_users?: unknown[] }
  const usersLabel = 'manage-team with_users=1 (the users page), as the owner'
  const shown = `${(detail.users?.length ?? 0).toLocaleString('en')} users, ${(detail.invited_users?.length ?? 0).toLocaleString('en')} pending invites`
  out.push({ ...(await measure(`${usersLabel} — ${shown}`, rounds, () => browserGet(usersUrl, owner))), key: usersLabel, sqlP50: Number.NaN, kind: 'read' })

  // The sub-team list, searched, as the conference's entity admin.
  const listUrl = `${api}/manage-teams?team_id=${seeded.conferenceId}&search=${teamAdminSearch}&page=1&per_page=20`
  const { count, count_is_lower_bound: more } = (await (await checked(listUrl, admin)).json()) as { count: number; count_is_lower_bound?: true }
  const listLabel = `manage-teams, search '${teamAdminSearch}', page 1 (per_page 20), as the entity admin`
  const rows = `${more ? 'more than ' : ''}${count.toLocaleString('en')} of ${seeded.subTeams.toLocaleString('en')} sub-teams`
  out.push({ ...(await measure(`${listLabel} — ${rows}`, rounds, () => browserGet(listUrl, admin))), key: listLabel, sqlP50: Number.NaN, kind: 'read' })
  return out
}

export function printTeamAdmin(engine: string, seeded: TeamAdminSeed, results: RecordResult[]): void {
  console.log(
    `\n${engine}: team administration (issue 15), a church of ${seeded.users.toLocaleString('en')} users and ${seeded.invites} pending invites, ` +
      `a conference of ${seeded.subTeams} sub-teams; seeded in ${seeded.seconds.toFixed(1)} s, ${rounds} requests each`,
  )
  console.log('| call | p50 ms | p95 ms |\n|---|---|---|')
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`)
}
