import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import type { SystemNotification } from '@crm/domain'
import { timestamps } from './columns'
import { people } from './people'
import { teams } from './teams'

/**
 * Notifications of the panel (spec 1 §2.10, spec 3 §2.7). Who sees one follows its level:
 * global — everyone (site admins write them); conference — the conference's users and its
 * churches' users (team_id is the conference); team — one user of a team (recipient_user_id),
 * written by the notification rules. A notification shows from `date` on: a scheduled one
 * waits for it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    level: text('level', { enum: ['global', 'conference', 'team'] }).notNull(),
    team_id: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    recipient_user_id: integer('recipient_user_id').references(() => people.id, { onDelete: 'cascade' }),
    /** The contact a rule notification is about (associated_user of spec 1 §3). */
    associated_person_id: integer('associated_person_id').references(() => people.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => people.id, { onDelete: 'set null' }),
    /** HTML, sanitized on the server before it is stored. */
    content: text('content').notNull(),
    link_url: text('link_url'),
    link_text: text('link_text'),
    /**
     * What a notification the server wrote says, as a code (systemNotificationSchema's kind)
     * and its parameters, worded by the reader's side (issue 36); content keeps the words
     * for older clients. Null for one a person wrote and for rows stored before 0031.
     */
    kind: text('kind').$type<SystemNotification['kind']>(),
    params: jsonb('params').$type<SystemNotification['params']>(),
    importance: text('importance', { enum: ['normal', 'medium', 'high'] })
      .notNull()
      .default('normal'),
    is_scheduled: boolean('is_scheduled').notNull().default(false),
    /** When it shows: the scheduled date, else when it was written. */
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('notifications_level_date_idx').on(t.level, t.date),
    index('notifications_team_date_idx').on(t.team_id, t.date),
    index('notifications_recipient_date_idx').on(t.recipient_user_id, t.date),
    // The scheduled-notifications job looks only at the few still waiting for their date.
    index('notifications_scheduled_date_idx')
      .on(t.date)
      .where(sql`${t.is_scheduled}`),
    check('notifications_global_has_no_team', sql`${t.level} <> 'global' OR ${t.team_id} IS NULL`),
    check('notifications_conference_has_team', sql`${t.level} <> 'conference' OR ${t.team_id} IS NOT NULL`),
    check('notifications_kind_has_params', sql`(${t.kind} IS NULL) = (${t.params} IS NULL)`),
    check('notifications_team_has_recipient', sql`${t.level} <> 'team' OR ${t.recipient_user_id} IS NOT NULL`),
  ],
)

/** Who has seen which notification: one row per user and notification ('Seen by n'). */
export const notificationReceipts = pgTable(
  'notification_receipts',
  {
    notification_id: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    seen_at: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notification_id, t.user_id] }), index('notification_receipts_user_idx').on(t.user_id)],
)

/** A conference's rule: a contact without an interaction for after_days days (spec 3 §3). */
export const missedInteractionRules = pgTable(
  'missed_interaction_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    after_days: smallint('after_days').notNull(),
    to: text('to', { enum: ['user', 'leader', 'owner', 'email'] }).notNull(),
    to_email: text('to_email'),
    created_by: integer('created_by').references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('missed_interaction_rules_team_idx').on(t.team_id)],
)

/** A conference's rule: every every_days days, the unassigned contacts of each church (spec 3 §3). */
export const unassignedContactRules = pgTable(
  'unassigned_contact_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    every_days: smallint('every_days').notNull(),
    to: text('to', { enum: ['leader', 'owner', 'email'] }).notNull(),
    to_email: text('to_email'),
    /** When the rule last ran; the next run is every_days later. */
    last_run_at: timestamp('last_run_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('unassigned_contact_rules_team_idx').on(t.team_id)],
)

/**
 * What the rule jobs have already delivered: a run claims (rule_kind, rule_id, subject_key)
 * with ON CONFLICT DO NOTHING before it writes a notification or a mail, so a re-run or a
 * second server process never sends the same reminder twice. subject_key names the
 * occasion, e.g. a team contact and the interaction date it has been quiet since.
 */
export const ruleDeliveries = pgTable(
  'rule_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rule_kind: text('rule_kind', { enum: ['missed_interaction', 'unassigned_contacts'] }).notNull(),
    rule_id: integer('rule_id').notNull(),
    subject_key: text('subject_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rule_deliveries_key').on(t.rule_kind, t.rule_id, t.subject_key)],
)
