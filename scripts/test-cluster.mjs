// npm run test:cluster: nginx in front of three server processes on one PostgreSQL through
// PgBouncer in transaction mode, under load, a process killed and one restarted (issue 38).
// Installs Debian's nginx and pgbouncer when they are missing, and builds the server.
import { execFileSync } from 'node:child_process'
import { printTimings, step } from './lib.mjs'

const missing = ['nginx', 'pgbouncer'].filter((command) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command} || test -x /usr/sbin/${command}`], { stdio: 'ignore' })
    return false
  } catch {
    return true
  }
})
if (missing.length > 0) {
  const packages = missing.map((command) => (command === 'nginx' ? 'nginx-light' : command))
  await step(
    `Installing ${packages.join(', ')} (Debian)`,
    'sh',
    [
      '-c',
      `(apt-get install -y -qq --no-install-recommends ${packages.join(' ')} || (apt-get update -qq && apt-get install -y -qq --no-install-recommends ${packages.join(' ')})) >/dev/null`,
    ],
    { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  )
}
await step('Building the server', 'npm', ['run', 'build', '-w', '@crm/server'])
await step('Cluster test (nginx, 3 processes, PgBouncer, PostgreSQL)', 'npx', ['vitest', 'run', '--config', 'apps/server/cluster/vitest.config.ts'], {
  env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` },
})
printTimings()
