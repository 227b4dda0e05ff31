import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import type { RetentionMonths } from '@crm/domain'
import { addressColumns, timestamps } from './columns'
import { people } from './people'

export interface TeamSettings {
  public_notes?: boolean
  time_zone?: string
  default_country?: string
  /** Retention on schedule (issue 40 §2): contacts the team owns with no activity this long are de-identified; absent: off. */
  contact_retention_months?: RetentionMonths
}

/**
 * Conferences, teams (churches, chaplaincies) and groups in one tree. A team is its own
 * primary group: the group whose id equals the team id. Groups have kind 'group' and
 * their team as parent.
 */
export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['conference', 'team', 'group'] }).notNull(),
    parent_id: integer('parent_id').references((): AnyPgColumn => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ...addressColumns,
    acms_id: text('acms_id'),
    is_public: boolean('is_public').notNull().default(true),
    owner_id: integer('owner_id').references(() => people.id, { onDelete: 'set null' }),
    /** The one person a private group belongs to. */
    isolated_owner_id: integer('isolated_owner_id').references(() => people.id, { onDelete: 'set null' }),
    has_md_integration: boolean('has_md_integration').notNull().default(false),
    settings: jsonb('settings').$type<TeamSettings>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('teams_parent_idx').on(t.parent_id, t.kind),
    index('teams_title_idx').on(sql`lower(${t.title})`),
    /** No two churches of a conference share a name (any case): add-sub-team's name_taken. */
    uniqueIndex('teams_sub_team_title_key')
      .on(t.parent_id, sql`lower(${t.title})`)
      .where(sql`${t.kind} = 'team'`),
    /**
     * No two churches of a conference share an ACMS id (any case or spacing): add and edit of a
     * sub-team refuse it as acms_id_taken (issue 35 item 13) under the conference's lock; the
     * index holds it for every other writer.
     */
    uniqueIndex('teams_sub_team_acms_id_key')
      .on(t.parent_id, sql`lower(trim(${t.acms_id}))`)
      .where(sql`${t.kind} = 'team' AND ${t.acms_id} IS NOT NULL AND trim(${t.acms_id}) <> ''`),
    check('teams_group_has_parent', sql`${t.kind} <> 'group' OR ${t.parent_id} IS NOT NULL`),
  ],
)

/** A person's role in a team or a group. */
export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['entity_admin', 'owner', 'leader', 'member', 'member_request'] }).notNull(),
    has_wwcc: boolean('has_wwcc').notNull().default(false),
    has_adsafe: boolean('has_adsafe').notNull().default(false),
    hidden_in_contacts: boolean('hidden_in_contacts').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('memberships_person_team_key').on(t.person_id, t.team_id), index('memberships_team_role_idx').on(t.team_id, t.role)],
)

/** An invitation to join a team or group; the key is derived, only its hash is stored. */
export const invites = pgTable(
  'invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    invited_by_id: integer('invited_by_id').references(() => people.id, { onDelete: 'set null' }),
    /** The existing person invited, when there is one. */
    person_id: integer('person_id').references(() => people.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    role: text('role', { enum: ['entity_admin', 'owner', 'leader', 'member'] }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'cancelled'] })
      .notNull()
      .default('pending'),
    key_hash: text('key_hash'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('invites_team_status_idx').on(t.team_id, t.status),
    index('invites_email_status_idx').on(t.email, t.status),
    uniqueIndex('invites_key_hash_key').on(t.key_hash),
  ],
)

/** A request to become a team's owner, decided by a site admin. */
export const ownerRequests = pgTable(
  'owner_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    decided_by_id: integer('decided_by_id').references(() => people.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('owner_requests_status_idx').on(t.status, t.team_id)],
)

/**
 * The church membership roster (ACMS) kept here: who is a member of which church, as a
 * conference imports it from its churches' spreadsheets (DESIGN.md §7). A church is named
 * by its ACMS id, so a roster row may come before the sub-team that carries the id.
 */
export const churchRosterMembers = pgTable(
  'church_roster_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conference_id: integer('conference_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    church_acms_id: text('church_acms_id').notNull(),
    /** The church's name as the roster file gives it (optional): acms-get-id-for-team matches it. */
    church_name: text('church_name').notNull().default(''),
    /** The member's own id in the membership system, when the roster has one. */
    member_id: text('member_id'),
    /** Lower case. */
    email: text('email').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    /** E.164, or empty. */
    phone: text('phone').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('church_roster_members_key').on(t.conference_id, t.church_acms_id, t.email), index('church_roster_members_email_idx').on(t.email)],
)
