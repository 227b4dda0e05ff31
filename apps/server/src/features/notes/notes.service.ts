import { and, asc, count, desc, eq, or } from 'drizzle-orm'
import { clampPage, hasCapability, mayChangeNote, mayReadNote, maxPages, pageOffset, teamNoteReaderCapability, type NoteType } from '@crm/domain'
import type { Executor } from '../../db/client'
import { notes, people } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivities, recordActivity, recordMinorRead } from '../../platform/activity'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { displayDate, displayDateTime, fullName } from '../../platform/format'
import { refuseField } from '../../platform/field-refusals'

type NoteRow = typeof notes.$inferSelect

/**
 * What the activity log keeps of a note: a private note WITHOUT its content (it is
 * ciphertext only its author can open, and the log is read by others).
 */
function loggedNote(note: Pick<NoteRow, 'content' | 'is_encrypted' | 'is_public'>) {
  return note.is_encrypted ? { is_encrypted: true, is_public: false } : { is_encrypted: false, is_public: note.is_public, content: note.content }
}

/**
 * The notes a caller may see on the contact in this team (mayReadNote): the team's plain
 * notes (its private ones only to its leaders and their authors) and the caller's own
 * private notes, as ciphertext. `privateNotes` narrows the list to one of the two tabs: true
 * the Private notes tab, false the Notes tab. Another person's private note is not served in
 * any form, not even as ciphertext.
 */
function visibleNotes(scope: ContactScope, viewer: Viewer, privateNotes: boolean | undefined) {
  const ofContact = and(eq(notes.contact_id, scope.contact.id), eq(notes.team_id, scope.team.id))
  const plain = hasCapability(scope.contactRole, teamNoteReaderCapability)
    ? eq(notes.is_encrypted, false)
    : and(eq(notes.is_encrypted, false), or(eq(notes.is_public, true), eq(notes.author_id, viewer.personId)))
  const ownPrivate = and(eq(notes.is_encrypted, true), eq(notes.author_id, viewer.personId))
  if (privateNotes === undefined) return and(ofContact, or(plain, ownPrivate))
  return and(ofContact, privateNotes ? ownPrivate : plain)
}

/** contact-notes/{id}: newest first (spec 2 §9). Reading a minor's notes is recorded (issue 12 item 5). */
export async function listContactNotes(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  query: { page: number; per_page: number; order?: 'asc' | 'desc' | undefined; is_encrypted?: boolean | undefined },
) {
  assertChildDataAllowed(scope)
  const where = visibleNotes(scope, viewer, query.is_encrypted)
  const [total] = await deps.db.select({ n: count() }).from(notes).where(where)
  const pages = maxPages(total?.n ?? 0, query.per_page)
  const page = clampPage(query.page, pages)
  const sort = query.order === 'asc' ? asc : desc
  const rows = await deps.db
    .select({
      id: notes.id,
      content: notes.content,
      is_encrypted: notes.is_encrypted,
      is_public: notes.is_public,
      author_id: notes.author_id,
      author_first: people.first_name,
      author_last: people.last_name,
      created_at: notes.created_at,
      updated_at: notes.updated_at,
    })
    .from(notes)
    .leftJoin(people, eq(people.id, notes.author_id))
    .where(where)
    .orderBy(sort(notes.created_at), sort(notes.id))
    .limit(query.per_page)
    .offset(pageOffset(page, query.per_page))
  await recordMinorRead(deps.db, {
    authorId: viewer.personId,
    teamId: scope.team.id,
    contactId: scope.contact.id,
    isChild: scope.isChild,
    what: query.is_encrypted ? 'private_notes' : 'notes',
    page,
  })
  const { timeZone } = scope.settings
  return {
    items: rows.map((row) => ({
      id: row.id,
      content: row.content,
      is_encrypted: row.is_encrypted,
      is_public: row.is_public,
      author_id: row.author_id,
      author_name: row.author_first === null ? '' : fullName(row.author_first, row.author_last),
      created_display: displayDate(row.created_at, viewer.locale, timeZone),
      // An edit shows when it came; a note written and never changed shows none.
      updated_display: row.updated_at.getTime() - row.created_at.getTime() > 1000 ? displayDateTime(row.updated_at, viewer.locale, timeZone) : null,
    })),
    count: total?.n ?? 0,
    max_pages: pages,
    public_notes: scope.settings.publicNotes,
  }
}

interface NoteInput {
  content: string
  is_encrypted: boolean
  type?: NoteType | undefined
}

/** Public notes are written only where the team has them on (spec 2 §5). */
function assertPublicAllowed(scope: ContactScope, isPublic: boolean): void {
  if (isPublic && !scope.settings.publicNotes) {
    throw refuseField('type', 'public_notes_off')
  }
}

