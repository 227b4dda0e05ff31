// Bundles the server (and the domain package it shares with the web app) into dist/.
// Runtime dependencies stay external and load from node_modules.
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@crm/'))

await build({
  entryPoints: ['src/main.ts', 'src/cli/jobs.ts', 'src/cli/backup.ts', 'src/cli/restore.ts'],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
})
