import { afterEach, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readConfig } from '../config'
import { startServer, type RunningServer } from '../server'
import { createEmptyPostgresDatabase, engine } from '../../test/databases'
import { jpegWithGps } from '../../test/image-fixtures'
import { leaderChurchQuery, newContactBody } from '../../test/over-http'

// Issue 38 item 8, the drill an operator runs: a server with data and an uploaded photo;
// `npm run backup`; `npm run restore` into a new database and files folder; a server on the
// restored ones answers the same, photo included. On the engine of the run (PGlite, or
// PostgreSQL with pg_dump and pg_restore).

const password = 'backup drill demo password'
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crm-backup-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A place for the data: a new DATA_DIR, and on PostgreSQL a new database. */
async function newPlace(): Promise<Record<string, string>> {
  const dataDir = tempDir()
  const place: Record<string, string> = { DATA_DIR: dataDir, FILES_DIR: join(dataDir, 'files') }
  if (engine === 'postgres') {
    const database = await createEmptyPostgresDatabase()
    cleanups.push(() => database.drop())
    place.DATABASE_URL = database.url
  }
  return place
}

const baseEnv = {
  NODE_ENV: 'development',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  DEMO_PASSWORD: password,
  APP_SECRET: 'the drill secret, 32 characters or more',
}

async function start(place: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(readConfig({ ...baseEnv, ...place }), { logger: false })
  cleanups.push(() => server.stop())
  return server
}

/** Runs `npm run backup` or `npm run restore` as the README says, with the place's settings. */
function cli(command: 'backup' | 'restore', place: Record<string, string>, folder: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${command}.ts`, folder], {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...process.env, ...baseEnv, ...place },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

async function signIn(server: RunningServer, email: string): Promise<string> {
  const answer = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { access_token: string }).access_token
}

/** What the leader sees: the church's contacts, a contact's record and its photo's bytes. */
async function answers(server: RunningServer, token: string, church: number, contact: number) {
  const headers = { authorization: `Bearer ${token}` }
  const scope = `team_id=${church}&group_id=${church}`
  const list = await fetch(`${server.url}/api/v1/contacts?${scope}`, { headers })
  const record = await fetch(`${server.url}/api/v1/contact/${contact}?${scope}`, { headers })
  const recordBody = (await record.json()) as { data_view: { avatar: string } }
  const photo = await fetch(`${server.url}${recordBody.data_view.avatar}`, { headers })
  return {
    list: { status: list.status, body: await list.json() },
    record: recordBody,
    photo: { status: photo.status, bytes: Buffer.from(await photo.arrayBuffer()) },
  }
}

describe(`backup and restore on ${engine === 'postgres' ? 'PostgreSQL (pg_dump)' : 'embedded PGlite'}`, () => {
  it('npm run backup, then npm run restore into a new database and folder: a server there answers the same, photo included', async () => {
    const first = await newPlace()
    const server = await start(first)
    const token = await signIn(server, 'leader@example.org')
    const { rows } = (await server.database.db.execute(leaderChurchQuery as never)) as unknown as { rows: Array<{ team_id: number }> }
    const church = rows[0]!.team_id
    const headers = { authorization: `Bearer ${token}` }
    const created = await fetch(`${server.url}/api/v1/create-user`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: newContactBody(church, { first: 'Backed', last: 'Up', gender: 'female' }),
    })
    expect(created.status).toBe(200)
    const contact = ((await created.json()) as { id: number }).id
    const form = new FormData()
    for (const [name, value] of Object.entries({ team_id: church, group_id: church, user_id: contact })) form.append(name, String(value))
    form.append('file', new Blob([jpegWithGps().bytes], { type: 'image/jpeg' }), 'me.jpg')
    expect((await fetch(`${server.url}/api/v1/upload-contact-avatar`, { method: 'POST', headers, body: form })).status).toBe(200)
    const before = await answers(server, token, church, contact)
    expect(before.list.status).toBe(200)
    expect(before.photo.status).toBe(200)
    expect(before.photo.bytes.length).toBeGreaterThan(100)
    // The embedded database is backed up while no server holds it; PostgreSQL at any time.
    if (engine === 'pglite') await server.stop()

    const folder = join(tempDir(), 'drill')
    const backup = await cli('backup', first, folder)
    expect(backup.code, backup.output).toBe(0)
    expect(backup.output).toContain(`Backup written to ${folder}`)
    expect(readdirSync(folder).sort()).toEqual(['backup.json', engine === 'postgres' ? 'database.dump' : 'database.tar.gz', 'files'])
    expect(JSON.parse(readFileSync(join(folder, 'backup.json'), 'utf8'))).toMatchObject({ engine, files: 1 })

    const second = await newPlace()
    const restore = await cli('restore', second, folder)
    expect(restore.code, restore.output).toBe(0)
    // A second restore into the same place changes nothing: it is not empty any more.
    const again = await cli('restore', second, folder)
    expect(again.code).toBe(1)
    expect(again.output).toMatch(/not empty|already holds a database/)

    if (engine === 'postgres') await server.stop()
    const restored = await start(second)
    const after = await answers(restored, await signIn(restored, 'leader@example.org'), church, contact)
    expect(after.list).toEqual(before.list)
    expect(after.record).toEqual(before.record)
    expect(after.photo.status).toBe(200)
    expect(after.photo.bytes.equals(before.photo.bytes)).toBe(true)
  }, 120_000)

  it('refuses a folder that is not a backup, and a backup of the other engine', async () => {
    const place = await newPlace()
    const empty = tempDir()
    const notBackup = await cli('restore', place, empty)
    expect(notBackup.code).toBe(1)
    expect(notBackup.output).toContain('not a backup folder')
    const other = tempDir()
    writeFileSync(
      join(other, 'backup.json'),
      JSON.stringify({ engine: engine === 'postgres' ? 'pglite' : 'postgres', created_at: '2026-11-29T00:00:00Z', files: 0 }),
    )
    const otherEngine = await cli('restore', place, other)
    expect(otherEngine.code).toBe(1)
    expect(otherEngine.output).toContain(engine === 'postgres' ? 'DATABASE_URL unset' : 'DATABASE_URL set')
  }, 60_000)
})
