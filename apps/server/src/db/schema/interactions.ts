import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Reaction, StoredInteractionType } from '@crm/domain'
import { timestamps } from './columns'
import { contactEvents } from './contact-events'
import { events } from './events'
import { people } from './people'
import { teams } from './teams'

/**
 * What happened with a contact, or is planned (spec 2 §3 Interaction). Logged in a team
 * (team_id) of a conference (conference_id, for the sub-team rule of spec 2 §6). `date` and
 * `time` are as the person typed them where the team lives; `occurs_at` is that moment, which
 * orders the list and decides what is upcoming or overdue. Every write refreshes the read
 * model in team_contacts (last, next, overdue) in its transaction.
 */
export const interactions = pgTable(
  'interactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    conference_id: integer('conference_id').references(() => teams.id, { onDelete: 'set null' }),
    author_id: integer('author_id').references(() => people.id, { onDelete: 'set null' }),
    /** The acting user (by_user_id on the wire). */
    by_person_id: integer('by_person_id').references(() => people.id, { onDelete: 'set null' }),
    type: text('type').$type<StoredInteractionType>().notNull(),
    type_other: text('type_other'),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time'),
    occurs_at: timestamp('occurs_at', { withTimezone: true }).notNull(),
    content: text('content'),
    is_completed: boolean('is_completed').notNull().default(false),
    /** When it was marked complete: a planned interaction completed early happened then. */
    completed_at: timestamp('completed_at', { withTimezone: true }),
    grow_phase: text('grow_phase'),
    source: text('source').$type<'user_import' | 'hopeva'>(),
    bible_study: text('bible_study'),
    bible_study_other: text('bible_study_other'),
    reaction: text('reaction').$type<Reaction>(),
    /**
     * The event it happened at (spec 2 §3 "Event link"): one of the team's events, or one of
     * the contact's own decisions and events (a user event). At most one; gone with the event.
     */
    event_id: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    contact_event_id: integer('contact_event_id').references(() => contactEvents.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('interactions_one_event_link', sql`${t.event_id} is null or ${t.contact_event_id} is null`),
    index('interactions_contact_idx').on(t.contact_id, t.occurs_at),
    index('interactions_team_idx').on(t.team_id, t.occurs_at),
    index('interactions_conference_idx')
      .on(t.conference_id)
      .where(sql`${t.conference_id} is not null`),
    // Upcoming interactions of a user (the dashboard) and their own interactions.
    index('interactions_by_person_idx').on(t.by_person_id, t.occurs_at),
    // Deleting an event clears its links without reading every interaction.
    index('interactions_event_idx')
      .on(t.event_id)
      .where(sql`${t.event_id} is not null`),
    index('interactions_contact_event_idx')
      .on(t.contact_event_id)
      .where(sql`${t.contact_event_id} is not null`),
  ],
)

/** Other contacts present at an interaction (others_present): it is theirs too. */
export const interactionPeople = pgTable(
  'interaction_people',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    interaction_id: integer('interaction_id')
      .notNull()
      .references(() => interactions.id, { onDelete: 'cascade' }),
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('interaction_people_interaction_person_key').on(t.interaction_id, t.person_id),
    index('interaction_people_person_idx').on(t.person_id, t.interaction_id),
  ],
)
