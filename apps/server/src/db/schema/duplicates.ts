import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { people } from './people'
import { teams } from './teams'

/**
 * Two contacts someone said are not the same person (issue 40 §1): the pair is not offered as
 * a possible duplicate again, in any team, since the two are people and not a team's records.
 * Stored once, the lower id first.
 */
export const contactDuplicateDismissals = pgTable(
  'contact_duplicate_dismissals',
  {
    contact_id: integer('contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    other_contact_id: integer('other_contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** The team it was said in, and by whom: for the record only. */
    team_id: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    dismissed_by_id: integer('dismissed_by_id').references(() => people.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contact_id, t.other_contact_id] }),
    // A person's removal finds their pairs from either side.
    index('contact_duplicate_dismissals_other_idx').on(t.other_contact_id),
    check('contact_duplicate_dismissals_order', sql`${t.contact_id} < ${t.other_contact_id}`),
  ],
)

/**
 * What undoing a merge puts back (contact-merge.service.ts): the kept record's fields and
 * team rows as they were, every row moved from the other record (by its key), and every row
 * of the other record removed because the kept record already had its like.
 */
export interface MergeUndo {
  kept_fields: Record<string, unknown>
  kept_team_rows: Record<string, unknown>[]
  moved: { table: string; column: string; keys: Record<string, unknown>[] }[]
  removed: { table: string; rows: Record<string, unknown>[] }[]
  /** "Not the same person" pairs the kept record took over from the other. */
  dismissals_added: { contact_id: number; other_contact_id: number }[]
}

/**
 * Two records of one person made one (issue 40 §1): `other_contact_id` was merged into
 * `contact_id` and is its tombstone; until `undo_until` the merge can be undone, which puts
 * both back as they were. One merge at a time takes a record away.
 */
export const contactMerges = pgTable(
  'contact_merges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    other_contact_id: integer('other_contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** The team it was done in, and by whom: for the record. */
    team_id: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    merged_by_id: integer('merged_by_id').references(() => people.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undo_until: timestamp('undo_until', { withTimezone: true }).notNull(),
    undone_at: timestamp('undone_at', { withTimezone: true }),
    undone_by_id: integer('undone_by_id').references(() => people.id, { onDelete: 'set null' }),
    /** Null once the undo period has ended: what it kept of both records is cleared (duplicates.jobs.ts). */
    undo: jsonb('undo').$type<MergeUndo>(),
  },
  (t) => [
    uniqueIndex('contact_merges_other_key')
      .on(t.other_contact_id)
      .where(sql`${t.undone_at} is null`),
    index('contact_merges_contact_idx').on(t.contact_id, t.created_at),
  ],
)

/**
 * A merge that waits for the agreement of teams the asker does not act for (issue 40 §1): the
 * pair and the field choices as asked; carried out by the last agreement (merge_id), ended by
 * a refusal. One pending request a pair.
 */
export const contactMergeRequests = pgTable(
  'contact_merge_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The record to be kept, and the one to be merged into it. */
    contact_id: integer('contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    other_contact_id: integer('other_contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** The team it was asked in, and by whom: the merge is done as them. */
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    requested_by_id: integer('requested_by_id').references(() => people.id, { onDelete: 'set null' }),
    from_other: jsonb('from_other').$type<string[]>().notNull().default([]),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** pending, merged or declined (mergeRequestStatuses). */
    status: text('status').notNull().default('pending'),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    merge_id: integer('merge_id').references(() => contactMerges.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The pair either way round, once while pending.
    uniqueIndex('contact_merge_requests_pending_key')
      .on(sql`least(${t.contact_id}, ${t.other_contact_id})`, sql`greatest(${t.contact_id}, ${t.other_contact_id})`)
      .where(sql`${t.status} = 'pending'`),
    index('contact_merge_requests_team_idx').on(t.team_id, t.created_at),
    index('contact_merge_requests_other_idx').on(t.other_contact_id),
    index('contact_merge_requests_contact_idx').on(t.contact_id),
  ],
)

/** Each team whose owners must agree to a merge request, and what they said (approved null: not yet). */
export const contactMergeRequestTeams = pgTable(
  'contact_merge_request_teams',
  {
    request_id: integer('request_id')
      .notNull()
      .references(() => contactMergeRequests.id, { onDelete: 'cascade' }),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    approved: boolean('approved'),
    decided_by_id: integer('decided_by_id').references(() => people.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.request_id, t.team_id] }), index('contact_merge_request_teams_team_idx').on(t.team_id)],
)
