import { sql } from 'drizzle-orm'
import { boolean, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'
import { people } from './people'
import { teams } from './teams'

/**
 * Which teams hold a contact: ownership, a team's request to use another team's contact,
 * the archive state and the access window. The columns after `access_to` are a read model
 * of the person (and, later, of their interactions) kept by the contacts service, so the
 * lists of a large congregation are served by this table's indexes alone.
 */
export const teamContacts = pgTable(
  'team_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    is_owner: boolean('is_owner').notNull().default(false),
    /**
     * active; awaiting_approval while the owning team decides on this team's request;
     * de_identified (issue 40 §2): no longer listed or opened, still counted by the reports.
     */
    state: text('state', { enum: ['active', 'awaiting_approval', 'de_identified'] })
      .notNull()
      .default('active'),
    requested_by_id: integer('requested_by_id').references(() => people.id, { onDelete: 'set null' }),
    added_by_id: integer('added_by_id').references(() => people.id, { onDelete: 'set null' }),
    archived_at: timestamp('archived_at', { withTimezone: true }),
    /** 'Showing data from' (spec 2 §2). */
    access_from: timestamp('access_from', { withTimezone: true }).notNull().defaultNow(),
    /** 'Access available till', for a contact shared for a while (transfers). */
    access_to: timestamp('access_to', { withTimezone: true }),
    // Read model of the person, rewritten by the contacts service on every change.
    sort_name: text('sort_name').notNull().default(''),
    /** The words a name search matches the start of (nameWordsOf); team_contact_words keeps them one a row. */
    name_words: text('name_words').notNull().default(''),
    search_text: text('search_text').notNull().default(''),
    member_status: text('member_status'),
    /** The member status's place in its lookup list's order (1 first), for the sort; null without one. */
    member_status_rank: integer('member_status_rank'),
    grow_phase: text('grow_phase'),
    /** The grow phase's place in the grow cycle (1 = prepare), for the sort; null without one. */
    grow_phase_rank: integer('grow_phase_rank'),
    source: text('source'),
    gender: text('gender'),
    /** year * 12 + month - 1 of the birth month, for the age filter. */
    birth_month: integer('birth_month'),
    // Read model of the interactions, kept by the interactions feature.
    last_interaction_at: timestamp('last_interaction_at', { withTimezone: true }),
    last_visit_at: timestamp('last_visit_at', { withTimezone: true }),
    next_interaction_at: timestamp('next_interaction_at', { withTimezone: true }),
    has_overdue_interaction: boolean('has_overdue_interaction').notNull().default(false),
    /**
     * Retention on schedule (issue 40 §2): when the owners were told the contact is due to be
     * de-identified (retentionNoticeDays later, unless it is kept or has activity first), and
     * when an owner last kept it (it counts as activity).
     */
    retention_notice_at: timestamp('retention_notice_at', { withTimezone: true }),
    retention_kept_at: timestamp('retention_kept_at', { withTimezone: true }),
    /**
     * The person has both coordinates (address_lat and address_lng), so a marker on the map.
     * Kept by triggers on people and team_contacts (migration 0036), whoever writes the address.
     */
    has_coordinates: boolean('has_coordinates').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('team_contacts_team_person_key').on(t.team_id, t.person_id),
    index('team_contacts_person_idx').on(t.person_id),
    index('team_contacts_list_name_idx')
      .on(t.team_id, t.sort_name, t.person_id)
      .where(sql`${t.archived_at} is null and ${t.state} = 'active'`),
    // Also the reports' new contacts (issue 39): source and member status beside the date, so a
    // conference's year is counted from the index alone.
    // A counted contact (active, not archived) by its key, with the filters the name search's
    // word walk checks and the reports group by, read from the index alone (issue 39).
    index('team_contacts_counted_idx')
      .on(t.team_id, t.person_id, t.member_status, t.source)
      .where(sql`${t.archived_at} is null and ${t.state} = 'active'`),
    index('team_contacts_list_created_idx')
      .on(t.team_id, t.created_at, t.person_id, t.source, t.member_status)
      .where(sql`${t.archived_at} is null and ${t.state} = 'active'`),
    // The age sort (youngest first, unknown last) and age bands; the last-interaction sort
    // (longest ago first, never last) and interaction filters, at any page depth.
    index('team_contacts_list_age_idx')
      .on(t.team_id, t.birth_month.desc().nullsLast(), t.person_id.desc().nullsFirst())
      .where(sql`${t.archived_at} is null and ${t.state} = 'active'`),
    index('team_contacts_list_interaction_idx')
      .on(t.team_id, t.last_interaction_at, t.person_id)
      .where(sql`${t.archived_at} is null and ${t.state} = 'active'`),
    // The member-status and grow-phase sorts at any depth, both ways, unknown last. A scan
    // backwards turns 'nulls last' into 'nulls first', and no stored value sorts last both
    // ways, so each direction has an index: rank nulls last read forwards for ascending, rank
    // nulls first read backwards for descending (rank desc nulls last, person desc). Both
    // keep new contacts in person order within a rank, so the pages stay full (an index
    // declared descending took 5.2 MB instead of 3.0 MB at 95,000 contacts).
    index('team_contacts_list_member_status_idx')
      .on(t.team_id, t.member_status_rank.asc().nullsLast(), t.person_id)
      .where(sql`${t.archived_at} is null and ${t.state} = 'active'`),
    index('team_contacts_list_member_status_desc_idx')
      .on(t.team_id, t.member_status_rank.asc().nullsFirst(), t.person_id)
      .where(sql`${t.archived_at} is null and ${t.state} = 'active'`),
    index('team_contacts_list_grow_phase_idx')
      .on(t.team_id, t.grow_phase_rank.asc().nullsLast(), t.person_id)
      .where(sql`${t.archived_at} is null and ${t.state} = 'active'`),
    index('team_contacts_list_grow_phase_desc_idx')
      .on(t.team_id, t.grow_phase_rank.asc().nullsFirst(), t.person_id)
      .where(sql`${t.archived_at} is null and ${t.state} = 'active'`),
    // contacts-for-map's pages (issue 39): the team's listed contacts with coordinates, by id.
    index('team_contacts_map_idx')
      .on(t.team_id, t.person_id)
      .where(sql`${t.archived_at} is null and ${t.state} = 'active' and ${t.has_coordinates}`),
    index('team_contacts_archived_idx')
      .on(t.team_id, t.archived_at, t.person_id)
      .where(sql`${t.archived_at} is not null`),
    // Issue 11: the opposite directions of the age and last-interaction sorts (oldest first,
    // most recent first; unknown still last), read forwards, and backwards for the other end
    // of the list; and the archived list by created (its default sort) at any depth.
    index('team_contacts_list_age_oldest_idx')
      .on(t.team_id, t.birth_month.asc().nullsLast(), t.person_id)
      .where(sql`${t.archived_at} is null and ${t.state} = 'active'`),
    index('team_contacts_list_interaction_recent_idx')
      .on(t.team_id, t.last_interaction_at.desc().nullsLast(), t.person_id.desc().nullsFirst())
      .where(sql`${t.archived_at} is null and ${t.state} = 'active'`),
    index('team_contacts_archived_created_idx')
      .on(t.team_id, t.created_at, t.person_id)
      .where(sql`${t.archived_at} is not null and ${t.state} = 'active'`),
    // The clean-up of archived contacts (spec 2 §1): rows quiet since archived_at or the last
    // interaction, whichever is later, oldest first across every team.
    index('team_contacts_archive_expiry_idx')
      .on(sql`greatest(${t.archived_at}, ${t.last_interaction_at})`)
      .where(sql`${t.archived_at} is not null`),
    // De-identified contacts (issue 40 §2) as the reports count them beside the active ones
    // (report-contacts.ts countedArms): few, so one index serves every report's reading.
    index('team_contacts_de_identified_idx')
      .on(t.team_id, t.created_at, t.person_id, t.source, t.member_status)
      .where(sql`${t.archived_at} is null and ${t.state} = 'de_identified'`),
    // The contacts a team's owners were told of (the due list, soonest first; the job).
    index('team_contacts_retention_notice_idx')
      .on(t.team_id, t.retention_notice_at, t.person_id)
      .where(sql`${t.retention_notice_at} is not null`),
    index('team_contacts_search_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    // The overdue job (interactions.jobs.ts): rows whose next incomplete interaction has come
    // and gone but are not yet flagged overdue.
    index('team_contacts_overdue_due_idx')
      .on(t.next_interaction_at)
      .where(sql`${t.next_interaction_at} is not null and not ${t.has_overdue_interaction}`),
  ],
)

/**
 * A team contact's name words, one a row, kept by triggers on team_contacts (migration 0034)
 * for every write path. A name search walks, for each word that starts with what was typed,
 * that word's rows in name order, so its first page reads about a page of rows at any size
 * of team (docs/decisions.md, "Searching a million contacts"). `word` compares bytes
 * (COLLATE "C" in the migration), so a prefix is an index range in any database collation;
 * `sort_name` is the list's own, in the list's collation.
 */
export const teamContactWords = pgTable(
  'team_contact_words',
  {
    team_id: integer('team_id').notNull(),
    person_id: integer('person_id').notNull(),
    word: text('word').notNull(),
    sort_name: text('sort_name').notNull(),
  },
  (t) => [
    index('team_contact_words_walk_idx').on(t.team_id, t.word, t.sort_name, t.person_id),
    uniqueIndex('team_contact_words_row_key').on(t.team_id, t.person_id, t.word),
  ],
)

/** Contacts placed in a group of their team (the primary group is the team itself). */
export const groupContacts = pgTable(
  'group_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    group_id: integer('group_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    added_by_id: integer('added_by_id').references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('group_contacts_group_person_key').on(t.group_id, t.person_id), index('group_contacts_person_idx').on(t.person_id)],
)

