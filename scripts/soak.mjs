// npm run soak: a steady rate of mixed traffic through nginx to two server processes on
// PostgreSQL for SOAK_MINUTES (20): memory, errors and p95 each minute (issue 38 item 9).
// Not part of npm test. Installs Debian's nginx when it is missing, and builds the server.
import { ensureDebianCommands, printTimings, step } from './lib.mjs'

await ensureDebianCommands(['nginx'])
await step('Building the server', 'npm', ['run', 'build', '-w', '@crm/server'])
await step('Soak', 'npx', ['tsx', 'apps/server/cluster/soak.ts'], { env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` } })
printTimings()
