import type { Executor } from './client'

/**
 * A query that every call runs (the caller's session, their team scope, the lookup titles),
 * built once per database handle and prepared by name. Building SQL through drizzle costs
 * 0.1–0.4 ms of CPU per query (the team scope's joins 0.36 ms), paid on every API call
 * otherwise; on PostgreSQL each connection also parses and plans the statement once.
 * Values go in as `sql.placeholder(name)` and are given to `execute`.
 *
 * A transaction gets its own copy (built once for it), so a query inside a transaction reads
 * through that transaction.
 */
export function preparedQuery<Prepared>(build: (db: Executor) => Prepared): (db: Executor) => Prepared {
  const built = new WeakMap<Executor, Prepared>()
  return (db) => {
    let query = built.get(db)
    if (!query) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}
