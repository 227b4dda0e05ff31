import { and, eq, sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Executor } from '../../db/client'
import { contactDuplicateDismissals, type MergeUndo } from '../../db/schema/index'

/**
 * Every column that names a person, and how a merge moves it (issue 40 §1): each row naming
 * the other record names the kept one afterwards, except a row that would then repeat one the
 * kept record already has (the same group, the same attendance, the same relationship) or name
 * one person twice (a relationship between the two records): such a row is removed, and kept
 * in the merge's undo. contact-merge.test.ts checks that every foreign key to people is here
 * or in `notMoved`, so a new table cannot be forgotten.
 *
 * Table and column names are this file's constants, never input, and go into SQL as
 * identifiers.
 */
export interface PersonColumns {
  table: string
  /** The columns that name a person; each moves from the other record to the kept one. */
  columns: readonly string[]
  /** The columns that find a moved row again for undo (its primary key, less what moved). */
  key: readonly string[]
  /**
   * The table's unique keys with a person column in them: `pair` compares two person columns
   * as an unordered pair (a relationship is one whichever side it was entered from); `where`
   * is a partial index's condition.
   */
  unique?: readonly { columns: readonly string[]; pair?: readonly [string, string]; where?: string }[]
  /** A row whose two person columns would both name the kept record is removed. */
  twoPeople?: readonly [string, string]
}

export const personColumns: readonly PersonColumns[] = [
  { table: 'activity_log', columns: ['contact_id', 'author_id'], key: ['id'] },
  {
    table: 'assignments',
    columns: ['contact_id', 'to_person_id', 'by_person_id'],
    key: ['id'],
    unique: [{ columns: ['team_id', 'contact_id', 'to_person_id'] }],
    twoPeople: ['contact_id', 'to_person_id'],
  },
  { table: 'consent_requests', columns: ['contact_id', 'requested_by_id'], key: ['id'] },
  { table: 'contact_events', columns: ['contact_id', 'author_id'], key: ['id'] },
  // A source id names the record that lives on: the next file of that system updates it.
  { table: 'contact_sources', columns: ['person_id'], key: ['team_id', 'system', 'source_id'] },
  {
    table: 'contact_interests',
    columns: ['person_id', 'created_by_id'],
    key: ['id'],
    unique: [{ columns: ['person_id', 'interest', 'interest_other'] }],
  },
  {
    table: 'contact_relationships',
    columns: ['contact_id', 'related_id', 'created_by_id'],
    key: ['id'],
    unique: [{ columns: ['team_id'], pair: ['contact_id', 'related_id'] }],
    twoPeople: ['contact_id', 'related_id'],
  },
  {
    table: 'dismissed_inferred_relationships',
    columns: ['contact_id', 'related_id', 'dismissed_by_id'],
    key: ['id'],
    unique: [{ columns: ['team_id', 'contact_id', 'related_id'] }],
    twoPeople: ['contact_id', 'related_id'],
  },
  {
    table: 'event_attendance',
    columns: ['person_id', 'created_by_id'],
    key: ['id'],
    unique: [{ columns: ['event_id', 'event_date', 'person_id'] }],
  },
  { table: 'event_occurrences', columns: ['updated_by_id'], key: ['event_id', 'original_date'] },
  { table: 'events', columns: ['created_by_id'], key: ['id'] },
  { table: 'files', columns: ['uploaded_by_id'], key: ['id'] },
  {
    table: 'group_contacts',
    columns: ['person_id', 'added_by_id'],
    key: ['id'],
    unique: [{ columns: ['group_id', 'person_id'] }],
  },
  { table: 'ical_feeds', columns: ['user_id'], key: ['team_id'], unique: [{ columns: ['user_id', 'team_id'] }] },
  {
    table: 'interaction_people',
    columns: ['person_id'],
    key: ['id'],
    unique: [{ columns: ['interaction_id', 'person_id'] }],
  },
  { table: 'interactions', columns: ['contact_id', 'author_id', 'by_person_id'], key: ['id'] },
  { table: 'invites', columns: ['person_id', 'invited_by_id'], key: ['id'] },
  { table: 'memberships', columns: ['person_id'], key: ['id'], unique: [{ columns: ['person_id', 'team_id'] }] },
  { table: 'missed_interaction_rules', columns: ['created_by'], key: ['id'] },
  { table: 'notes', columns: ['contact_id', 'author_id'], key: ['id'] },
  {
    table: 'notification_receipts',
    columns: ['user_id'],
    key: ['notification_id'],
    unique: [{ columns: ['notification_id', 'user_id'] }],
  },
  { table: 'notifications', columns: ['associated_person_id', 'created_by', 'recipient_user_id'], key: ['id'] },
  { table: 'one_time_keys', columns: ['person_id'], key: ['id'] },
  { table: 'owner_requests', columns: ['person_id', 'decided_by_id'], key: ['id'] },
  { table: 'parental_consents', columns: ['contact_id', 'recorded_by_id', 'revoked_by_id', 'to_id'], key: ['id'] },
  // The kept record's rows take the other's state first (combineTeamRows, below).
  {
    table: 'team_contacts',
    columns: ['person_id', 'added_by_id', 'requested_by_id'],
    key: ['id'],
    unique: [{ columns: ['team_id', 'person_id'] }],
  },
  { table: 'teams', columns: ['owner_id', 'isolated_owner_id'], key: ['id'] },
  {
    table: 'transfer_contacts',
    columns: ['contact_id'],
    key: ['id'],
    unique: [{ columns: ['transfer_id', 'contact_id'] }],
  },
  {
    table: 'transfers',
    columns: ['person_id', 'created_by_id', 'processed_by_id'],
    key: ['id'],
    unique: [{ columns: ['person_id'], where: 'not is_processed' }],
  },
  { table: 'unassigned_contact_rules', columns: ['created_by'], key: ['id'] },
  {
    table: 'user_import_rows',
    columns: ['person_id'],
    key: ['id'],
    unique: [{ columns: ['import_id', 'person_id'] }],
  },
  { table: 'user_imports', columns: ['created_by'], key: ['id'] },
  // Records merged into the other one earlier now point to the kept one.
  { table: 'people', columns: ['merged_into_id', 'created_by_id'], key: ['id'] },
]

