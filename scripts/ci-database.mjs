// Used by .ci/run: when PostgreSQL answers on 127.0.0.1:5432, create a fresh database
// for this run and print its URL; `drop NAME` removes it afterwards. Prints nothing when
// no server answers, so the PostgreSQL run is left out.
import pg from 'pg'

const server = process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const [command, name] = process.argv.slice(2)

const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 })
try {
  await client.connect()
} catch {
  process.exit(0)
}
try {
  if (command === 'create') {
    const database = `crm_ci_${Date.now()}_${process.pid}`
    await client.query(`CREATE DATABASE ${database}`)
    const url = new URL(server)
    url.pathname = `/${database}`
    console.log(url.toString())
  } else if (command === 'drop' && /^crm_ci_\d+_\d+$/.test(name ?? '')) {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
} finally {
  await client.end()
}