/** Who follows a contact up in a team. */
export const assignments = pgTable(
  'assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    to_person_id: integer('to_person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    by_person_id: integer('by_person_id').references(() => people.id, { onDelete: 'set null' }),
    // Read model of the assignee's follow-up (the reports, issue 18), kept by triggers on
    // interactions and assignments (migration 0028), so every write path keeps it current.
    // An interaction's completion is completed_at (when marked complete), else occurs_at.
    /** When the assignee first completed an interaction with the contact in the team, at any time; null: outstanding. */
    first_completed_at: timestamp('first_completed_at', { withTimezone: true }),
    /** The first of those at or after the assignment (created_at): the follow-up's response. */
    first_response_at: timestamp('first_response_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('assignments_team_contact_to_key').on(t.team_id, t.contact_id, t.to_person_id),
    index('assignments_team_to_idx').on(t.team_id, t.to_person_id),
    index('assignments_contact_idx').on(t.contact_id),
  ],
)

/**
 * How many contacts each team's unfiltered lists hold (issue 11): `active` is the contacts
 * list (active, not archived), `archived` the archived list. Kept current by statement
 * triggers on team_contacts (migration 0008), so every write path — the services, the
 * seeds, a cascade — moves them in its own transaction, and a list reads its count in
 * one row instead of counting the team. No foreign key: a team's deletion cascades to its
 * team_contacts, whose trigger then writes here for a team that is going away.
 */
