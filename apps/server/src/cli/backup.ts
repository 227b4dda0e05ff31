import { join, resolve } from 'node:path'
import { writeBackup } from '../platform/backup'
import { runBackupCommand } from './backup-command'

// `npm run backup [folder]`: the database and the stored files into a new folder (default
// DATA_DIR/backups/crm-<time>). The embedded database only while no server runs on it;
// PostgreSQL (pg_dump) at any time. README "Backup and restore".
await runBackupCommand(async (config) => {
  const target = resolve(process.argv[2] ?? join(config.dataDir, 'backups', `crm-${new Date().toISOString().replace(/[:.]/g, '-')}`))
  const manifest = await writeBackup(config, target)
  const files = manifest.files === null ? 'files are in the bucket, not copied' : `${manifest.files} stored ${manifest.files === 1 ? 'file' : 'files'}`
  console.log(`Backup written to ${target} (${manifest.engine === 'pglite' ? 'embedded database' : 'PostgreSQL'}, ${files})`)
})
