import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core'
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
