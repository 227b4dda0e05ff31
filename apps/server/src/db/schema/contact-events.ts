import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'
import { people } from './people'
import { teams } from './teams'

/**
 * A contact's decisions and events (spec 2 §3 "Contact event"): a value of the
 * user-event-types lookup list on a date, with the member status it brought and a text.
 * Recorded by a team (team_id) and seen by that team; the contact's member status, which
 * an event may change (spec 2 §4.5), stays on the person.
 */
export const contactEvents = pgTable(
  'contact_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => people.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    /** decision or event, from the type (packages/domain rules/contact-events.ts), for the tabs. */
    kind: text('kind', { enum: ['decision', 'event'] }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    grow_phase: text('grow_phase'),
    member_status: text('member_status'),
    content: text('content'),
    ...timestamps,
  },
  // A tab's page: the contact's rows in the team of one kind, newest first.
  (t) => [
    index('contact_events_contact_idx').on(t.contact_id, t.team_id, t.kind, t.created_at),
    // The reports' decisions of one type per team and date (baptisms, issue 18).
    index('contact_events_team_type_date_idx').on(t.team_id, t.type, t.date),
  ],
)
