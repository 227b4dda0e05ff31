import { readdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

// Server imports run one way (DESIGN.md §3): app.ts and the command line compose features;
// a feature may call another feature's service, never its routes; features → platform → db;
// seed/ (the demo and benchmark data) sits above the features and nothing below reads it.
//
// import-x/no-restricted-paths, not no-restricted-imports: eslint.config.js already has
// no-restricted-imports entries for platform/, db/ and features/ (the child gate), and a later
// entry of the same rule for the same files replaces the earlier one's options. This rule
// composes with them (and leaves features → platform → db to those entries). Import cycles are
// scripts/check-imports.mjs's (run by `npm run lint`).

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const src = resolve(root, 'apps/server/src')
const at = (path) => resolve(src, path)

// One zone per feature folder, read from disk so that a new feature is covered by itself.
const features = readdirSync(at('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const routesOfOtherFeatures = features.map((feature) => ({
  target: at(`features/${feature}`),
  from: [at('features/*/*.routes.ts')],
  except: [at(`features/${feature}/*.routes.ts`)],
  message: 'A feature calls another feature’s service, never its routes (DESIGN.md §3). A path shared by two features is joined in app.ts.',
}))

/** Zones for every file of apps/server/src, tests included. */
const always = [
  ...routesOfOtherFeatures,
  {
    target: [at('seed'), at('cli'), at('platform'), at('db')],
    from: [at('features/*/*.routes.ts')],
    message: 'Routes are registered by app.ts alone; use the feature’s service.',
  },
  {
    target: [at('features'), at('platform'), at('db')],
    from: at('seed'),
    message:
      'seed/ is demo and benchmark data built on the features; what a service needs at run time lives in its feature (lookups/lookup-lists.ts, site/default-content-pages.ts).',
  },
  {
    target: src,
    from: resolve(root, 'apps/web'),
    message: 'The server shares only the contract (@crm/domain) with the web app, never its code.',
  },
]

/** Zones for the product code only: tests may start the app, run jobs and use test/ helpers. */
const productOnly = [
  {
    target: [at('features'), at('platform'), at('db'), at('seed')],
    from: [at('app.ts'), at('main.ts'), at('server.ts'), at('jobs.ts'), at('cli')],
    message: 'app.ts, main.ts, server.ts, jobs.ts and cli/ compose the features; nothing they compose imports them.',
  },
  {
    target: src,
    from: resolve(root, 'apps/server/test'),
    message: 'apps/server/test/ holds test helpers; product code does not import them (a helper only tests use belongs there).',
  },
]

const tests = ['apps/server/src/**/*.test.ts']

export default [
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: tests,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...always, ...productOnly] }] },
  },
  {
    files: tests,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: always }] },
  },
]
