import { join, resolve } from 'node:path'
import { ConfigError, readConfig } from '../config'
import { BackupError, writeBackup } from '../platform/backup'
import { DataDirLockedError, lockDataDir } from '../platform/data-lock'

// `npm run backup [folder]`: the database and the stored files into a new folder (default
// DATA_DIR/backups/crm-<time>). The embedded database only while no server runs on it;
// PostgreSQL (pg_dump) at any time. README "Backup and restore".
try {
  const config = readConfig()
  const target = resolve(process.argv[2] ?? join(config.dataDir, 'backups', `crm-${new Date().toISOString().replace(/[:.]/g, '-')}`))
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir)
  try {
    const manifest = await writeBackup(config, target)
    const files = manifest.files === null ? 'files are in the bucket, not copied' : `${manifest.files} stored ${manifest.files === 1 ? 'file' : 'files'}`
    console.log(`Backup written to ${target} (${manifest.engine === 'pglite' ? 'embedded database' : 'PostgreSQL'}, ${files})`)
  } finally {
    release()
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError) console.error(`\n  ${error.message}\n`)
  else console.error(error)
  process.exit(1)
}
