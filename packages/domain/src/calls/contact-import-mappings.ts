import { z } from 'zod'
import { importMappingKeys, valueMatchedColumns } from '../rules/import-systems'
import { contactImportColumns, type ContactImportColumn } from './contact-import'
import { teamGroupFields as scope } from './contact-shapes'
import { defineCall } from './define'

// The column matches of a contact import, remembered per team (issue 41 item 1): the import
// proposes the team's last matches for a file of the same system (or of none), before the
// system's own names and the columns' aliases.

/** The most headers a mapping keeps, and the longest header. */
export const maxMappedHeaders = 300
export const maxMappedHeaderLength = 200

const column = z.enum(contactImportColumns as [ContactImportColumn, ...ContactImportColumn[]])

/** Each file header → the column it imports as, or null (not imported). */
export const columnMappingSchema = z
  .record(z.string().trim().min(1).max(maxMappedHeaderLength), column.nullable())
  .refine((mapping) => Object.keys(mapping).length <= maxMappedHeaders, { message: `At most ${maxMappedHeaders} columns` })

/** The most values of one column a mapping keeps, and the longest value. */
export const maxMappedValues = 200
export const maxMappedValueLength = 200

const valuesOfColumn = z
  .record(z.string().trim().min(1).max(maxMappedValueLength), z.string().max(maxMappedValueLength).nullable())
  .refine((values) => Object.keys(values).length <= maxMappedValues, { message: `At most ${maxMappedValues} values` })

/** Each value-matched column's file values → ours (a member status id, a gender), or null (left empty). */
export const valueMappingSchema = z.partialRecord(z.enum(valueMatchedColumns), valuesOfColumn)

export const contactImportMappingSchema = z.object({
  system: z.enum(importMappingKeys),
  columns: columnMappingSchema,
  values: valueMappingSchema,
  updated_at: z.string(),
})
export type ContactImportMapping = z.infer<typeof contactImportMappingSchema>

export const contactImportMappingCalls = {
  contactImportMappings: defineCall({
    method: 'GET',
    path: '/contact-import-mappings',
    request: z.object(scope),
    response: z.object({ items: z.array(contactImportMappingSchema) }),
    summary: "The team's last column matches of a contact import, one per system (import_contact)",
  }),
  saveContactImportMapping: defineCall({
    method: 'POST',
    path: '/save-contact-import-mapping',
    request: z.object({ ...scope, system: z.enum(importMappingKeys), columns: columnMappingSchema, values: valueMappingSchema.default({}) }),
    response: contactImportMappingSchema,
    summary: "Remembers a contact import's column matches for the team's next file of that system (import_contact)",
  }),
}
