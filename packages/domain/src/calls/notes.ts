import { z } from 'zod'
import type { Capability } from '../capabilities'
import { isNoteCiphertext, maxNoteCiphertextLength, maxNoteLength } from '../rules/note-ciphertext'
import { flag, id, listResponse, pagingQuerySchema } from '../rules/wire'
import { teamGroupFields as scope } from './contact-shapes'
import { defineCall } from './define'
import { issueOf } from '../field-errors'

// The notes of a contact (spec 2 §3 Note, §6, §7.1 contact-notes, §7.4). Three kinds:
// a team note (the Notes tab; type private: the team's leaders and its author read it), a
// public note (the Notes tab, when the team has public notes on; everyone who reads the
// contact's notes) and a private note (the Private notes tab): ciphertext made in its
// author's browser, which nobody else receives, not even as ciphertext (DESIGN.md §6).

// The ciphertext rule lives in rules/ so that update-account's re-encrypted notes share it.
export { isNoteCiphertext, maxNoteCiphertextLength, maxNoteLength, noteCipherPrefix, noteCiphertextMessage } from '../rules/note-ciphertext'

export const noteTypes = ['public', 'private'] as const
export type NoteType = (typeof noteTypes)[number]

/**
 * What add-contact-note and update-contact-note carry. A private note (is_encrypted) is
 * ciphertext; any other note is plain text of at most maxNoteLength characters. The type
 * (public or private, spec 2 §5) of a plain note is offered only when the team has public
 * notes on; private there means a team note read by the team's leaders and its author
 * (mayReadNote). Without a type a plain note is private.
 */
const noteFields = z.object({
  ...scope,
  user_id: id,
  content: z.string().max(maxNoteCiphertextLength),
  is_encrypted: flag.default(false),
  type: z.enum(noteTypes).optional(),
})

/** Ciphertext for a private note, else plain text (trimmed, not empty, bounded). */
function withNoteRules<S extends z.ZodType<z.output<typeof noteFields>>>(schema: S) {
  return schema
    .superRefine((input, context) => {
      const add = (path: string, issue: ReturnType<typeof issueOf>) => context.addIssue({ code: 'custom', path: [path], ...issue })
      if (input.is_encrypted) {
        if (!isNoteCiphertext(input.content)) add('content', issueOf('note_not_encrypted'))
        if (input.type === 'public') add('type', issueOf('private_note_public'))
        return
      }
      const content = input.content.trim()
      if (content.length === 0) add('content', { ...issueOf('required'), message: 'Write the note' })
      else if (content.length > maxNoteLength)
        add('content', { ...issueOf('too_long', { max: maxNoteLength }), message: `A note has at most ${maxNoteLength} characters` })
    })
    .transform((input) => (input.is_encrypted ? input : { ...input, content: input.content.trim() }))
}

export const addContactNoteRequest = withNoteRules(noteFields)
export const updateContactNoteRequest = withNoteRules(noteFields.extend({ id }))

export const contactNotesQuery = pagingQuerySchema.extend({
  ...scope,
  /**
   * Absent (spec 2 §7.1's query): every note the caller may read, their own private notes
   * (ciphertext) among the team's. 1: the caller's own private notes only (the Private notes
   * tab); 0: the team's plain notes only (the Notes tab).
   */
  is_encrypted: flag.optional(),
})

export const noteItemSchema = z.object({
  id: z.number().int(),
  /** Plain text, or a private note's ciphertext (only ever sent to its author). Never HTML. */
  content: z.string(),
  is_encrypted: z.boolean(),
  is_public: z.boolean(),
  author_id: z.number().int().nullable(),
  author_name: z.string(),
  created_display: z.string(),
  updated_display: z.string().nullable(),
})
export type NoteItem = z.infer<typeof noteItemSchema>

export const contactNotesResponse = listResponse(noteItemSchema).extend({
  /** The team keeps public notes: the note type (public or private) is offered (spec 2 §5). */
  public_notes: z.boolean(),
})

const created = z.object({ id: z.number().int(), success_message: z.string().optional() })
const done = z.object({ success: z.literal(true), success_message: z.string().optional() })

export const noteCalls = {
  contactNotes: defineCall({
    method: 'GET',
    path: '/contact-notes/:id',
    params: z.object({ id }),
    request: contactNotesQuery,
    response: contactNotesResponse,
    summary: "The contact's notes (newest first), or the caller's own private notes on it",
  }),
  addContactNote: defineCall({
    method: 'POST',
    path: '/add-contact-note',
    request: addContactNoteRequest,
    response: created,
    summary: 'Write a note on the contact (a private one is ciphertext)',
  }),
  updateContactNote: defineCall({
    method: 'POST',
    path: '/update-contact-note',
    request: updateContactNoteRequest,
    response: done,
    summary: 'Edit a note (spec 2 §6: own, public or team note capabilities)',
  }),
  deleteContactNote: defineCall({
    method: 'POST',
    path: '/delete-contact-note',
    request: z.object({ ...scope, user_id: id, id }),
    response: done,
    summary: 'Delete a note (the same rule as editing)',
  }),
}

/** The note a rule is asked about. */
export interface NoteForRule {
  author_id: number | null
  is_public: boolean
  is_encrypted: boolean
}

/**
 * The capability that reads a team's private (not public) notes: the roles that read all the
 * team's contacts (leaders, owners, entity admins, admins), not a member a contact is
 * assigned to, who reads its public notes (read_public_note) and their own.
 */
export const teamNoteReaderCapability = 'read_contact' satisfies Capability

/**
 * Who reads a note, once the caller reads the contact's notes (read_public_note): an encrypted
 * private note its author alone; a public note every such caller; a team's private note its
 * author and the team's leaders (docs/decisions.md "Private notes", issue 35 item 8).
 */
export function mayReadNote(note: NoteForRule, viewerId: number, holds: (capability: Capability) => boolean): boolean {
  const isAuthor = note.author_id !== null && note.author_id === viewerId
  if (note.is_encrypted) return isAuthor
  return note.is_public || isAuthor || holds(teamNoteReaderCapability)
}

/**
 * Spec 2 §6: a note may be edited by its author with update_own_note, a public note by a
 * holder of update_public_note, a private (non-public) team note by a holder of
 * update_note; deleting follows the same rule with the delete_ capabilities. An encrypted
 * private note is its author's alone: nobody else can read it, so nobody else edits or
 * deletes it (docs/decisions.md "Private notes").
 */
export function mayChangeNote(action: 'update' | 'delete', note: NoteForRule, viewerId: number, holds: (capability: Capability) => boolean): boolean {
  const isAuthor = note.author_id !== null && note.author_id === viewerId
  if (isAuthor && holds(`${action}_own_note`)) return true
  if (note.is_encrypted) return false
  return note.is_public ? holds(`${action}_public_note`) : holds(`${action}_note`)
}
