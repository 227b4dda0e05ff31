import { sql } from 'drizzle-orm'
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'
import { people } from './people'
import { files } from './platform'
import { teams } from './teams'

/**
 * A link to the built-in consent page (spec 2 §4.2, §7.3; DESIGN.md §7 "parental consent"):
 * the key of /consent/{key}, stored as its SHA-256 only. `purpose` says who answers it:
 * - parental: the parent or carer of a minor contact (single use);
 * - contact: an adult contact, who consents and updates the fields in settings (single use);
 * - new_contact: a QR card for people not yet known, used once per visitor until it expires.
 * Status goes requested → viewed → submitted (spec 2 §4.2); the page marks it viewed.
 */
export const consentRequests = pgTable(
  'consent_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose', { enum: ['parental', 'contact', 'new_contact'] }).notNull(),
    key_hash: text('key_hash').notNull(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    group_id: integer('group_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The contact asked about; null for a new_contact card. */
    contact_id: integer('contact_id').references(() => people.id, { onDelete: 'cascade' }),
    /** Who asks: shown on the page, and the person the consent is granted to (to_id). */
    requested_by_id: integer('requested_by_id').references(() => people.id, { onDelete: 'set null' }),
    /** parental: embed mode; contact: the fields asked for; new_contact: decisions and assignment. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['requested', 'viewed', 'submitted'] })
      .notNull()
      .default('requested'),
    /** Where the link was mailed, if it was. */
    sent_to: text('sent_to'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    viewed_at: timestamp('viewed_at', { withTimezone: true }),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('consent_requests_key_hash_key').on(t.key_hash), index('consent_requests_contact_idx').on(t.contact_id, t.team_id, t.created_at)],
)

/**
 * A consent on record (spec 2 §3.4 "Parental consent record"): given online with a
 * signature (direct), by a photo of a signed paper form (photo) or by word (verbal). A
 * revoked consent keeps its row with revoked_at and revoked_by_id (issue 13). The contact's
 * people.consent_* columns mirror the latest consent that is not revoked.
 */
export const parentalConsents = pgTable(
  'parental_consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    request_id: integer('request_id').references(() => consentRequests.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['direct', 'photo', 'verbal'] }).notNull(),
    by_name: text('by_name').notNull(),
    by_relationship: text('by_relationship'),
    by_email: text('by_email'),
    by_phone: text('by_phone'),
    notes: text('notes'),
    consent_date: date('consent_date', { mode: 'string' }).notNull(),
    /** Permission keys of spec 2 §3.4 (packages/domain consentPermissions). */
    granted_permissions: jsonb('granted_permissions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    denied_permissions: jsonb('denied_permissions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    signature_file_id: integer('signature_file_id').references(() => files.id, { onDelete: 'set null' }),
    photo_file_id: integer('photo_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The person the consent is granted to (spec: to_id, to_name): who asked for it. */
    to_id: integer('to_id').references(() => people.id, { onDelete: 'set null' }),
    recorded_by_id: integer('recorded_by_id').references(() => people.id, { onDelete: 'set null' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoked_by_id: integer('revoked_by_id').references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('parental_consents_contact_idx').on(t.contact_id, t.team_id, t.created_at)],
)
