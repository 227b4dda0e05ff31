import { resolve } from 'node:path'
import { ConfigError, readConfig } from '../config'
import { BackupError, restoreBackup } from '../platform/backup'
import { DataDirLockedError, lockDataDir } from '../platform/data-lock'

// `npm run restore <backup folder>`: a backup `npm run backup` wrote, into an empty database
// (a new DATA_DIR, or a new PostgreSQL database in DATABASE_URL) and the files folder. Start the
// server on it afterwards. README "Backup and restore".
try {
  const source = process.argv[2]
  if (!source) throw new BackupError('Name the backup folder: npm run restore -- <folder>')
  const config = readConfig()
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir)
  try {
    const manifest = await restoreBackup(config, resolve(source))
    console.log(`Restored the backup of ${manifest.created_at} from ${resolve(source)}; start the server on it.`)
  } finally {
    release()
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError) console.error(`\n  ${error.message}\n`)
  else console.error(error)
  process.exit(1)
}
