import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openPglite, openPostgres, type Database } from '../db/client'
import type { ImportResult } from './bench-import'

// The bench's runs (bench.ts): one per engine and size, each in a database of its own that is
// removed afterwards, and the figures of every run side by side at the end.

type Run<R> = (engine: string, database: Database, contactCount: number) => Promise<R>

/** What the side-by-side summary reads of a run. */
export interface BenchRun {
  engine: string
  size: number
  importResult: ImportResult | undefined
  lists: Array<{ key: string; p50: number; p95: number }>
}

/** Runs the bench on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL, for each size asked. */
export async function runOnEachEngine<R>(engines: string[], sizesOf: (engine: 'pglite' | 'postgres') => number[], run: Run<R>): Promise<R[]> {
  const runs: R[] = []
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-'))
  try {
    if (engines.includes('pglite')) {
      for (const contactCount of sizesOf('pglite')) {
        const pglite = await openPglite({ dir: join(dir, `pglite-${contactCount}`) })
        try {
          runs.push(await run('PGlite (embedded)', pglite, contactCount))
        } finally {
          await pglite.close()
          rmSync(join(dir, `pglite-${contactCount}`), { recursive: true, force: true })
        }
      }
    }

    const server = process.env.BENCH_DATABASE_URL
    if (engines.includes('postgres') && server) {
      for (const contactCount of sizesOf('postgres')) {
        const name = `crm_bench_${Date.now()}`
        const admin = new pg.Client({ connectionString: server })
        await admin.connect()
        await admin.query(`CREATE DATABASE ${name}`)
        const url = new URL(server)
        url.pathname = `/${name}`
        // BENCH_NAMED_STATEMENTS=false: as a server behind a transaction pooler (DATABASE_NAMED_STATEMENTS).
        const postgres = openPostgres(url.toString(), { poolSize: 10, namedStatements: process.env.BENCH_NAMED_STATEMENTS !== 'false' })
        try {
          runs.push(await run('PostgreSQL', postgres, contactCount))
        } finally {
          await postgres.close()
          // BENCH_KEEP_DATABASE=1 keeps the seeded database to study its plans (psql, EXPLAIN).
          if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`\n(kept the database ${name}: drop it with DROP DATABASE ${name})`)
          else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
          await admin.end()
        }
      }
    } else if (engines.includes('postgres')) {
      console.log('\n(set BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to measure PostgreSQL too)')
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return runs
}

// Every list call side by side: p50 / p95 per engine and size (the labels' page numbers and
// row counts differ between sizes; the first run's label names the row).
export function printRunsSideBySide(runs: BenchRun[]): void {
  if (runs.length > 1 && runs[0]!.lists.length > 0) {
    const first = runs[0]!
    console.log('\nContacts lists and the contact record, p50 / p95 ms')
    console.log(`| call | ${runs.map((r) => `${r.engine.split(' ')[0]} ${r.size.toLocaleString('en')}`).join(' | ')} |`)
    console.log(`|---|${runs.map(() => '---|').join('')}`)
    for (const row of first.lists) {
      const cells = runs.map((r) => {
        const match = r.lists.find((l) => l.key === row.key)
        return match ? `${match.p50.toFixed(1)} / ${match.p95.toFixed(1)}` : '—'
      })
      console.log(`| ${row.key} | ${cells.join(' | ')} |`)
    }
  }

  if (runs.some((r) => r.importResult)) {
    console.log('\nContact import (issue 17): the whole file, seconds (targets: PGlite ≤ 30, PostgreSQL ≤ 15)')
    for (const r of runs) {
      if (r.importResult)
        console.log(
          `| ${r.engine} | ${r.importResult.contacts.toLocaleString('en')} contacts in the conference | ${r.importResult.rows.toLocaleString('en')} rows | ${r.importResult.totalSeconds.toFixed(1)} s |`,
        )
    }
  }
}