/** Foreign keys to people that a merge does not move, and why. */
export const notMoved: Record<string, string> = {
  'accounts.person_id': 'a record that signs in is never merged away (merge_has_account)',
  'contact_duplicate_dismissals.contact_id': 'pairs are kept in order, lower id first: moveDismissals, below, moves them',
  'contact_duplicate_dismissals.other_contact_id': 'as contact_id',
  'contact_duplicate_dismissals.dismissed_by_id': 'who said it, for the record; the pair is what counts',
  'contact_merges.contact_id': 'the merges are the history of both records',
  'contact_merges.other_contact_id': 'as contact_id',
  'contact_merges.merged_by_id': 'as contact_id',
  'contact_merges.undone_by_id': 'as contact_id',
  'contact_import_mappings.updated_by_id': "who last saved the team's column matches, for the record (an account, never merged away)",
  'contact_merge_requests.contact_id': 'a request names the pair as asked; a merge of the record merged away ends it',
  'contact_merge_requests.other_contact_id': 'as contact_id',
  'contact_merge_requests.requested_by_id': 'who asked, for the record (and as whom the merge is done)',
  'contact_merge_request_teams.decided_by_id': 'who answered for the team, for the record',
  'contact_erasures.requested_by_id': 'who asked for an erasure, for the record',
  'contact_erasures.cancelled_by_id': 'who called it off, for the record',
  'contact_imports.created_by_id': 'who imported, for the record (an account, never merged away)',
  'contact_imports.undone_by_id': 'who undid an import, for the record',
  'contact_import_households.person_id': 'a household of the import as its file gave it; the relationships it made move with the record kept',
  'contact_import_contacts.person_id': "what an import did to the record merged away: its undo leaves a merged record as it is ('merged')",
}

const id = (name: string) => sql.raw(`"${name}"`)

/** A person column's value as it will be: the other record's id becomes the kept one's. */
function mapped(column: string, kept: number, other: number): SQL {
  return sql`(case when ${id(column)} = ${other} then ${kept} else ${id(column)} end)`
}

/** The row names either record in one of the columns (parenthesised: it goes beside other conditions). */
function namesEither(columns: readonly string[], kept: number, other: number): SQL {
  return sql`(${sql.join(
    columns.map((column) => sql`${id(column)} in (${kept}, ${other})`),
    sql` or `,
  )})`
}

/** The row names the other record in one of the columns. */
function namesOther(columns: readonly string[], other: number): SQL {
  return sql`(${sql.join(
    columns.map((column) => sql`${id(column)} = ${other}`),
    sql` or `,
  )})`
}

