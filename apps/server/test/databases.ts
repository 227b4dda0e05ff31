import { randomBytes } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openPglite, openPostgres, type Database } from '../src/db/client'
import { migrate } from '../src/db/migrate'
import { syncLookups } from '../src/features/lookups/lookups.service'

/**
 * Test databases. On PGlite every test file loads a migrated template dump (~0.6 s
 * instead of ~4 s of initdb); on PostgreSQL (TEST_DB_ENGINE=postgres with
 * TEST_DATABASE_URL) every test file gets its own database created from a template.
 */
export const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite'

let runId = 'local'
/** One id per test run names its template and databases, so runs never collide. */
export function setRunId(id: string): void {
  runId = id
}

function templateDump(): string {
  return join(tmpdir(), `crm-test-template-${runId}.tar`)
}

function serverUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${database}`
  return url.toString()
}

function templateName(): string {
  return `crm_tpl_${runId}`
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Global setup: build the migrated template once per run. */
export async function prepareTemplate(): Promise<void> {
  if (engine === 'postgres') {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL')
    const name = templateName()
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name}`)
      await client.query(`CREATE DATABASE ${name}`)
    })
    const database = openPostgres(serverUrl(name), { poolSize: 2 })
    await migrate(database)
    await syncLookups(database.db)
    await database.close()
    return
  }
  const database = await openPglite()
  await migrate(database)
  await syncLookups(database.db)
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client
  const dump = await client.dumpDataDir('none')
  await writeFile(templateDump(), Buffer.from(await dump.arrayBuffer()))
  await database.close()
}

/** Global teardown: drop every database this run created. */
export async function dropTemplate(): Promise<void> {
  if (engine !== 'postgres') return rm(templateDump(), { force: true })
  const prefix = `crm_t_${runId}_`
  await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [
      `${prefix}%`,
      templateName(),
    ])
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`)
  })
}

/** An empty PostgreSQL database for a whole-server test; dropped by the returned function. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `crm_t_${runId}_${randomBytes(5).toString('hex')}`
  await admin((client) => client.query(`CREATE DATABASE ${name}`))
  return {
    url: serverUrl(name),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  }
}

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(): Promise<Database> {
  if (engine === 'postgres') {
    const name = `crm_t_${runId}_${randomBytes(5).toString('hex')}`
    await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${templateName()}`))
    const database = openPostgres(serverUrl(name), { poolSize: 4 })
    return {
      ...database,
      close: async () => {
        await database.close()
        await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
      },
    }
  }
  const dump = await readFile(templateDump())
  return openPglite({ loadDataDir: new Blob([dump]) })
}