/** add-contact-note: the writer becomes the author, so writing needs update_own_note. */
export async function addContactNote(deps: Deps, viewer: Viewer, scope: ContactScope, input: NoteInput) {
  assertChildDataAllowed(scope)
  if (!hasCapability(scope.contactRole, 'update_own_note')) throw new AppError('forbidden')
  const isPublic = !input.is_encrypted && input.type === 'public'
  assertPublicAllowed(scope, isPublic)
  return deps.db.transaction(async (tx) => {
    const note = {
      contact_id: scope.contact.id,
      team_id: scope.team.id,
      author_id: viewer.personId,
      content: input.content,
      is_encrypted: input.is_encrypted,
      is_public: isPublic,
    }
    const [id] = await insertContactNotes(tx, [{ note }])
    return { id: id! }
  })
}

/** A note to write, and what its activity row adds (the contact import says where it came from). */
export interface NewNote {
  note: Pick<typeof notes.$inferInsert, 'contact_id' | 'team_id' | 'author_id' | 'content' | 'is_encrypted' | 'is_public'>
  logged?: Record<string, unknown>
}

/**
 * Notes and their activity rows, in the writer's transaction, in two statements however many:
 * add-contact-note's write, shared with the contact import. Answers their ids, in order.
 */
export async function insertContactNotes(tx: Executor, items: readonly NewNote[]): Promise<number[]> {
  if (items.length === 0) return []
  // INSERT … RETURNING answers the rows in the order of VALUES.
  const rows = await tx
    .insert(notes)
    .values(items.map((item) => item.note))
    .returning()
  await recordActivities(
    tx,
    rows.map((row, index) => ({
      authorId: row.author_id,
      teamId: row.team_id,
      subjectType: 'user_note' as const,
      subjectId: row.id,
      contactId: row.contact_id,
      action: 'add' as const,
      after: { ...loggedNote(row), ...items[index]!.logged },
    })),
  )
  return rows.map((row) => row.id)
}

/**
 * The note, locked for the change, as the caller may see it: another team's note, a note
 * of another contact, another person's private note and a team's private note the caller
 * does not read (mayReadNote) are all not found.
 */
async function lockVisibleNote(tx: Executor, viewer: Viewer, scope: ContactScope, noteId: number): Promise<NoteRow> {
  const [note] = await tx
    .select()
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.contact_id, scope.contact.id), eq(notes.team_id, scope.team.id)))
    .for('update')
  if (!note || !mayReadNote(note, viewer.personId, (capability) => hasCapability(scope.contactRole, capability))) throw new AppError('not_found')
  return note
}

/** update-contact-note: spec 2 §6's rule, on the note as it is and as it would become. */
export async function updateContactNote(deps: Deps, viewer: Viewer, scope: ContactScope, noteId: number, input: NoteInput) {
  assertChildDataAllowed(scope)
  await deps.db.transaction(async (tx) => {
    const note = await lockVisibleNote(tx, viewer, scope, noteId)
    const holds = (capability: Parameters<typeof hasCapability>[1]) => hasCapability(scope.contactRole, capability)
    if (!mayChangeNote('update', note, viewer.personId, holds)) throw new AppError('forbidden')
    // A private note stays private: its ciphertext cannot turn into a team's text, nor back.
    if (input.is_encrypted !== note.is_encrypted) {
      throw refuseField('is_encrypted', 'note_kind_fixed')
    }
    const isPublic = note.is_encrypted ? false : input.type === undefined ? note.is_public : input.type === 'public'
    if (isPublic !== note.is_public) {
      assertPublicAllowed(scope, isPublic)
      if (!mayChangeNote('update', { ...note, is_public: isPublic }, viewer.personId, holds)) throw new AppError('forbidden')
    }
    const [row] = await tx.update(notes).set({ content: input.content, is_public: isPublic }).where(eq(notes.id, note.id)).returning()
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user_note',
      subjectId: note.id,
      contactId: scope.contact.id,
      action: 'update',
      before: loggedNote(note),
      after: loggedNote(row!),
    })
  })
  return { success: true as const }
}

/** delete-contact-note: the same rule as editing, with the delete_ capabilities. */
export async function deleteContactNote(deps: Deps, viewer: Viewer, scope: ContactScope, noteId: number) {
  assertChildDataAllowed(scope)
  await deps.db.transaction(async (tx) => {
    const note = await lockVisibleNote(tx, viewer, scope, noteId)
    if (!mayChangeNote('delete', note, viewer.personId, (capability) => hasCapability(scope.contactRole, capability))) {
      throw new AppError('forbidden')
    }
    await tx.delete(notes).where(eq(notes.id, note.id))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user_note',
      subjectId: note.id,
      contactId: scope.contact.id,
      action: 'delete',
      before: loggedNote(note),
    })
  })
  return { success: true as const }
}
