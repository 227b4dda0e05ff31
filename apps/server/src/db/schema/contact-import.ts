import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import type { ColumnMapping, FamilyRole, ImportMappingKey, ValueMapping } from '@crm/domain'
import { timestamps } from './columns'
import { people } from './people'
import { contactRelationships } from './relationships'
import { teams } from './teams'

/**
 * A team's last column matches of a contact import, one per system (issue 41 item 1): each file
 * header and the column it was imported as, or null, and the values matched. Proposed for the team's next file of that
 * system before the system's own names.
 */
export const contactImportMappings = pgTable(
  'contact_import_mappings',
  {
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    system: text('system').$type<ImportMappingKey>().notNull(),
    columns: jsonb('columns').$type<ColumnMapping>().notNull(),
    /** The values matched of the member status and gender columns: each file value → ours, or null. */
    values: jsonb('values').$type<ValueMapping>().notNull().default({}),
    updated_by_id: integer('updated_by_id').references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.team_id, t.system] }),
    check('contact_import_mappings_system', sql`${t.system} in ('planning_center', 'breeze', 'rock', 'churchcrm', 'other')`),
  ],
)

/**
 * A contact import (issue 41 items 2 and 3): the chunks of one file, written under one id, so
 * the whole import can be undone within contactImportUndoDays (undo_until). The counts add up
 * each chunk's rows.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The group imported into (the team itself for a team's import): its imports are listed and undone there. */
    group_id: integer('group_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    source_system: text('source_system').$type<ImportMappingKey>(),
    created_by_id: integer('created_by_id').references(() => people.id, { onDelete: 'set null' }),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undo_until: timestamp('undo_until', { withTimezone: true }).notNull(),
    undone_at: timestamp('undone_at', { withTimezone: true }),
    undone_by_id: integer('undone_by_id').references(() => people.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contact_imports_group_idx').on(t.group_id, t.created_at),
    check('contact_imports_source_system', sql`${t.source_system} in ('planning_center', 'breeze', 'rock', 'churchcrm', 'other')`),
  ],
)

/**
 * What an import did to each contact, kept until its undo ends (then cleared): made it, or
 * changed it (`before`: the columns it changed and their values before). `linked`: the import
 * tied the contact to its source id, which an undo unties.
 */
export const contactImportContacts = pgTable(
  'contact_import_contacts',
  {
    import_id: integer('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** The row of the file (the first, when a file names the contact twice). */
    row: integer('row').notNull(),
    outcome: text('outcome', { enum: ['created', 'updated'] }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    linked: boolean('linked').notNull().default(false),
    /**
     * The newest activity row once the import wrote the contact: a later row about the contact
     * (not a view) is someone's work since, and an undo leaves the contact as it is.
     */
    last_activity_id: integer('last_activity_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.import_id, t.person_id] }), index('contact_import_contacts_person_idx').on(t.person_id)],
)

/**
 * A contact's id in the system a team imported it from (issue 41 item 2): the same or a newer
 * file of that system updates the contact instead of refusing or doubling it. One contact per
 * id in a team.
 */
export const contactSources = pgTable(
  'contact_sources',
  {
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    system: text('system').$type<ImportMappingKey>().notNull(),
    source_id: text('source_id').notNull(),
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.team_id, t.system, t.source_id] }),
    index('contact_sources_person_idx').on(t.person_id),
    check('contact_sources_system', sql`${t.system} in ('planning_center', 'breeze', 'rock', 'churchcrm', 'other')`),
  ],
)

/**
 * The households of an import's file (issue 41 item 4), by the file's household id: each
 * member's role in it, so a household whose members come in different chunks is made whole.
 * Cleared with the import.
 */
export const contactImportHouseholds = pgTable(
  'contact_import_households',
  {
    import_id: integer('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    household_id: text('household_id').notNull(),
    role: text('role').$type<FamilyRole>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.import_id, t.person_id] }), index('contact_import_households_household_idx').on(t.import_id, t.household_id)],
)

/** The relationships an import made between its households' members: its undo removes them. */
export const contactImportRelationships = pgTable(
  'contact_import_relationships',
  {
    import_id: integer('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    relationship_id: integer('relationship_id')
      .notNull()
      .references(() => contactRelationships.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.import_id, t.relationship_id] }), index('contact_import_relationships_relationship_idx').on(t.relationship_id)],
)
