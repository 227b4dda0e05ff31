import pino from 'pino'
import { readConfig } from '../config'
import { openPglite, openPostgres, pgliteDir } from '../db/client'
import { migrate } from '../db/migrate'
import { lockDataDir } from '../platform/data-lock'
import { jobs } from '../jobs'
import { runJob } from '../platform/jobs'

// `npm run jobs -- --once`: runs every scheduled job once, by hand, and exits.
if (!process.argv.includes('--once')) {
  console.error('Usage: npm run jobs -- --once')
  process.exit(2)
}
const config = readConfig()
const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir)
const database = config.databaseUrl
  ? openPostgres(config.databaseUrl, { poolSize: 2, namedStatements: config.databaseNamedStatements })
  : await openPglite({ dir: pgliteDir(config.dataDir) })
try {
  await migrate(database)
  const deps = { db: database.db, config, log: pino({ level: config.logLevel }), now: () => new Date() }
  for (const job of jobs) {
    const status = await runJob(deps, job)
    console.log(`ran ${job.name}: ${status}`)
    if (status === 'failed') process.exitCode = 1
  }
} finally {
  await database.close()
  release()
}
