import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'
import { people } from './people'
import { teams } from './teams'

/**
 * Relationships between two contacts of a team (spec 2 §3): `related_id` is the contact's
 * `relationship_type` (on A's page B is A's father). The other side and the inferred ones are
 * computed (packages/domain/src/rules/relationships.ts). A pair is related once, either way,
 * in a team: the team that records it sees it, and only while it holds both contacts.
 */
export const contactRelationships = pgTable(
  'contact_relationships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    related_id: integer('related_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    relationship_type: text('relationship_type').notNull(),
    created_by_id: integer('created_by_id').references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contact_relationships_pair_key').on(t.team_id, sql`least(${t.contact_id}, ${t.related_id})`, sql`greatest(${t.contact_id}, ${t.related_id})`),
    index('contact_relationships_contact_idx').on(t.team_id, t.contact_id),
    index('contact_relationships_related_idx').on(t.team_id, t.related_id),
    check('contact_relationships_not_self', sql`${t.contact_id} <> ${t.related_id}`),
  ],
)

/** An inferred relationship someone removed from a contact's page: it is not offered again. */
export const dismissedInferredRelationships = pgTable(
  'dismissed_inferred_relationships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    related_id: integer('related_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    dismissed_by_id: integer('dismissed_by_id').references(() => people.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dismissed_inferred_relationships_key').on(t.team_id, t.contact_id, t.related_id)],
)
