// npm run dev: the server with reload on change, and Vite's dev server proxying /api to it.
import { spawn } from 'node:child_process'
import { root } from './lib.mjs'

const children = [
  spawn('npm', ['run', 'dev', '-w', '@crm/server'], { stdio: 'inherit', cwd: root }),
  spawn('npm', ['run', 'dev', '-w', '@crm/web'], { stdio: 'inherit', cwd: root }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((child) =>
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  }),
)
