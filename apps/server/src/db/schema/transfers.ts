import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'
import { people } from './people'
import { teams } from './teams'

/**
 * A pastor's transfer from one church to another (spec 3 §3 Transfer). Planned by a
 * conference; processed on `date` by the transfers job, or by hand when it has none. Once
 * processed it is history: it cannot be edited, and its rows say what happened.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    from_conference_id: integer('from_conference_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    to_conference_id: integer('to_conference_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    from_team_id: integer('from_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    to_team_id: integer('to_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The pastor (user_id on the wire). */
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    created_by_id: integer('created_by_id').references(() => people.id, { onDelete: 'set null' }),
    /** Who processed it by hand; null when the transfers job did, on its date. */
    processed_by_id: integer('processed_by_id').references(() => people.id, { onDelete: 'set null' }),
    /** The day it is processed; null: processed by hand. */
    date: date('date', { mode: 'string' }),
    is_processed: boolean('is_processed').notNull().default(false),
    processed_at: timestamp('processed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The lists of either conference, upcoming or processed, newest first.
    index('transfers_from_conference_idx').on(t.from_conference_id, t.is_processed, t.created_at),
    index('transfers_to_conference_idx').on(t.to_conference_id, t.is_processed, t.created_at),
    // The job: upcoming transfers whose day has come.
    index('transfers_due_idx')
      .on(t.date)
      .where(sql`not ${t.is_processed} and ${t.date} is not null`),
    index('transfers_person_idx').on(t.person_id),
    // A pastor has one upcoming transfer at a time: two plans for one pastor would race at
    // processing, and the second would find them gone from its from-church.
    uniqueIndex('transfers_one_upcoming_per_pastor_key')
      .on(t.person_id)
      .where(sql`not ${t.is_processed}`),
  ],
)

/** A contact the pastor chose to take: moved to the new church, or shared with it. */
export const transferContacts = pgTable(
  'transfer_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transfer_id: integer('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['move', 'share'] }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('transfer_contacts_transfer_contact_key').on(t.transfer_id, t.contact_id), index('transfer_contacts_contact_idx').on(t.contact_id)],
)
