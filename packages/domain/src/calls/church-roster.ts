import { z } from 'zod'
import { flag, id } from '../rules/wire'
import { defineCall } from './define'
import { importIssueSchema } from './contact-import'

// The church membership roster a conference imports (DESIGN.md §7; spec 3 §5 invites, §8 acms_*).

/** Most rows of one import-church-roster call. */
export const maxChurchRosterRows = 20_000

/** The columns of a roster spreadsheet, in the sample's order (church_name and member_id optional). */
export const churchRosterColumns = ['church_acms_id', 'church_name', 'first_name', 'last_name', 'email', 'phone', 'member_id'] as const
export type ChurchRosterColumn = (typeof churchRosterColumns)[number]

/**
 * One roster row as read from the file. Strings of any content: each row is checked on its
 * own and a bad row is reported, not the whole request refused.
 */
export const churchRosterRowSchema = z.object({
  church_acms_id: z.string().max(500).nullish(),
  /** The church's name as the membership system spells it; acms-get-id-for-team matches it. */
  church_name: z.string().max(500).nullish(),
  first_name: z.string().max(500).nullish(),
  last_name: z.string().max(500).nullish(),
  email: z.string().max(1000).nullish(),
  phone: z.string().max(100).nullish(),
  member_id: z.string().max(500).nullish(),
})
export type ChurchRosterRow = z.infer<typeof churchRosterRowSchema>

export const importChurchRosterRequest = z.object({
  /** The conference. */
  team_id: id,
  data: z.array(churchRosterRowSchema).min(1, 'The file has no rows').max(maxChurchRosterRows, `At most ${maxChurchRosterRows} rows at a time`),
  /** Replace the rosters of the churches in the file: their members missing from it are removed. */
  replace: flag.optional(),
  /** Check only: the answer says what an import would do and nothing is saved. */
  dry_run: flag.optional(),
})

export const churchRosterFailureSchema = z.object({
  /** 1 for the first data row. */
  row: z.number().int(),
  /** By column: what is wrong, in English (scripts, older clients). */
  errors: z.record(z.string(), z.string()),
  /** The same as codes with their parameters, one per column: the web words them (issue 36). */
  issues: z.array(importIssueSchema),
})

export const importChurchRosterResponse = z.object({
  /** New members. */
  imported: z.number().int(),
  /** Members already on the roster, their details refreshed. */
  updated: z.number().int(),
  /** Members of the file's churches no longer in the file (replace only). */
  removed: z.number().int(),
  /** The churches of the good rows. */
  churches: z.number().int(),
  failed: z.array(churchRosterFailureSchema),
})
export type ImportChurchRosterResult = z.infer<typeof importChurchRosterResponse>

/** One church of the conference's roster. */
export const rosterChurchSchema = z.object({
  church_acms_id: z.string(),
  /** The name the roster file gave, or ''. */
  church_name: z.string(),
  members: z.number().int(),
  /** The conference's sub-team carrying this ACMS id, if any. */
  sub_team_id: z.number().int().nullable(),
  sub_team_title: z.string().nullable(),
  last_imported_display: z.string(),
})
export type RosterChurch = z.infer<typeof rosterChurchSchema>

export const churchRosterCalls = {
  importChurchRoster: defineCall({
    method: 'POST',
    path: '/import-church-roster',
    request: importChurchRosterRequest,
    response: importChurchRosterResponse,
    summary: "Import a conference's church membership roster from spreadsheet rows (upsert by church and email)",
  }),
  churchRoster: defineCall({
    method: 'GET',
    path: '/church-roster',
    request: z.object({ team_id: id }),
    response: z.object({ items: z.array(rosterChurchSchema) }),
    summary: "The conference's roster churches: members, sub-team, last import",
  }),
}
