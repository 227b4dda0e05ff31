import { sql } from 'drizzle-orm'
import { buildApp } from '../app'
import { readConfig } from '../config'
import type { Database } from '../db/client'
import { migrate } from '../db/migrate'
import { syncLookups } from '../features/lookups/lookups.service'
import { seedLargeContacts, seedLargeWorkspace } from '../seed/large'
import { recordSizeFor, seedLargeRecord } from '../seed/record'
import { seedLargeEvents } from '../seed/large-events'
import { measureRecord, printRecord } from './bench-record'
import { eventsOn, measureEvents, printEvents } from './bench-events'
import { measureRecentActivity, printRecentActivity, recentActivityOn, seedRecentActivity } from './bench-recent-activity'
import { measureTeamAdmin, printTeamAdmin, seedTeamAdmin, teamAdminOn } from './bench-team-admin'
import { measureNotifications, notificationsOn, printNotifications, seedNotifications } from './bench-notifications'
import { dashboardOn, measureDashboard, printDashboard, seedDashboard } from './bench-dashboard'
import { mapOn, measureMap, printMap, seedMap } from './bench-map'
import { measureUserImports, printUserImports, seedUserImports, userImportsOn } from './bench-user-imports'
import { measureTransfer, printTransfer, seedTransfer, transfersOn } from './bench-transfers'
import { measureRules, printRules, rulesOn } from './bench-rules'
import { measureMerge, mergeOn, printMerge, seedMerge } from './bench-merge'
import { importOn, measureImport, printImport, seedImport } from './bench-import'
import { importPcoOn, measureImportPco, printImportPco } from './bench-import-pco'
import { measureReports, printReports, reportsOn, seedReports } from './bench-reports'
import { printRunsSideBySide, runOnEachEngine } from './bench-runs'
import {
  browserGet,
  connections,
  load,
  loadBareHttp,
  loadSql,
  measure,
  printTable,
  statementText,
  statementsOf,
  timed,
  type ListResult,
  type Queryable,
} from './bench-measure'