/**
 * Removes the rows of the other record that the move would turn into a repeat of another row
 * (the kept record's first) or into a row naming one person twice; answers them whole.
 */
async function removeRepeats(tx: Executor, move: PersonColumns, kept: number, other: number): Promise<Record<string, unknown>[]> {
  const table = id(move.table)
  const removed: Record<string, unknown>[] = []
  if (move.twoPeople) {
    const [a, b] = move.twoPeople
    const rows = await tx.execute(sql`delete from ${table} where ${id(a)} in (${kept}, ${other}) and ${id(b)} in (${kept}, ${other})
      and ${namesOther([a, b], other)} returning to_jsonb(${table}.*) as row`)
    removed.push(...rowsOf<{ row: Record<string, unknown> }>(rows).map((row) => row.row))
  }
  for (const unique of move.unique ?? []) {
    const personInKey = [...unique.columns.filter((column) => move.columns.includes(column)), ...(unique.pair ?? [])]
    const keyParts = unique.columns.map((column) => (move.columns.includes(column) ? mapped(column, kept, other) : id(column)))
    if (unique.pair) {
      const [a, b] = unique.pair.map((column) => mapped(column, kept, other)) as [SQL, SQL]
      keyParts.push(sql`least(${a}, ${b})`, sql`greatest(${a}, ${b})`)
    }
    const partial = unique.where ? sql` and (${sql.raw(unique.where)})` : sql``
    // In each group of rows that would share the key, the kept record's rows come first; every
    // later row of the other record goes.
    const rows = await tx.execute(sql`with candidate as (
        select ctid as row_ctid, (${namesOther(personInKey, other)}) as names_other,
          row_number() over (partition by ${sql.join(keyParts, sql`, `)} order by (${namesOther(personInKey, other)}), ctid) as place
        from ${table} where (${namesEither(personInKey, kept, other)})${partial}
      )
      delete from ${table} using candidate
      where ${table}.ctid = candidate.row_ctid and candidate.place > 1 and candidate.names_other
      returning to_jsonb(${table}.*) as row`)
    removed.push(...rowsOf<{ row: Record<string, unknown> }>(rows).map((row) => row.row))
  }
  return removed
}

/**
 * Moves every row naming the other record to the kept one, table by table; answers what undo
 * needs: the moved rows' keys and the removed rows.
 */
export async function movePersonRows(tx: Executor, kept: number, other: number): Promise<Pick<MergeUndo, 'moved' | 'removed'>> {
  const moved: MergeUndo['moved'] = []
  const removed: MergeUndo['removed'] = []
  for (const move of personColumns) {
    const rows = await removeRepeats(tx, move, kept, other)
    if (rows.length > 0) removed.push({ table: move.table, rows })
    for (const column of move.columns) {
      const keyObject = sql.join(
        move.key.map((key) => sql`${key}::text, ${id(key)}`),
        sql`, `,
      )
      const result = await tx.execute(
        sql`update ${id(move.table)} set ${id(column)} = ${kept} where ${id(column)} = ${other} returning jsonb_build_object(${keyObject}) as key`,
      )
      const keys = rowsOf<{ key: Record<string, unknown> }>(result).map((row) => row.key)
      if (keys.length > 0) moved.push({ table: move.table, column, keys })
    }
  }
  return { moved, removed }
}

/**
 * Undoes movePersonRows: the moved rows that still name the kept record name the other again
 * (a row added to the kept record since stays), and the removed rows come back.
 */
export async function putPersonRowsBack(tx: Executor, undo: Pick<MergeUndo, 'moved' | 'removed'>, kept: number, other: number): Promise<void> {
  const keysOf = new Map(personColumns.map((move) => [move.table, move.key]))
  for (const { table, column, keys } of [...undo.moved].reverse()) {
    const key = keysOf.get(table)
    if (!key) continue
    const matches = sql.join(
      key.map((name) => sql`${id(table)}.${id(name)} = saved.${id(name)}`),
      sql` and `,
    )
    await tx.execute(sql`update ${id(table)} set ${id(column)} = ${other}
      from jsonb_populate_recordset(null::${id(table)}, ${JSON.stringify(keys)}::jsonb) as saved
      where ${id(table)}.${id(column)} = ${kept} and ${matches}`)
  }
  for (const { table, rows } of undo.removed) {
    await tx.execute(sql`insert into ${id(table)} overriding system value
      select * from jsonb_populate_recordset(null::${id(table)}, ${JSON.stringify(rows)}::jsonb) on conflict do nothing`)
  }
}

