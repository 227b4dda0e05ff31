import { readFile } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { maxConsentFileSize } from '@crm/domain'
import { people } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import type { StoredFileType } from '../../platform/file-types'
import { readStoredFile, removeFiles, saveFile } from '../../platform/files'
import type { UploadedFile } from '../../platform/multipart'
import { refuseField } from '../../platform/field-refusals'

/** What a contact's photo may be, by content (HEIC: photos taken on an iPhone). */
export const avatarTypes: readonly StoredFileType[] = ['image/jpeg', 'image/png', 'image/heic']

/**
 * The address of a contact's photo: the signed-in call consentia-get-photo-url, never a
 * guessable public URL (issue 13). The web app fetches it with its session and shows it.
 */
export function contactPhotoUrl(scope: { teamId: number; groupId: number; contactId: number }, fileId: number): string {
  const query = new URLSearchParams({
    team_id: String(scope.teamId),
    group_id: String(scope.groupId),
    user_id: String(scope.contactId),
    photo_id: String(fileId),
  })
  return `/api/v1/consentia-get-photo-url?${query.toString()}`
}

/**
 * upload-contact-avatar: the contact's photo, kept without its location metadata; the
 * previous photo is removed. A photo is a detail like any other (spec 2 §4: with no consent
 * only name and gender are kept), so a contact without consent on record gets none.
 */
export async function uploadContactAvatar(deps: Deps, viewer: Viewer, scope: ContactScope, uploads: UploadedFile[]) {
  assertChildDataAllowed(scope)
  const upload = uploads[0]
  if (!upload) throw refuseField('file', 'required', { message: 'Choose a photo' })
  const bytes = await readFile(upload.path)
  const contactId = scope.contact.id
  const fileId = await deps.db.transaction(async (tx) => {
    const [person] = await tx
      .select({ avatar_file_id: people.avatar_file_id, consent_type: people.consent_type, consent_declined: people.consent_declined })
      .from(people)
      .where(eq(people.id, contactId))
      .for('update')
    if (!person) throw new AppError('not_found')
    if (!person.consent_type || person.consent_declined) {
      throw refuseField(upload.field, 'photo_needs_consent')
    }
    const saved = await saveFile(deps, tx, {
      bytes,
      field: upload.field,
      accept: avatarTypes,
      maxSize: maxConsentFileSize,
      teamId: scope.team.id,
      uploadedById: viewer.personId,
    })
    await tx.update(people).set({ avatar_file_id: saved.id, updated_at: deps.now() }).where(eq(people.id, contactId))
    if (person.avatar_file_id !== null) await removeFiles(deps, tx, [person.avatar_file_id])
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'user',
      subjectId: contactId,
      contactId,
      action: 'update',
      before: { avatar_file_id: person.avatar_file_id },
      after: { avatar_file_id: saved.id },
    })
    return saved.id
  })
  return {
    avatar: contactPhotoUrl({ teamId: scope.team.id, groupId: scope.group.id, contactId }, fileId),
    success_message: 'Photo saved',
  }
}

/**
 * consentia-get-photo-url: the photo's bytes, for a caller who may read the contact (and,
 * for a child, passes the child gate). Any id other than the contact's current photo is 404.
 */
export async function readContactPhoto(deps: Deps, scope: ContactScope, photoId: number) {
  assertChildDataAllowed(scope)
  const [person] = await deps.db.select({ avatar_file_id: people.avatar_file_id }).from(people).where(eq(people.id, scope.contact.id))
  if (!person || person.avatar_file_id !== photoId) throw new AppError('not_found')
  return readStoredFile(deps, deps.db, photoId)
}
