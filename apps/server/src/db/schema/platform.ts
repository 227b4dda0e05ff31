import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core'
import { people } from './people'
import { teams } from './teams'
import { timestamps } from './columns'

/** Every lookup list of spec 1 §3, seeded from a versioned file; titles translatable. */
export const lookupItems = pgTable(
  'lookup_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    list: text('list').notNull(),
    value: text('value').notNull(),
    title: text('title').notNull(),
    /** Titles in other locales, by locale. */
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    parent_value: text('parent_value'),
    is_other: boolean('is_other').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    sort_order: smallint('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('lookup_items_list_value_key').on(t.list, t.value)],
)

/**
 * One row: a counter that a trigger on lookup_items moves with every write to it (0033's SQL),
 * whichever process or operator writes. Each process keeps the lookup titles it read with the
 * counter, and every signed-in call reads the counter with its session: a change anywhere is
 * seen on the next call, and no call reads the lists while they stay the same.
 */
export const lookupItemsVersion = pgTable(
  'lookup_items_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('lookup_items_version_one_row', sql`${t.id} = 1`)],
)

/** Content pages: /privacy, /terms, /code-of-conduct and any /{slug}. HTML is sanitised. */
export const contentPages = pgTable(
  'content_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    locale: text('locale').notNull().default('en'),
    title: text('title').notNull(),
    content_html: text('content_html').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('content_pages_slug_locale_key').on(t.slug, t.locale)],
)

/** Every mail the product sends, delivered by the mail job (DESIGN.md §7). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body'),
    template: text('template').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    last_error: text('last_error'),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.next_attempt_at), index('mail_outbox_created_idx').on(t.created_at)],
)

/** Metadata of uploaded files; the bytes live in the file store. */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storage_key: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    mime_type: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    team_id: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    uploaded_by_id: integer('uploaded_by_id').references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('files_storage_key_key').on(t.storage_key)],
)

/** Who changed what, written in the same transaction as the change. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    author_id: integer('author_id').references(() => people.id, { onDelete: 'set null' }),
    team_id: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    subject_type: text('subject_type').notNull(),
    subject_id: integer('subject_id'),
    contact_id: integer('contact_id').references(() => people.id, { onDelete: 'cascade' }),
    // 'view': a read worth recording (a minor's notes or interactions, for safeguarding).
    action: text('action', { enum: ['add', 'update', 'delete', 'view'] }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_team_idx').on(t.team_id, t.created_at),
    index('activity_log_contact_idx').on(t.contact_id, t.created_at),
    // A record's activity log tab, page 1 at any size: the team's rows of the contact, newest
    // first (0.6 ms instead of 47 ms for a contact with 20,000 rows among 1,000,000).
    index('activity_log_contact_team_idx').on(t.contact_id, t.team_id, t.created_at, t.id),
    index('activity_log_author_idx').on(t.author_id, t.created_at),
    // A team's recent activity filtered by type, page 1: a rare type (invites) walked the
    // whole team's rows (110 ms among 1,000,000 on PostgreSQL) without it.
    index('activity_log_team_type_idx').on(t.team_id, t.subject_type, t.created_at, t.id),
    // A leader without read_activity_log reads only their own rows of the team (and anyone's
    // user filter): the page and its bounded count are one ordered range here, where the
    // author index gave rows of every team in created_at order only, sorted again by id
    // (page 50: 2.3 ms instead of 42 ms among 1,000,000 rows; issue 39).
    index('activity_log_team_author_idx').on(t.team_id, t.author_id, t.created_at, t.id),
  ],
)

/** One row per run of a scheduled job. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    job: text('job').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    detail: text('detail'),
  },
  (t) => [index('job_runs_job_idx').on(t.job, t.started_at)],
)

/**
 * The per-route request limits (@fastify/rate-limit's counters), shared by every server
 * process on the database (issue 38 item 2). The key is a SHA-256 of the route, the client's
 * address and, where the limit counts per account, the email: no address or email is stored.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key_hash: text('key_hash').primaryKey(),
    hits: integer('hits').notNull(),
    window_ends_at: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_window_ends_at_idx').on(table.window_ends_at)],
)
