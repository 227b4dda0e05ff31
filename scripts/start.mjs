// npm start: build what is missing (or out of date), then serve the whole app.
// Migrations run inside the server at start-up.
import { spawn } from 'node:child_process'
import { buildIfStale, root } from './lib.mjs'

await buildIfStale()

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { stdio: 'inherit', cwd: root })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
