import { readConfig, ConfigError, type Config } from '../config'
import { BackupError } from '../platform/backup'
import { DataDirLockedError, lockDataDir } from '../platform/data-lock'

/**
 * Runs `npm run backup` or `npm run restore`: reads the settings, holds the data folder's lock
 * while the embedded database is open (no server may run on it), and ends the process with 1 on
 * a failure, printing a known refusal's message alone.
 */
export async function runBackupCommand(work: (config: Config) => Promise<void>): Promise<void> {
  try {
    const config = readConfig()
    const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir)
    try {
      await work(config)
    } finally {
      release()
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError) console.error(`\n  ${error.message}\n`)
    else console.error(error)
    process.exit(1)
  }
}
