import { getTableColumns, getTableName, is, sql, SQL, type Column } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from './client'

/**
 * Inserts many rows with ONE parameter: `insert into t (…) select … from
 * jsonb_to_recordset($1)`. For hundreds of rows (an import's chunk) this is far cheaper to
 * build, send and plan than a VALUES list, whose every cell (each `default` included) the
 * query builder, the driver and the planner handle one by one: on PGlite several times over.
 * As with `.values()`, a column a row leaves out (or sets undefined) takes its default: rows
 * are written in groups of the same columns, usually one. `computed` columns are SQL over the
 * record `r`, which holds the row's columns by name (sql`array_position(…, r.member_status)`).
 * Answers the `returning` columns, one row per row, in the order of `rows`.
 */
export async function insertMany<T extends PgTable, K extends keyof T['$inferSelect'] & string = never>(
  tx: Executor,
  table: T,
  rows: ReadonlyArray<Partial<T['$inferInsert']>>,
  options: {
    computed?: Partial<Record<keyof T['$inferInsert'] & string, SQL>>
    returning?: readonly K[]
    /** What follows `on conflict` (sql`(a, b) do nothing`): then nothing is returned, as some rows may not be written. */
    onConflict?: SQL
  } = {},
): Promise<Array<Pick<T['$inferSelect'], K>>> {
  if (options.onConflict && options.returning?.length) throw new Error('insertMany: returning answers one row per row, which a conflict breaks')
  const columns = getTableColumns(table) as Record<string, Column>
  const computed = (options.computed ?? {}) as Record<string, SQL>
  const keysOf = (row: Record<string, unknown>) => Object.keys(row).filter((key) => row[key] !== undefined && !(key in computed))
  const groups = new Map<string, number[]>()
  rows.forEach((row, index) => {
    const keys = keysOf(row as Record<string, unknown>)
    for (const key of keys) {
      if (!columns[key]) throw new Error(`insertMany: ${getTableName(table)} has no column ${key}`)
      if (is((row as Record<string, unknown>)[key], SQL)) throw new Error(`insertMany: ${key} is SQL; pass it in computed`)
    }
    const signature = keys.sort().join(',')
    groups.set(signature, [...(groups.get(signature) ?? []), index])
  })
  const name = (key: string) => sql.identifier(columns[key]!.name)
  const answered: Array<Pick<T['$inferSelect'], K>> = new Array(rows.length)
  for (const [signature, indexes] of groups) {
    const given = signature ? signature.split(',') : []
    const record = sql.join([...given.map((key) => sql`${name(key)} ${sql.raw(columns[key]!.getSQLType())}`), sql`_ boolean`], sql`, `)
    const targets = [...given, ...Object.keys(computed)]
    const values = [...given.map((key) => sql`r.${name(key)}`), ...Object.values(computed)]
    const json = JSON.stringify(
      indexes.map((index) => Object.fromEntries(given.map((key) => [columns[key]!.name, (rows[index] as Record<string, unknown>)[key]]))),
    )
    const returning = options.returning?.length
      ? sql` returning ${sql.join(
          options.returning.map((key) => sql`${name(key)} as ${sql.identifier(key)}`),
          sql`, `,
        )}`
      : sql``
    if (targets.length === 0) throw new Error(`insertMany: a row of ${getTableName(table)} has no column`)
    // `_`: a record needs one column at least.
    const result = await tx.execute(sql`
      insert into ${sql.identifier(getTableName(table))} (${sql.join(targets.map(name), sql`, `)})
      select ${sql.join(values, sql`, `)} from jsonb_to_recordset(${json}::jsonb) as r(${record})
      ${options.onConflict ? sql`on conflict ${options.onConflict}` : sql``}${returning}`)
    const inserted = (result as unknown as { rows: Array<Pick<T['$inferSelect'], K>> }).rows
    // INSERT … SELECT … RETURNING answers the rows in the order of the array.
    indexes.forEach((index, at) => {
      answered[index] = inserted[at]!
    })
  }
  return answered
}