/**
 * `npm run bench`: seeds a large workspace and measures the API over real HTTP, on
 * embedded PGlite and on PostgreSQL (a database is created and dropped on the server of
 * BENCH_DATABASE_URL). Prints p50 and p95 per call; docs/benchmarks.md keeps them.
 * The contacts lists (issues 4 and 11) run on one team, once per size of BENCH_SIZES, each
 * size in a database of its own; for each list call the same SQL is also run directly
 * through the driver (the ratio is what the stack adds), and the contacts list is then
 * driven by 50 connections for BENCH_LOAD_SECONDS (autocannon, 127.0.0.1 only).
 *
 *   BENCH_ENGINES   pglite,postgres (postgres needs BENCH_DATABASE_URL, else it is skipped)
 *   BENCH_SIZES     contacts in the team, comma-separated (BENCH_CONTACTS or 100000);
 *                   BENCH_SIZES_PGLITE and BENCH_SIZES_POSTGRES set one engine's sizes
 *   BENCH_ROUNDS    sequential requests per call (200); BENCH_TEAMS (50), BENCH_MEMBERS (2000)
 *   BENCH_PLATFORM  0 leaves out the platform calls (GET user, suggestions, login)
 *   BENCH_LOAD_SECONDS  the load test's length per engine and size (10; 0 leaves it out)
 *   BENCH_CONNECTIONS   the load test's connections (50)
 *   BENCH_RECORD    0 leaves out the contact record (issue 12): its seed and its calls
 *   BENCH_INTERACTIONS, BENCH_NOTES, BENCH_ACTIVITY  the record's rows (10 per contact each)
 *   BENCH_EVENTS    0 leaves out the events (issue 14, bench-events.ts): 5,000 events in the
 *                   contacts' church, its lists, one date's attendance page, a toggle, the iCal feed
 *   BENCH_RECENT_ACTIVITY  0 leaves out recent activity (issue 15, bench-recent-activity.ts): the
 *                   contacts' church topped up to BENCH_RECENT_ACTIVITY_ROWS (1,000,000) activity
 *                   rows, page 1 of its and a group's recent activity (BENCH_RECENT_ACTIVITY_ROUNDS, 100)
 *   BENCH_TEAM_ADMIN  0 leaves out team administration (issue 15, bench-team-admin.ts): the users
 *                   page of a church of 2,000 users and 200 pending invites, and a search in the
 *                   sub-team list of a conference of 500 sub-teams (BENCH_ROUNDS, else 100 requests)
 *   BENCH_NOTIFICATIONS  0 leaves out the notifications panel (issue 16, bench-notifications.ts): GET
 *                   notifications as a church user of a conference with 10,000 notifications and
 *                   100,000 receipts, all, unread, read and a deep page (BENCH_ROUNDS, else 100 requests)
 *   BENCH_DASHBOARD  0 leaves out the dashboard (issue 16, bench-dashboard.ts): its calls one after
 *                   the other for a leader of the contacts' church with BENCH_DASHBOARD_INTERACTIONS
 *                   (50,000) more interactions, their sum's p95 (BENCH_ROUNDS, else 100 openings)
 *   BENCH_MAP       0 leaves out the contacts map (issue 16, bench-map.ts): contacts-for-map pages of a
 *                   church of BENCH_MAP_CONTACTS (20,000) geocoded contacts (BENCH_ROUNDS, else 100 requests)
 *   BENCH_RULES  0 leaves out the missed-activity rule's job (issue 16, bench-rules.ts): one rule on the
 *                   conference over the contacts' church and its interactions, the job's run timed (target ≤ 30 s)
 *   BENCH_IMPORT  0 leaves out the contact import (issue 17, bench-import.ts): a file of BENCH_IMPORT_ROWS
 *                   (10,000) rows into another church of the contacts' conference, 20 import-users calls
 *                   of 500 rows, the total seconds (targets: ≤ 30 s on PGlite, ≤ 15 s on PostgreSQL)
 *   BENCH_USER_IMPORTS  0 leaves out import-and-share's lists (issue 17, bench-user-imports.ts): 50,000
 *                   processed people in 50 imports of one conference; user-import/all's pages, sorts and search
 *   BENCH_REPORTS  0 leaves out the reports (issue 18, bench-reports.ts): reports-summary for a church and a
 *                   conference of 50 churches (PostgreSQL: 250,000 contacts, 5,000,000 interactions; PGlite:
 *                   20,000 contacts), sized by BENCH_REPORT_CONTACTS, BENCH_REPORT_INTERACTIONS, … (see the file)
 *   BENCH_TRANSFERS  0 leaves out processing a transfer (issue 18, bench-transfers.ts): a pastor's
 *                   BENCH_TRANSFER_CONTACTS (2,000) chosen contacts moved or shared, timed (target ≤ 5 s on PostgreSQL)
 *   BENCH_MERGE     0 leaves out merging two contacts (issue 40, bench-merge.ts): the preview, the merge and its
 *                   undo of a record with BENCH_MERGE_INTERACTIONS (2,500) interactions, as many notes and
 *                   activity rows, in the contacts' church (target: the merge ≤ 2 s on PostgreSQL), and that record's data export
 *   BENCH_ONLY      runs only the sections named, comma-separated: platform, lists, load, record,
 *                   events, recent-activity, team-admin, notifications, dashboard, map, rules, import, import-pco, user-imports, reports,
 *                   transfers, merge
 *                   (the workspace and the contacts are seeded whatever it says). The import alone:
 *                   BENCH_ONLY=import npm run bench
 *
 * The contact record (issue 12): a typical contact's and the heaviest contact's interactions,
 * notes, private notes and activity log page 1, the contacts list filtered by interaction
 * (missed, 6 months) and logging an interaction (a write: each round on another contact).
 */
const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean)
/** A section runs when its own variable leaves it on and BENCH_ONLY, if set, names it. */
const sectionOn = (name: string, on = true) => on && (!only || only.includes(name))
const size = { teams: Number(process.env.BENCH_TEAMS ?? 50), groupsPerTeam: 6, membersPerTeam: Number(process.env.BENCH_MEMBERS ?? 2000) }
const rounds = Number(process.env.BENCH_ROUNDS ?? 200)
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((engine) => engine.trim())
const platformCalls = sectionOn('platform', process.env.BENCH_PLATFORM !== '0')
const listsOn = sectionOn('lists')
const loadSeconds = sectionOn('load', listsOn) ? Number(process.env.BENCH_LOAD_SECONDS ?? 10) : 0
const recordOn = sectionOn('record', process.env.BENCH_RECORD !== '0')
const sections = {
  events: sectionOn('events', eventsOn),
  recentActivity: sectionOn('recent-activity', recentActivityOn),
  teamAdmin: sectionOn('team-admin', teamAdminOn),
  notifications: sectionOn('notifications', notificationsOn),
  dashboard: sectionOn('dashboard', dashboardOn),
  map: sectionOn('map', mapOn),
  rules: sectionOn('rules', rulesOn),
  import: sectionOn('import', importOn),
  importPco: sectionOn('import-pco', importPcoOn),
  userImports: sectionOn('user-imports', userImportsOn),
  reports: sectionOn('reports', reportsOn),
  transfers: sectionOn('transfers', transfersOn),
  merge: sectionOn('merge', mergeOn),
}

