import { resolve } from 'node:path'
import { BackupError, restoreBackup } from '../platform/backup'
import { runBackupCommand } from './backup-command'

// `npm run restore <backup folder>`: a backup `npm run backup` wrote, into an empty database
// (a new DATA_DIR, or a new PostgreSQL database in DATABASE_URL) and the files folder. Start the
// server on it afterwards. README "Backup and restore".
await runBackupCommand(async (config) => {
  const source = process.argv[2]
  if (!source) throw new BackupError('Name the backup folder: npm run restore -- <folder>')
  const manifest = await restoreBackup(config, resolve(source))
  console.log(`Restored the backup of ${manifest.created_at} from ${resolve(source)}; start the server on it.`)
})
