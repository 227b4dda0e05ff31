import { sql } from 'drizzle-orm'
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { people } from './people'
import { teams } from './teams'

/**
 * A contact's erasure (issue 40 §2): asked for by an owner of the owning team with a reason,
 * carried out by a job once its grace period has passed unless called off. The row is the
 * record that it happened, so it holds the person's id only (no foreign key: the person goes)
 * and nothing else of theirs.
 */
export const contactErasures = pgTable(
  'contact_erasures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contact_id: integer('contact_id').notNull(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** erase or de_identify (erasureModes). */
    mode: text('mode').notNull(),
    reason: text('reason').notNull(),
    /** Set when the team's retention schedule did it, after this many months without activity (no one asked). */
    retention_months: smallint('retention_months'),
    requested_by_id: integer('requested_by_id').references(() => people.id, { onDelete: 'set null' }),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull(),
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    cancelled_by_id: integer('cancelled_by_id').references(() => people.id, { onDelete: 'set null' }),
    carried_out_at: timestamp('carried_out_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_erasures_team_idx').on(t.team_id, t.requested_at),
    // One pending erasure a person; the job walks the pending ones by when they are due.
    uniqueIndex('contact_erasures_pending_key')
      .on(t.contact_id)
      .where(sql`${t.cancelled_at} is null and ${t.carried_out_at} is null`),
    index('contact_erasures_due_idx')
      .on(t.due_at)
      .where(sql`${t.cancelled_at} is null and ${t.carried_out_at} is null`),
  ],
)
