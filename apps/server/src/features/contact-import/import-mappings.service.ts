import { eq, sql } from 'drizzle-orm'
import type { ColumnMapping, ContactImportMapping, ImportMappingKey, ValueMapping } from '@crm/domain'
import { contactImportMappings } from '../../db/schema/index'
import type { GroupScope, Viewer } from '../../platform/access'
import type { Deps } from '../../platform/deps'

// The team's column matches of a contact import, one per system (issue 41 item 1): the web
// proposes them for the team's next file of the system, before the system's own names.

const shown = {
  system: contactImportMappings.system,
  columns: contactImportMappings.columns,
  values: contactImportMappings.values,
  updated_at: contactImportMappings.updated_at,
}

const asAnswer = (row: { system: ImportMappingKey; columns: ColumnMapping; values: ValueMapping; updated_at: Date }): ContactImportMapping => ({
  ...row,
  updated_at: row.updated_at.toISOString(),
})

/** GET contact-import-mappings: the team's, by system. */
export async function listImportMappings(deps: Deps, scope: GroupScope): Promise<{ items: ContactImportMapping[] }> {
  const rows = await deps.db
    .select(shown)
    .from(contactImportMappings)
    .where(eq(contactImportMappings.team_id, scope.team.id))
    .orderBy(contactImportMappings.system)
  return { items: rows.map(asAnswer) }
}

/** POST save-contact-import-mapping: the system's matches replaced by these. */
export async function saveImportMapping(
  deps: Deps,
  viewer: Viewer,
  scope: GroupScope,
  input: { system: ImportMappingKey; columns: ColumnMapping; values: ValueMapping },
): Promise<ContactImportMapping> {
  const [row] = await deps.db
    .insert(contactImportMappings)
    .values({ team_id: scope.team.id, system: input.system, columns: input.columns, values: input.values, updated_by_id: viewer.personId })
    .onConflictDoUpdate({
      target: [contactImportMappings.team_id, contactImportMappings.system],
      set: { columns: input.columns, values: input.values, updated_by_id: viewer.personId, updated_at: sql`now()` },
    })
    .returning(shown)
  return asAnswer(row!)
}
