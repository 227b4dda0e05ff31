import { z } from 'zod'
import { importMappingKeys } from '../rules/import-source'
import { id } from '../rules/wire'
import { teamGroupFields as scope } from './contact-shapes'
import { defineCall } from './define'

// A team's contact imports and their undo (issue 41 item 3): each import keeps, for 30 days,
// the contacts it made and the fields it changed, so the whole import can be taken back, except
// where someone has worked on a contact since.

/** How long an import can be undone, in days; then what it changed is forgotten. */
export const contactImportUndoDays = 30

export const contactImportSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** The system the file came from (other: none named); null for an import before issue 41. */
  source_system: z.enum(importMappingKeys).nullable(),
  /** Who imported: the caller, or a team user's name the caller may read (read_dcrm_team_users_names), else ''. */
  created_by_name: z.string(),
  by_me: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  undone_at: z.string().nullable(),
  /** The last moment it can be undone. */
  undo_until: z.string(),
})
export type ContactImport = z.infer<typeof contactImportSchema>

/**
 * Why undo left a contact as it is: someone worked on it since the import, or merged it into
 * another; or it is a child's record the caller may not touch (the child gate).
 */
export const importUndoKeptReasons = ['worked_on_since', 'merged', 'child_record_closed'] as const
export type ImportUndoKeptReason = (typeof importUndoKeptReasons)[number]

export const contactImportUndoSchema = z.object({
  /** The contacts the import made, removed. */
  removed: z.number().int(),
  /** The contacts it changed, given back the values they had. */
  restored: z.number().int(),
  /** Those left as they are, and why; named as the caller may see them ('' for a child the caller may not see). */
  kept: z.array(z.object({ user_id: z.number().int(), name: z.string(), reason: z.enum(importUndoKeptReasons) })),
  import: contactImportSchema,
})
export type ContactImportUndo = z.infer<typeof contactImportUndoSchema>

export const contactImportHistoryCalls = {
  contactImports: defineCall({
    method: 'GET',
    path: '/contact-imports',
    request: z.object(scope),
    response: z.object({ data: z.array(contactImportSchema) }),
    summary: `The contact imports into the group (or the team) of the last ${contactImportUndoDays} days, newest first (import_contact)`,
  }),
  undoContactImport: defineCall({
    method: 'POST',
    path: '/undo-contact-import',
    request: z.object({ ...scope, import_id: id }),
    response: contactImportUndoSchema,
    summary: `Removes the contacts an import made and gives back the fields it changed, within ${contactImportUndoDays} days; a contact worked on since is left and named (import_contact)`,
  }),
}
