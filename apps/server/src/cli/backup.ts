import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readConfig } from '../config'
import { openPglite, pgliteDir } from '../db/client'
import { lockDataDir } from '../platform/data-lock'

// `npm run backup`: dumps the embedded PGlite database to DATA_DIR/backups/*.tar.gz while
// no server runs on it. On PostgreSQL use pg_dump instead (README).
const config = readConfig()
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see README).')
  process.exit(2)
}
const release = lockDataDir(config.dataDir)
try {
  const database = await openPglite({ dir: pgliteDir(config.dataDir) })
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client
  const dump = await client.dumpDataDir('gzip')
  const file = join(config.dataDir, 'backups', `crm-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`)
  mkdirSync(join(config.dataDir, 'backups'), { recursive: true })
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  console.log(`Backup written to ${file}`)
} finally {
  release()
}
