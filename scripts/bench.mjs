// npm run bench: the API under a large data set, on PGlite and (BENCH_DATABASE_URL) PostgreSQL.
import { step } from './lib.mjs'

await step('Benchmark', 'npx', ['tsx', 'apps/server/src/cli/bench.ts'])
