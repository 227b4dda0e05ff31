import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'

// The real parts of the cluster test (issue 38 item 7): PgBouncer and nginx from Debian's
// packages (scripts/test-cluster.mjs installs them), the built server in child processes, and
// the PostgreSQL server on 127.0.0.1:5432.

export const postgresUrl = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const serverMain = resolve(import.meta.dirname, '../dist/main.js')

/** A folder for the parts' files that every part can read and write (PgBouncer and nginx's workers drop root). */
export function workFolder(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'crm-cluster-'))
  chmodSync(dir, 0o777)
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  await new Promise((done) => server.close(done))
  return port
}

/** Resolves once something accepts connections on the port (checked every 50 ms). */
export async function portOpen(port: number, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const open = await new Promise<boolean>((answer) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => (socket.destroy(), answer(true)))
      socket.once('error', () => answer(false))
    })
    if (open) return
    if (Date.now() > until) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`)
    await new Promise((next) => setTimeout(next, 50))
  }
}

/** A new empty database on the PostgreSQL server, and its removal. */
export async function emptyDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `crm_cluster_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

interface Running {
  child: ChildProcess
  exited: Promise<number | null>
  output(): string
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Running {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return { child, exited, output: () => output }
}

/**
 * PgBouncer in transaction mode in front of `database`: each statement outside a transaction,
 * and each transaction, may run on another server connection (its 1.18 has no prepared
 * statement support, so the servers send statements unnamed).
 */
export async function startPgBouncer(dir: string, database: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort()
  const server = new URL(postgresUrl)
  writeFileSync(join(dir, 'users.txt'), `"${decodeURIComponent(server.username || 'postgres')}" ""\n`)
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `crm = host=${server.hostname} port=${server.port || 5432} dbname=${database} user=${server.username || 'postgres'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 400',
      'default_pool_size = 20',
      // node-postgres sends these at start-up; a transaction pooler cannot keep them per client.
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  )
  // PgBouncer refuses to run as root: it is told to become postgres.
  const asRoot = process.getuid?.() === 0 ? ['-u', 'postgres'] : []
  const bouncer = run('pgbouncer', [...asRoot, join(dir, 'pgbouncer.ini')])
  await Promise.race([portOpen(port), bouncer.exited.then((code) => Promise.reject(new Error(`pgbouncer exited (${code}): ${bouncer.output()}`)))])
  const url = new URL(postgresUrl)
  url.port = String(port)
  url.pathname = '/crm'
  return { url: url.toString(), stop: () => stop(bouncer, 'SIGINT') }
}

/**
 * nginx round-robin in front of the servers' ports. Each answer says which server gave it
 * (`X-Upstream`, every address tried), and failed connections and a stopping server's refused
 * reads go to the next server; a request already sent (a POST) is never sent twice.
 */
export async function startNginx(dir: string, upstreams: number[]): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort()
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, 'nginx', folder), { recursive: true, mode: 0o777 })
  const conf = join(dir, 'nginx', 'nginx.conf')
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${join(dir, 'nginx', 'nginx.pid')};
error_log ${join(dir, 'nginx', 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'nginx', 'body')};
  proxy_temp_path ${join(dir, 'nginx', 'proxy')};
  fastcgi_temp_path ${join(dir, 'nginx', 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'nginx', 'uwsgi')};
  scgi_temp_path ${join(dir, 'nginx', 'scgi')};
  upstream crm {
    zone crm 64k;
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://crm;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_503;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  )
  const nginx = run('nginx', ['-p', join(dir, 'nginx'), '-c', conf])
  await Promise.race([portOpen(port), nginx.exited.then((code) => Promise.reject(new Error(`nginx exited (${code}): ${nginx.output()}`)))])
  return { url: `http://127.0.0.1:${port}`, stop: () => stop(nginx, 'SIGQUIT') }
}

async function stop(running: Running, signal: NodeJS.Signals): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return
  running.child.kill(signal)
  await running.exited
}

export interface ServerProcess {
  port: number
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>
  signal(signal: NodeJS.Signals): void
  output(): string
}

/** The built server (`dist/main.js`) in a child process on `port`, answered ready at /health/ready. */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const server = run(process.execPath, [serverMain], { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env })
  const ready = async () => {
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null)
      if (answer?.status === 200) return
      await new Promise((next) => setTimeout(next, 100))
    }
  }
  await Promise.race([ready(), server.exited.then((code) => Promise.reject(new Error(`server on ${port} exited (${code}): ${server.output()}`)))])
  return { port, exited: server.exited, signal: (signal) => server.child.kill(signal), output: server.output }
}

/** PostgreSQL's server programs (Debian: /usr/lib/postgresql/<major>/bin), the newest there. */
function postgresBin(program: string): string {
  const root = '/usr/lib/postgresql'
  const major = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))[0]
  if (!major) throw new Error(`no PostgreSQL server programs under ${root}`)
  return join(root, major, 'bin', program)
}

/** Runs one of PostgreSQL's programs to its end, as the postgres user when this is root (the server refuses root). */
async function asPostgres(program: string, args: string[]): Promise<void> {
  const [command, all] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', postgresBin(program), ...args]] : [postgresBin(program), args]
  const running = run(command as string, all as string[])
  const code = await running.exited
  if (code !== 0) throw new Error(`${program} ${args.join(' ')} failed (${code}): ${running.output()}`)
}

export interface PostgresPair {
  /** postgres://…/crm on the primary and on its streaming replica. */
  primaryUrl: string
  replicaUrl: string
  stop(): Promise<void>
}

/**
 * A PostgreSQL primary of the test's own (initdb) and a streaming replica of it made with
 * pg_basebackup, on two free ports, both in `dir` (issue 38 item 6). The machine's own server
 * is left as it is: its settings allow no replication.
 */
export async function startPostgresPair(dir: string): Promise<PostgresPair> {
  const [primaryPort, replicaPort] = [await freePort(), await freePort()]
  const primaryDir = join(dir, 'primary')
  const replicaDir = join(dir, 'replica')
  await asPostgres('initdb', ['--auth=trust', '--username=postgres', '--encoding=UTF8', '--no-sync', '-D', primaryDir])
  writeFileSync(join(primaryDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n')
  const settings = (port: number) => `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c shared_buffers=32MB`
  await asPostgres('pg_ctl', ['-D', primaryDir, '-w', '-l', join(dir, 'primary.log'), '-o', settings(primaryPort), 'start'])
  await asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '--no-sync'])
  await asPostgres('pg_ctl', ['-D', replicaDir, '-w', '-l', join(dir, 'replica.log'), '-o', settings(replicaPort), 'start'])
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` })
  await admin.connect()
  await admin.query('CREATE DATABASE crm')
  await admin.end()
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/crm`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/crm`,
    stop: async () => {
      await asPostgres('pg_ctl', ['-D', replicaDir, '-m', 'immediate', 'stop']).catch(() => {})
      await asPostgres('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']).catch(() => {})
    },
  }
}