/**
 * Waits until the API's last requests of a load test have sent their queries: the raw SQL's
 * own load test must not queue behind them (it read 20 requests/s instead of ~700 when it did).
 */
async function settled(database: Database): Promise<void> {
  const pool = (database.db as unknown as { $client: { waitingCount?: number; idleCount?: number; totalCount?: number } }).$client
  const deadline = performance.now() + 30_000
  while ((pool.waitingCount ?? 0) > 0 || (pool.idleCount ?? 0) < (pool.totalCount ?? 0)) {
    if (performance.now() > deadline) throw new Error('The database pool is still busy 30 s after the load test')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The contact counts to seed for an engine (BENCH_SIZES_<ENGINE>, BENCH_SIZES or BENCH_CONTACTS). */
function sizesOf(engine: 'pglite' | 'postgres'): number[] {
  const listed = process.env[`BENCH_SIZES_${engine.toUpperCase()}`] ?? process.env.BENCH_SIZES ?? process.env.BENCH_CONTACTS ?? '100000'
  return listed.split(',').map((value) => Number(value.trim().replace(/_/g, '')))
}

async function run(engine: string, database: Database, contactCount: number) {
  await migrate(database)
  await syncLookups(database.db)
  const seedStart = performance.now()
  const workspace = await seedLargeWorkspace(database.db, size)
  const seedSeconds = (performance.now() - seedStart) / 1000
  const contactsStart = performance.now()
  const contacts = await seedLargeContacts(database.db, workspace, contactCount)
  const contactsSeconds = (performance.now() - contactsStart) / 1000
  const record = recordOn ? await seedLargeRecord(database.db, workspace, contacts, recordSizeFor(contactCount)) : undefined
  const eventsSeed = sections.events ? await seedLargeEvents(database.db, { teamId: contacts.teamId, createdById: workspace.busyPersonId }) : undefined
  const activitySeed = sections.recentActivity
    ? await seedRecentActivity(database.db, { teamId: contacts.teamId, authorEmails: [workspace.busyEmail, contacts.gatedEmail] })
    : undefined
  const teamAdminSeed = sections.teamAdmin ? await seedTeamAdmin(database.db, { password: workspace.password }) : undefined
  const notificationsSeed = sections.notifications ? await seedNotifications(database.db, { password: workspace.password }) : undefined
  const dashboardSeed = sections.dashboard
    ? await seedDashboard(database.db, { teamId: contacts.teamId, ownerId: workspace.busyPersonId, password: workspace.password })
    : undefined
  const mapSeed = sections.map ? await seedMap(database.db, { password: workspace.password }) : undefined
  const userImportsSeed = sections.userImports ? await seedUserImports(database.db, { password: workspace.password }) : undefined
  const reportsSeed = sections.reports ? await seedReports(database, { password: workspace.password }) : undefined
  const transferSeed = sections.transfers ? await seedTransfer(database.db, { password: workspace.password }) : undefined
  const mergeSeed = sections.merge ? await seedMerge(database.db, { teamId: contacts.teamId }) : undefined
  const importSeed = sections.import
    ? await seedImport(database.db, { teamId: workspace.teamIds[1]!, contactsTeamId: contacts.teamId, otherTeamId: workspace.teamIds[2]! })
    : undefined
  // The seed's writes flushed now, not by a checkpoint in the middle of the first calls.
  await database.db.execute(sql`checkpoint`)
  const config = {
    ...readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-that-is-long-enough-123', RATE_LIMIT_LOGIN: '100000' }),
    port: 0,
  }
  const app = await buildApp({ db: database.db, config, now: () => new Date() })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const json = { 'content-type': 'application/json' }
  const loginAs = (email: string) => () =>
    fetch(`${base}/api/v1/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: workspace.password }) })
  const login = loginAs(workspace.busyEmail)
  const tokenOf = async (email: string) => ((await (await loginAs(email)()).json()) as { access_token: string }).access_token
  const auth = { authorization: `Bearer ${await tokenOf(workspace.busyEmail)}` }
  const gatedAuth = { authorization: `Bearer ${await tokenOf(contacts.gatedEmail)}` }
  const team = workspace.teamIds[0]!
  const results = platformCalls
    ? [
        await measure(`GET user?return_teams=1 (${size.teams} teams, ${size.groupsPerTeam} groups each)`, rounds, () =>
          browserGet(`${base}/api/v1/user?return_teams=1`, auth),
        ),
        await measure(`GET input-suggestions/team-users (${size.membersPerTeam} members, search 'an')`, rounds, () =>
          browserGet(`${base}/api/v1/input-suggestions/team-users?team_id=${team}&search=an`, auth),
        ),
        await measure('GET lookups/bible-studies', rounds, () => browserGet(`${base}/api/v1/lookups/bible-studies`, auth)),
        await measure('POST login (argon2id)', 20, login),
      ]
    : []

  // Contacts lists (issues 4 and 11): the team's primary group, as the owner unless said otherwise.
  type ListPath = 'contacts' | 'assigned-contacts' | 'archived-contacts'
  const listUrl = (path: ListPath, query: Record<string, string | number>) => {
    const params = new URLSearchParams({ team_id: String(contacts.teamId), group_id: String(contacts.teamId) })
    for (const [key, value] of Object.entries(query)) params.set(key, String(value))
    return `${base}/api/v1/${path}?${params}`
  }
  const listAnswer = async (path: ListPath, query: Record<string, string | number>, headers: Record<string, string> = auth) => {
    const response = await fetch(listUrl(path, query), { headers })
    if (!response.ok) throw new Error(`${path} ${JSON.stringify(query)}: HTTP ${response.status} ${await response.text()}`)
    return (await response.json()) as { items: unknown[]; count: number; max_pages: number; count_is_lower_bound?: true }
  }
  const { max_pages: lastPage } = listsOn ? await listAnswer('contacts', { per_page: 100 }) : { max_pages: 1 }
  const lists: Array<{ label: string; path: ListPath; query: Record<string, string | number>; headers?: Record<string, string> }> = !listsOn
    ? []
    : [
        { label: 'contacts, default sort (name), page 1', path: 'contacts', query: {} },
        { label: "contacts, search name 'olivia'", path: 'contacts', query: { search: 'olivia' } },
        { label: "contacts, search name 'zara' (sorts last)", path: 'contacts', query: { search: 'zara' } },
        { label: "contacts, search 'an' (two letters: no trigram to look up)", path: 'contacts', query: { search: 'an' } },
        { label: "contacts, search email fragment '.mitchell42'", path: 'contacts', query: { search: '.mitchell42' } },
        { label: "contacts, search phone digits '0415 55'", path: 'contacts', query: { search: '0415 55' } },
        {
          label: 'contacts, filter member_status=church-attendee + age=22-40, order_by=last_interaction desc',
          path: 'contacts',
          query: { member_status: 'church-attendee', age: '22-40', order_by: 'last_interaction', order: 'desc' },
        },
        {
          label: 'contacts, filter gender=female + interaction=3, order_by=age',
          path: 'contacts',
          query: { gender: 'female', interaction: '3', order_by: 'age' },
        },
        {
          label: "contacts, search 'olivia' + filter member_status=member, order_by=created",
          path: 'contacts',
          query: { search: 'olivia', member_status: 'member', order_by: 'created' },
        },
        { label: 'contacts, default sort, page 200', path: 'contacts', query: { page: 200 } },
        { label: `contacts, default sort, last page (${lastPage})`, path: 'contacts', query: { page: lastPage } },
        { label: `contacts, order_by=age, last page (${lastPage})`, path: 'contacts', query: { order_by: 'age', page: lastPage } },
        {
          label: `contacts, order_by=last_interaction, last page (${lastPage})`,
          path: 'contacts',
          query: { order_by: 'last_interaction', page: lastPage },
        },
        { label: `contacts, order_by=member_status, last page (${lastPage})`, path: 'contacts', query: { order_by: 'member_status', page: lastPage } },
        {
          label: `contacts, order_by=member_status desc, last page (${lastPage})`,
          path: 'contacts',
          query: { order_by: 'member_status', order: 'desc', page: lastPage },
        },
        { label: `contacts, order_by=grow_phase, last page (${lastPage})`, path: 'contacts', query: { order_by: 'grow_phase', page: lastPage } },
        { label: "a group's contacts, page 1", path: 'contacts', query: { group_id: contacts.groupId } },
        { label: 'assigned-contacts (default sort: created desc)', path: 'assigned-contacts', query: {} },
        { label: 'archived-contacts (default sort: created desc), page 1', path: 'archived-contacts', query: {} },
        { label: 'contacts as a gated leader (child gate), page 1', path: 'contacts', query: {}, headers: gatedAuth },
        { label: "contacts as a gated leader, search 'olivia'", path: 'contacts', query: { search: 'olivia' }, headers: gatedAuth },
        // The record's interactions drive these (issue 12): the read model the seed brought up to date.
        ...(record
          ? [
              { label: 'contacts, filter interaction=missed (issue 12)', path: 'contacts' as const, query: { interaction: 'missed' } },
              { label: 'contacts, filter interaction=6 months (issue 12)', path: 'contacts' as const, query: { interaction: '6' } },
            ]
          : []),
      ]
  // The list's own SQL (the statements that read team_contacts or its counts), replayed
  // through the driver as the service sends them: side by side.
  const listSql = async (url: string, headers: Record<string, string>, tables = /"team_contact/) => {
    const statements = (await statementsOf(database, () => browserGet(url, headers).then((response) => response.arrayBuffer()))).filter((args) =>
      tables.test(statementText(args)),
    )
    const client = (database.db as unknown as { $client: Queryable }).$client
    return async () => {
      await Promise.all(statements.map((args) => client.query(...args)))
    }
  }
  const listResults: ListResult[] = []
  for (const list of lists) {
    const headers = list.headers ?? auth
    const { count, count_is_lower_bound: lowerBound } = await listAnswer(list.path, list.query, headers)
    const url = listUrl(list.path, list.query)
    const rows = `${lowerBound ? 'more than ' : ''}${count.toLocaleString('en')} rows`
    const result = await measure(`${list.label} — ${rows}`, rounds, () => browserGet(url, headers))
    const { p50: sqlP50, p95: sqlP95 } = await timed(rounds, await listSql(url, headers))
    listResults.push({ ...result, key: list.label.replace(` (${lastPage})`, ''), sqlP50, sqlP95 })
  }

  const recordResults = record ? await measureRecord({ base, auth, database, teamId: contacts.teamId, rounds, sqlOf: listSql }, record) : []
  const eventResults = eventsSeed ? await measureEvents({ base, auth, database, seeded: eventsSeed, groupId: contacts.teamId, rounds }) : []
  const activityResults = activitySeed ? await measureRecentActivity({ base, auth, gatedAuth, seeded: activitySeed, groupId: contacts.groupId }) : []
  const teamAdminResults = teamAdminSeed ? await measureTeamAdmin({ base, tokenOf, seeded: teamAdminSeed }) : []
  const notificationResults = notificationsSeed ? await measureNotifications({ base, tokenOf, seeded: notificationsSeed }) : []
  const dashboardResults = dashboardSeed ? await measureDashboard({ base, tokenOf, seeded: dashboardSeed }) : undefined
  const mapResults = mapSeed ? await measureMap({ base, tokenOf, seeded: mapSeed }) : []
  const userImportsResults = userImportsSeed ? await measureUserImports({ base, tokenOf, seeded: userImportsSeed }) : []
  const reportsResults = reportsSeed ? await measureReports({ base, tokenOf, seeded: reportsSeed }) : []
  // Last of the calls, into another church: the lists' church stays as it was, and the new
  // contacts are too recent for the rules job after it to tell anyone about.
  const importResult = importSeed ? await measureImport({ base, auth, seeded: importSeed }) : undefined
  // A church of its own moving in from Planning Center (issue 41 item 6).
  const importPcoResult = sections.importPco ? await measureImportPco({ base, auth, teamId: workspace.teamIds[3]! }) : undefined
  // A write of its own churches: nothing measured before reads them.
  const transferResult = transferSeed ? await measureTransfer(app.deps, transferSeed) : undefined
  // A merge and its undo: the church is as it was afterwards.
  const mergeResult = mergeSeed ? await measureMerge(app.deps, mergeSeed) : undefined

  // Under load: the contacts list's first page, then its SQL alone at the same concurrency.
  let loaded: string | undefined
  let bareFloor: string | undefined
  if (loadSeconds > 0) {
    const url = listUrl('contacts', {})
    const single = listResults[0]!
    const api = await load(url, auth, loadSeconds)
    await settled(database)
    const sqlLoaded = await loadSql(await listSql(url, auth), loadSeconds)
    await settled(database)
    const apiStatements = await statementsOf(database, () => browserGet(url, auth).then((response) => response.arrayBuffer()))
    const bare = await loadBareHttp(database, apiStatements, loadSeconds)
    await settled(database)
    bareFloor =
      `${engine}: node:http alone sending the call's ${apiStatements.length} statements and its rows as JSON: ${bare.rps.toFixed(0)} requests/s ` +
      `(${((100 * bare.rps) / sqlLoaded.rps).toFixed(0)} % of the SQL alone; the API ${((100 * api.rps) / bare.rps).toFixed(0)} % of it), ` +
      `p50 / p95 ${bare.p50.toFixed(1)} / ${bare.p95.toFixed(1)} ms, errors ${bare.errors}`
    loaded =
      `| contacts, default sort, page 1 | ${connections} | ${api.rps.toFixed(0)} | ${sqlLoaded.rps.toFixed(0)} (${((100 * api.rps) / sqlLoaded.rps).toFixed(0)} %) | ` +
      `${api.p50.toFixed(1)} | ${api.p95.toFixed(1)} | ${api.p99.toFixed(1)} | ${Number.isFinite(api.max) ? api.max.toFixed(0) : 'timeout'} | ${api.slow} | ` +
      `${api.busy} | ${api.errors} | ${(api.p95 / single.p95).toFixed(1)}× | ` +
      `${sqlLoaded.p95.toFixed(1)} (${(sqlLoaded.p95 / (single.sqlP95 ?? Number.NaN)).toFixed(1)}×) |`
  }
  await app.close()
  // After every call is measured: the job writes a notification for most of the church's contacts.
  const rulesResult = sections.rules
    ? await measureRules({ db: database.db, config, log: app.log, conferenceId: workspace.conferenceId, teamId: contacts.teamId })
    : undefined
  if (results.length > 0)
    printTable(`${engine}: ${size.teams * size.membersPerTeam} people in ${size.teams} teams, seeded in ${seedSeconds.toFixed(1)} s`, results)
  console.log(
    `\n${engine}: contacts lists, ${contacts.count.toLocaleString('en')} contacts in one team (per_page 100), seeded in ${contactsSeconds.toFixed(1)} s`,
  )
  if (listsOn) {
    console.log('| call | p50 ms | p95 ms | SQL p50 ms | API / SQL |\n|---|---|---|---|---|')
    for (const r of listResults)
      console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.sqlP50.toFixed(1)} | ${(r.p50 / r.sqlP50).toFixed(2)} |`)
  }
  if (record) printRecord(engine, record, recordResults, rounds)
  if (eventsSeed) printEvents(engine, eventsSeed, eventResults)
  if (activitySeed) printRecentActivity(engine, activitySeed, activityResults)
  if (teamAdminSeed) printTeamAdmin(engine, teamAdminSeed, teamAdminResults)
  if (notificationsSeed) printNotifications(engine, notificationsSeed, notificationResults)
  if (dashboardSeed && dashboardResults) printDashboard(engine, dashboardSeed, dashboardResults)
  if (mapSeed) printMap(engine, mapSeed, mapResults)
  if (userImportsSeed) printUserImports(engine, userImportsSeed, userImportsResults)
  if (reportsSeed) printReports(engine, reportsSeed, reportsResults)
  if (rulesResult) printRules(engine, rulesResult)
  if (importResult) printImport(engine, importResult)
  if (importPcoResult) printImportPco(engine, importPcoResult)
  if (transferSeed && transferResult) printTransfer(engine, transferSeed, transferResult)
  if (mergeSeed && mergeResult) printMerge(engine, mergeSeed, mergeResult)
  if (loaded) {
    console.log(`\n${engine}, ${contacts.count.toLocaleString('en')} contacts: under load (${loadSeconds} s, autocannon on 127.0.0.1)`)
    console.log(
      '| call | connections | requests/s | SQL alone, requests/s (API share) | p50 ms | p95 ms | p99 ms | max ms | over 2 s | 503 | errors | p95 / single p95 | SQL alone, p95 ms (/ its single p95) |',
    )
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    console.log(loaded)
    if (bareFloor) console.log(`\n${bareFloor}`)
  }
  return {
    engine,
    size: contacts.count,
    importResult,
    lists: [
      ...listResults,
      ...recordResults,
      ...eventResults,
      ...activityResults,
      ...teamAdminResults,
      ...notificationResults,
      ...(dashboardResults?.calls ?? []),
      ...mapResults,
      ...userImportsResults,
      ...reportsResults,
    ],
  }
}

const runs = await runOnEachEngine(engines, sizesOf, run)
printRunsSideBySide(runs)
