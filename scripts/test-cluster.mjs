// npm run test:cluster: nginx in front of three server processes on one PostgreSQL through
// PgBouncer in transaction mode, under load, a process killed and one restarted (issue 38).
// Installs Debian's nginx and pgbouncer when they are missing, and builds the server.
import { ensureDebianCommands, printTimings, step } from './lib.mjs'

await ensureDebianCommands(['nginx', 'pgbouncer'])
await step('Building the server', 'npm', ['run', 'build', '-w', '@crm/server'])
await step('Cluster test (nginx, 3 processes, PgBouncer, PostgreSQL)', 'npx', ['vitest', 'run', '--config', 'apps/server/cluster/vitest.config.ts'], {
  env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` },
})
printTimings()