export const teamContactCounts = pgTable('team_contact_counts', {
  team_id: integer('team_id').primaryKey(),
  active: integer('active').notNull().default(0),
  archived: integer('archived').notNull().default(0),
})

/**
 * The reports' follow-up figures kept as running totals (issue 39), per team, assignee and the
 * contact's member status ('' for none): the assignments of the contacts a report counts
 * (active, not archived), how many are outstanding, how many had a response and the hours to
 * those responses. Statement triggers on assignments and team_contacts move them (migration
 * 0037), each under a lock of the team so that two writers never count from each other's old
 * rows. A conference's report adds up a few thousand rows instead of joining every assignment
 * to its contact. No foreign key, as for team_contact_counts; a row that counts nothing goes.
 */
export const reportFollowUps = pgTable(
  'report_follow_ups',
  {
    team_id: integer('team_id').notNull(),
    to_person_id: integer('to_person_id').notNull(),
    member_status: text('member_status').notNull().default(''),
    assignments: integer('assignments').notNull().default(0),
    outstanding: integer('outstanding').notNull().default(0),
    responded: integer('responded').notNull().default(0),
    response_hours: numeric('response_hours').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.team_id, t.to_person_id, t.member_status] })],
)

/**
 * The reports' new contacts of their 'all' period kept as running totals (issue 39), per team,
 * UTC year of team_contacts.created_at, source and member status ('' for none): the contacts a
 * report counts (active, not archived). A statement trigger on team_contacts moves them
 * (migration 0038). A reader's years begin at its own midnight, so report-contacts.ts moves the
 * few contacts between a UTC new year and the reader's from one year to the other. No foreign
 * key, as for report_follow_ups; a row that counts nothing goes.
 */
export const reportNewContacts = pgTable(
  'report_new_contacts',
  {
    team_id: integer('team_id').notNull(),
    year: integer('year').notNull(),
    source: text('source').notNull().default(''),
    member_status: text('member_status').notNull().default(''),
    contacts: integer('contacts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.team_id, t.year, t.source, t.member_status] })],
)

/**
 * The decisions for baptism and baptisms (contact_events of those two types) per team, year of
 * the entry's date, type and the contact's member status, counted while the contact is active
 * and not archived in the team, as running totals (issue 39, migration 0042): the 'all' period
 * of the Baptism decisions widget adds these up instead of looking up each entry's contact. An
 * entry's date is a calendar date, so its year is every reader's. Kept by statement triggers on
 * contact_events and team_contacts; no foreign key, as for report_follow_ups; a row that counts
 * nothing goes.
 */
export const reportBaptisms = pgTable(
  'report_baptisms',
  {
    team_id: integer('team_id').notNull(),
    year: integer('year').notNull(),
    type: text('type').notNull(),
    member_status: text('member_status').notNull().default(''),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.team_id, t.year, t.type, t.member_status] })],
)
