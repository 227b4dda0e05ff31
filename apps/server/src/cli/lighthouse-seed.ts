import { sql } from 'drizzle-orm'
import { readConfig } from '../config'
import { openPglite, pgliteDir } from '../db/client'
import { migrate } from '../db/migrate'
import { syncLookups } from '../features/lookups/lookups.service'
import { seedContentPages } from '../features/site/site.service'
import { seedDemoWorkspace } from '../seed/demo'
import { seedLargeContacts, seedLargeWorkspace } from '../seed/large'
import { seedDashboard } from './bench-dashboard'

// `npm run lighthouse` (scripts/lighthouse.mjs) seeds its fresh data folder with this before the
// server starts: the demo workspace (the demo owner's pages) and, beside it, the bench's large
// workspace (seed/large.ts) whose busy leader owns every church and has many interactions still
// to come in the first one, the dashboard that once jumped as they loaded (issue 37). Smaller
// than `npm run bench` so that it takes well under a minute; the sizes are the environment's:
//
//   DATA_DIR, DEMO_PASSWORD       as the server reads them
//   LIGHTHOUSE_TEAMS              churches of the bench conference (50, as the bench)
//   LIGHTHOUSE_MEMBERS            members of each (100)
//   LIGHTHOUSE_CONTACTS           contacts of the first church (20,000)
//   BENCH_DASHBOARD_INTERACTIONS  interactions there (20,000 here): 9 in 10 the busy leader's, half still to come
//
// Prints one line of JSON: the busy leader's email and password and their upcoming count.

const sizeOf = (name: string, fallback: number) => Number((process.env[name] ?? String(fallback)).replace(/_/g, ''))

const started = performance.now()
const config = readConfig()
const database = await openPglite({ dir: pgliteDir(config.dataDir) })
try {
  await migrate(database)
  await syncLookups(database.db)
  await seedContentPages(database.db, { config })
  await seedDemoWorkspace(database.db, { config, now: () => new Date() }, config.demoPassword)
  const workspace = await seedLargeWorkspace(database.db, {
    teams: sizeOf('LIGHTHOUSE_TEAMS', 50),
    groupsPerTeam: 6,
    membersPerTeam: sizeOf('LIGHTHOUSE_MEMBERS', 100),
  })
  const contacts = await seedLargeContacts(database.db, workspace, sizeOf('LIGHTHOUSE_CONTACTS', 20_000))
  const dashboard = await seedDashboard(database.db, { teamId: contacts.teamId, ownerId: workspace.busyPersonId, password: workspace.password })
  const counted = await database.db.execute(
    sql`select count(*)::int as n from interactions where by_person_id = ${workspace.busyPersonId}::int and occurs_at > now() and not is_completed`,
  )
  const [upcoming] = (counted as unknown as { rows: Array<{ n: number }> }).rows
  // Written now, not by a checkpoint while Lighthouse measures.
  await database.db.execute(sql`checkpoint`)
  console.log(
    JSON.stringify({
      busyEmail: workspace.busyEmail,
      password: workspace.password,
      contacts: contacts.count,
      interactions: dashboard.interactions,
      busyUpcoming: upcoming?.n ?? 0,
      seconds: Math.round((performance.now() - started) / 1000),
    }),
  )
} finally {
  await database.close()
}
