import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { accountLockReasons } from '@crm/domain'
import { addressColumns, timestamps } from './columns'

/**
 * Every human: contacts and account holders alike (a contact of one church can be a
 * member of another). Contact-only columns arrive with the contacts feature.
 */
export const people = pgTable(
  'people',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull().default(''),
    gender: text('gender'),
    dob_month: smallint('dob_month'),
    dob_year: smallint('dob_year'),
    email: text('email'),
    email_is_verified: boolean('email_is_verified').notNull().default(false),
    /** E.164. */
    phone: text('phone'),
    avatar_file_id: integer('avatar_file_id'),
    ...addressColumns,
    address_manual_input: boolean('address_manual_input').notNull().default(false),
    // Contact data (spec 2 §3). A person is one record whichever teams hold them.
    religion: text('religion'),
    religion_other: text('religion_other'),
    marital_status: text('marital_status'),
    member_status: text('member_status'),
    source: text('source'),
    source_other: text('source_other'),
    grow_phase: text('grow_phase'),
    social: jsonb('social').$type<Partial<Record<'facebook' | 'instagram' | 'linkedin' | 'twitter' | 'youtube', string>>>().notNull().default({}),
    is_visitor: boolean('is_visitor').notNull().default(false),
    expect_follow_up: boolean('expect_follow_up').notNull().default(false),
    expect_follow_up_completed: boolean('expect_follow_up_completed').notNull().default(false),
    expect_bible_study: boolean('expect_bible_study').notNull().default(false),
    expect_bible_study_completed: boolean('expect_bible_study_completed').notNull().default(false),
    expect_baptism: boolean('expect_baptism').notNull().default(false),
    expect_baptism_completed: boolean('expect_baptism_completed').notNull().default(false),
    parent_carer_first_name: text('parent_carer_first_name'),
    parent_carer_last_name: text('parent_carer_last_name'),
    parent_carer_relationship: text('parent_carer_relationship'),
    parent_carer_email: text('parent_carer_email'),
    /** E.164. */
    parent_carer_phone: text('parent_carer_phone'),
    /** direct, photo or verbal; null while there is no consent. */
    consent_type: text('consent_type'),
    consent_date: date('consent_date'),
    consent_content: text('consent_content'),
    consent_photo_file_id: integer('consent_photo_file_id'),
    consent_declined: boolean('consent_declined').notNull().default(false),
    parental_consent_declined: boolean('parental_consent_declined').notNull().default(false),
    consent_url_sent_at: timestamp('consent_url_sent_at', { withTimezone: true }),
    consent_url_sent_to: text('consent_url_sent_to'),
    consent_url_viewed_at: timestamp('consent_url_viewed_at', { withTimezone: true }),
    consent_url_submitted_at: timestamp('consent_url_submitted_at', { withTimezone: true }),
    created_by_id: integer('created_by_id'),
    /**
     * Set on the record merged into another (issue 40 §1): a tombstone that sends its old id
     * to the kept record; it goes with the kept record when that is removed.
     */
    merged_into_id: integer('merged_into_id').references((): AnyPgColumn => people.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index('people_merged_into_idx')
      .on(t.merged_into_id)
      .where(sql`${t.merged_into_id} is not null`),
    index('people_email_idx').on(sql`lower(${t.email})`),
    index('people_phone_idx').on(t.phone),
    index('people_name_idx').on(sql`lower(${t.first_name})`, sql`lower(${t.last_name})`, t.gender),
  ],
)

/** Sign-in data of a person. The person's id is the account's user_id. */
export const accounts = pgTable(
  'accounts',
  {
    person_id: integer('person_id')
      .primaryKey()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** Lower-cased; the sign-in name. */
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    /** 'admin' for site admins, otherwise null. */
    site_role: text('site_role'),
    locale: text('locale').notNull().default('en'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Why the account is locked, null when it is not: 'admin' (a site admin's lock, lifted by a
     * site admin only) or 'failures' (sustained failed sign-ins, lifted by a password reset too).
     */
    locked_reason: text('locked_reason', { enum: accountLockReasons }),
    locked_at: timestamp('locked_at', { withTimezone: true }),
    /** Locked: sign-in answers is_locked, sessions and links of the account stop working. */
    is_locked: boolean('is_locked')
      .notNull()
      .generatedAlwaysAs(sql`"locked_reason" is not null`),
    totp_secret: text('totp_secret'),
    /** Set once the secret is confirmed; a secret without it is a setup in progress. */
    totp_enabled_at: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code is never accepted twice. */
    totp_last_step: bigint('totp_last_step', { mode: 'number' }),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    sync_with_md: boolean('sync_with_md').notNull().default(false),
    /** Salt of the private notes' key (sent as encryption_key at sign-in). */
    encryption_salt: text('encryption_salt').notNull(),
    calendar_token_hash: text('calendar_token_hash'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accounts_email_key').on(t.email),
    check('accounts_locked_reason', sql`${t.locked_reason} in ('admin', 'failures')`),
    check('accounts_locked_at', sql`(${t.locked_reason} is null) = (${t.locked_at} is null)`),
  ],
)

/** Bearer sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    person_id: integer('person_id')
      .notNull()
      .references(() => accounts.person_id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    user_agent: text('user_agent'),
    ...timestamps,
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.token_hash), index('sessions_person_idx').on(t.person_id)],
)

/** Single-use keys of activation, reset and consent links; only hashes are stored. */
export const oneTimeKeys = pgTable(
  'one_time_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose').notNull(),
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    key_hash: text('key_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('one_time_keys_hash_key').on(t.key_hash), index('one_time_keys_person_idx').on(t.person_id, t.purpose)],
)

/** Devices that skip the two-factor code for a while; only the token's hash is stored. */
export const twoFactorRemembered = pgTable(
  'two_factor_remembered',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    person_id: integer('person_id')
      .notNull()
      .references(() => accounts.person_id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('two_factor_remembered_hash_key').on(t.token_hash), index('two_factor_remembered_person_idx').on(t.person_id)],
)

/** Captcha solutions already used, so one solution signs up one person (until it expires). */
export const captchaSolutions = pgTable('captcha_solutions', {
  signature: text('signature').primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/**
 * Failed sign-ins counted per key (an account, a remembered device, a client address): past
 * a few, attempts are refused until blocked_until, a delay that doubles with each failure.
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  /** 'account:<person id>', 'device:<remembered device id>', 'address:<ip>', 'reset:<ip>'… */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  blocked_until: timestamp('blocked_until', { withTimezone: true }),
  last_failure_at: timestamp('last_failure_at', { withTimezone: true }).notNull(),
})