// Rows a merge moves its own way: the teams' rows take the stronger standing of the two, and
// "not the same person" pairs are kept lower id first.

/**
 * The kept record's rows in the teams both records are in take the other's standing (owner,
 * active, not archived, the widest access); the other's rows in teams of its own are no longer
 * an owner's where the kept record has an owning team. Answers the rows as they were.
 */
export async function combineTeamRows(tx: Executor, keptId: number, otherId: number): Promise<Record<string, unknown>[]> {
  const before = await tx.execute(sql`select to_jsonb(k.*) as row from team_contacts k
    where (k.person_id = ${keptId} and exists (select 1 from team_contacts o where o.person_id = ${otherId} and o.team_id = k.team_id))
      or (k.person_id = ${otherId} and k.is_owner
        and not exists (select 1 from team_contacts s where s.person_id = ${keptId} and s.team_id = k.team_id)
        and exists (select 1 from team_contacts s where s.person_id = ${keptId} and s.is_owner))`)
  await tx.execute(sql`update team_contacts k set
      is_owner = k.is_owner or o.is_owner,
      state = case when k.state = 'active' or o.state = 'active' then 'active' else k.state end,
      archived_at = case when k.archived_at is null or o.archived_at is null then null else least(k.archived_at, o.archived_at) end,
      access_from = least(k.access_from, o.access_from),
      access_to = case when k.access_to is null or o.access_to is null then null else greatest(k.access_to, o.access_to) end
    from team_contacts o
    where k.person_id = ${keptId} and o.person_id = ${otherId} and o.team_id = k.team_id`)
  await tx.execute(sql`update team_contacts o set is_owner = false
    where o.person_id = ${otherId} and o.is_owner
      and not exists (select 1 from team_contacts s where s.person_id = ${keptId} and s.team_id = o.team_id)
      and exists (select 1 from team_contacts s where s.person_id = ${keptId} and s.is_owner)`)
  return rowsOf<{ row: Record<string, unknown> }>(before).map((row) => row.row)
}

export async function restoreTeamRows(tx: Executor, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return
  await tx.execute(sql`update team_contacts t set is_owner = s.is_owner, state = s.state, archived_at = s.archived_at,
      access_from = s.access_from, access_to = s.access_to
    from jsonb_populate_recordset(null::team_contacts, ${JSON.stringify(rows)}::jsonb) as s
    where t.id = s.id`)
}

/**
 * "Not the same person" said of the other record and a third is said of the kept one too;
 * answers the pairs removed (for undo) and the pairs added.
 */
export async function moveDismissals(
  tx: Executor,
  keptId: number,
  otherId: number,
): Promise<{ removed: Record<string, unknown>[]; added: MergeUndo['dismissals_added'] }> {
  const removed = rowsOf<{ row: Record<string, unknown> }>(
    await tx.execute(sql`delete from contact_duplicate_dismissals
      where contact_id = ${otherId} or other_contact_id = ${otherId} returning to_jsonb(contact_duplicate_dismissals.*) as row`),
  ).map(({ row }) => row)
  const thirds = removed.map((row) => (row.contact_id === otherId ? row.other_contact_id : row.contact_id) as number).filter((third) => third !== keptId)
  const added: MergeUndo['dismissals_added'] = []
  for (const third of thirds) {
    const pair = { contact_id: Math.min(keptId, third), other_contact_id: Math.max(keptId, third) }
    const inserted = await tx
      .insert(contactDuplicateDismissals)
      .values(pair)
      .onConflictDoNothing()
      .returning({ contact_id: contactDuplicateDismissals.contact_id })
    if (inserted.length > 0) added.push(pair)
  }
  return { removed, added }
}

/** Undoes moveDismissals' additions: the pairs the kept record took over. */
export async function removeAddedDismissals(tx: Executor, pairs: MergeUndo['dismissals_added']): Promise<void> {
  for (const pair of pairs) {
    await tx
      .delete(contactDuplicateDismissals)
      .where(and(eq(contactDuplicateDismissals.contact_id, pair.contact_id), eq(contactDuplicateDismissals.other_contact_id, pair.other_contact_id)))
  }
}
