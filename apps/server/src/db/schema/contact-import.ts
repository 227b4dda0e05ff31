import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import type { ColumnMapping, ImportMappingKey, ValueMapping } from '@crm/domain'
import { timestamps } from './columns'
import { people } from './people'
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
