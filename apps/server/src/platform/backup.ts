import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import type { Config } from '../config'
import { openPglite, pgliteDir } from '../db/client'
import { storageKeyPattern } from './file-store'

/**
 * A backup is a folder: the database (PGlite's data folder as a .tar.gz, or pg_dump's custom
 * format), the stored files beside it, and backup.json saying which. `npm run backup` makes
 * one, `npm run restore` puts one into an empty database and files folder (issue 38 item 8).
 * Files in an S3 bucket are the bucket's to keep (versioning, replication): not copied.
 */
export interface BackupManifest {
  engine: 'pglite' | 'postgres'
  created_at: string
  /** Stored files copied into files/ (null: they are in a bucket). */
  files: number | null
}

export class BackupError extends Error {}

const manifestName = 'backup.json'

/** Runs a command (pg_dump, pg_restore); rejects with what it printed when it fails. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let errors = ''
    child.stderr.on('data', (chunk) => (errors += chunk))
    child.on('error', (error) => fail(new BackupError(`${command} could not start (${error.message}); it comes with PostgreSQL's client tools`)))
    child.on('exit', (code) => (code === 0 ? done() : fail(new BackupError(`${command} failed (exit ${code}): ${errors.trim()}`))))
  })
}

/**
 * Writes a backup of the database and the files into `target` (a new folder). PGlite must not
 * be open in another process (the caller holds the data folder's lock); PostgreSQL is dumped
 * as it is, in one consistent snapshot, while servers run.
 */
export async function writeBackup(config: Config, target: string): Promise<BackupManifest> {
  if (existsSync(target) && readdirSync(target).length > 0) throw new BackupError(`${target} is not empty`)
  mkdirSync(target, { recursive: true, mode: 0o700 })
  let engine: BackupManifest['engine']
  if (config.databaseUrl) {
    engine = 'postgres'
    await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${join(target, 'database.dump')}`, `--dbname=${config.databaseUrl}`])
  } else {
    engine = 'pglite'
    const database = await openPglite({ dir: pgliteDir(config.dataDir) })
    try {
      const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'gzip'): Promise<Blob> } }).$client
      writeFileSync(join(target, 'database.tar.gz'), Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()), { mode: 0o600 })
    } finally {
      await database.close()
    }
  }
  let files: number | null = null
  if (!config.filesS3) {
    const names = existsSync(config.filesDir) ? readdirSync(config.filesDir).filter((name) => storageKeyPattern.test(name)) : []
    mkdirSync(join(target, 'files'), { mode: 0o700 })
    for (const name of names) cpSync(join(config.filesDir, name), join(target, 'files', name), { preserveTimestamps: true })
    files = names.length
  }
  const manifest: BackupManifest = { engine, created_at: new Date().toISOString(), files }
  writeFileSync(join(target, manifestName), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

/**
 * Puts the backup in `source` into the configured database, which must be empty (a new
 * PGlite folder, or a new PostgreSQL database), and its files into the files folder. Nothing
 * already there is overwritten.
 */
export async function restoreBackup(config: Config, source: string): Promise<BackupManifest> {
  if (!existsSync(join(source, manifestName))) throw new BackupError(`${source} holds no ${manifestName}: not a backup folder`)
  const manifest = JSON.parse(readFileSync(join(source, manifestName), 'utf8')) as BackupManifest
  const engine = config.databaseUrl ? 'postgres' : 'pglite'
  if (manifest.engine !== engine) {
    throw new BackupError(
      `This is a backup of ${manifest.engine === 'pglite' ? 'the embedded database' : 'PostgreSQL'}; restore it with ${manifest.engine === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'}`,
    )
  }
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl })
    await client.connect()
    try {
      const tables = await client.query<{ n: number }>(
        `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle', 'pgboss')`,
      )
      if (tables.rows[0]!.n > 0) throw new BackupError('The database named by DATABASE_URL is not empty: restore into a new one')
    } finally {
      await client.end()
    }
    await runTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${config.databaseUrl}`,
      join(source, 'database.dump'),
    ])
  } else {
    const dir = pgliteDir(config.dataDir)
    if (existsSync(dir) && readdirSync(dir).length > 0) throw new BackupError(`${dir} already holds a database: restore into a new DATA_DIR`)
    const dump = readFileSync(join(source, 'database.tar.gz'))
    const database = await openPglite({ dir, loadDataDir: new Blob([dump]) })
    await database.close()
  }
  if (manifest.files !== null && existsSync(join(source, 'files'))) {
    if (config.filesS3)
      throw new BackupError('The backup holds files but FILES_S3_BUCKET is set: restore them into a folder (FILES_DIR), then copy them to the bucket')
    mkdirSync(config.filesDir, { recursive: true, mode: 0o700 })
    cpSync(join(source, 'files'), config.filesDir, { recursive: true, force: false, errorOnExist: true, preserveTimestamps: true })
  }
  return manifest
}
