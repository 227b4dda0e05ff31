import { sql } from 'drizzle-orm'
import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { addressColumns, timestamps } from './columns'
import { people } from './people'
import { teams } from './teams'

/**
 * An event of a team (spec 3 §3 "Event"): one-off, multi-day or recurring. Dates and times
 * are wall-clock values in the team's time zone (teams.settings.time_zone); the rule is RRULE
 * text without DTSTART, whose start is start_date (packages/domain rules/recurrence.ts).
 * last_date is the first day of the last occurrence, null while the rule never ends: the
 * lists of today, future and past events filter on it in SQL.
 */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    created_by_id: integer('created_by_id').references(() => people.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    is_public: boolean('is_public').notNull().default(false),
    /** A value of the event-types lookup list, or 'other' with type_other. */
    type: text('type'),
    type_other: text('type_other'),
    no_address: boolean('no_address').notNull().default(false),
    ...addressColumns,
    address_manual_input: boolean('address_manual_input').notNull().default(false),
    is_recurring: boolean('is_recurring').notNull().default(false),
    rrule: text('rrule'),
    is_all_day: boolean('is_all_day').notNull().default(false),
    is_multi_day: boolean('is_multi_day').notNull().default(false),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    /** The last day of the first occurrence: start_date unless multi-day. */
    end_date: date('end_date', { mode: 'string' }).notNull(),
    /** Days each occurrence lasts: end_date − start_date + 1. */
    span_days: smallint('span_days').notNull().default(1),
    /** HH:MM; null when all-day. */
    start_hour: text('start_hour'),
    end_hour: text('end_hour'),
    auc_disciple_phase: text('auc_disciple_phase'),
    grow_phase: text('grow_phase'),
    last_date: date('last_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    // The lists: newest first per team, and the date filters of today, future and past.
    index('events_team_created_idx').on(t.team_id, t.created_at.desc(), t.id.desc()),
    index('events_team_last_date_idx').on(t.team_id, t.last_date),
    index('events_team_start_idx').on(t.team_id, t.start_date),
  ],
)

/**
 * What one occurrence holds beyond the rule (spec 3 §3 "The occurrence holds notes"): its
 * notes, and an exception: cancelled, or moved from original_date to event_date. A row exists
 * only for an occurrence with notes or an exception.
 */
export const eventOccurrences = pgTable(
  'event_occurrences',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The rule's day for the occurrence. */
    original_date: date('original_date', { mode: 'string' }).notNull(),
    /** The day it starts on: original_date unless moved. */
    event_date: date('event_date', { mode: 'string' }).notNull(),
    is_cancelled: boolean('is_cancelled').notNull().default(false),
    notes: text('notes'),
    updated_by_id: integer('updated_by_id').references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.event_id, t.original_date] }), index('event_occurrences_event_date_idx').on(t.event_id, t.event_date)],
)

/**
 * Who attended on an event date (spec 3 §3 "Attendance record"): a contact (person_id), or a
 * visitor with their details; a visitor made a contact keeps both. A contact is marked at most
 * once per event date (the unique index answers two clicks at once).
 */
export const eventAttendance = pgTable(
  'event_attendance',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    event_date: date('event_date', { mode: 'string' }).notNull(),
    person_id: integer('person_id').references(() => people.id, { onDelete: 'cascade' }),
    is_visitor: boolean('is_visitor').notNull().default(false),
    visitor_name: text('visitor_name'),
    visitor_phone: text('visitor_phone'),
    visitor_email: text('visitor_email'),
    visitor_is_new: boolean('visitor_is_new').notNull().default(false),
    visitor_create_contact: boolean('visitor_create_contact').notNull().default(false),
    notes: text('notes'),
    created_by_id: integer('created_by_id').references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('event_attendance_person_key').on(t.event_id, t.event_date, t.person_id),
    index('event_attendance_date_idx').on(t.event_id, t.event_date),
    // A contact's Events tab: the events they attended, latest first.
    index('event_attendance_person_idx')
      .on(t.person_id, t.event_date.desc())
      .where(sql`${t.person_id} is not null`),
  ],
)

/**
 * How many attendance records each event date holds (the reports, issue 18): a conference's
 * year of weekly services is a few thousand rows here instead of hundreds of thousands of
 * records. Kept by statement triggers on event_attendance (migration 0028), so every write
 * path moves it in its own transaction. No foreign key: an event's deletion cascades to its
 * attendance, whose trigger then writes here for an event that is going away (its rows stay at
 * zero, and the reports read them through the events that still exist).
 */
export const eventAttendanceCounts = pgTable(
  'event_attendance_counts',
  {
    event_id: integer('event_id').notNull(),
    event_date: date('event_date', { mode: 'string' }).notNull(),
    team_id: integer('team_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.event_date] }), index('event_attendance_counts_team_date_idx').on(t.team_id, t.event_date, t.event_id)],
)

/**
 * A personal calendar feed (spec 1 §2.8 "copies the calendar url"): /ical/{token}.ics carries
 * the team's events and the user's own interactions. The token is the secret of the url and
 * is never stored (DESIGN.md §6): it is derived from key_nonce under APP_SECRET, so its owner
 * is shown the url again, and the feed is found by its hash. The profile's reset deletes the
 * user's feeds, which kills the old urls.
 */
export const icalFeeds = pgTable(
  'ical_feeds',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** SHA-256 of the url's token (platform/tokens.ts hashToken), base64url. */
    token_hash: text('token_hash').notNull(),
    /**
     * Random: the token is derivedKey(APP_SECRET, 'ical-feed', user, team, nonce). Null for a
     * url made while tokens were stored as they were (before migration 0029): it cannot be shown
     * again, so it opens until its owner asks for the url (which replaces it) or resets.
     */
    key_nonce: text('key_nonce'),
    /** From then on the url answers 404; null: until the profile resets it. */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.team_id] }), uniqueIndex('ical_feeds_token_hash_key').on(t.token_hash)],
)

/**
 * A feed's text as last built, under the entity tag it was built for (issue 39): a calendar app
 * that asks again without its tag (some never send one) is sent the same text without a build,
 * from whichever process. Replaced when the tag changes; gone with its url.
 */
export const icalFeedTexts = pgTable(
  'ical_feed_texts',
  {
    user_id: integer('user_id').notNull(),
    team_id: integer('team_id').notNull(),
    etag: text('etag').notNull(),
    text: text('text').notNull(),
    built_at: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.team_id] }),
    foreignKey({ columns: [t.user_id, t.team_id], foreignColumns: [icalFeeds.user_id, icalFeeds.team_id] }).onDelete('cascade'),
  ],
)
