import { eq, or } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { parentalConsents, people } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import { removeFiles } from '../../platform/files'

/**
 * The files kept about a person: the photo (avatar), the photo of a consent form on the
 * person's row and on the records merged into it (issue 40: they go with it), and every
 * consent record's signature and photo (issue 13: files of a removed contact are removed with
 * it). Read them before the person is deleted.
 */
export async function filesOfPerson(tx: Executor, personId: number): Promise<number[]> {
  const records = await tx
    .select({ avatar: people.avatar_file_id, consentPhoto: people.consent_photo_file_id })
    .from(people)
    .where(or(eq(people.id, personId), eq(people.merged_into_id, personId)))
  const consents = await tx
    .select({ signature: parentalConsents.signature_file_id, photo: parentalConsents.photo_file_id })
    .from(parentalConsents)
    .where(eq(parentalConsents.contact_id, personId))
  const ids = [...records.flatMap((record) => [record.avatar, record.consentPhoto]), ...consents.flatMap((consent) => [consent.signature, consent.photo])]
  return [...new Set(ids.filter((id): id is number => typeof id === 'number'))]
}

/** Deletes a person and the files kept about them, in the caller's transaction. */
export async function deletePersonWithFiles(deps: Pick<Deps, 'config'>, tx: Executor, personId: number): Promise<void> {
  const fileIds = await filesOfPerson(tx, personId)
  await tx.delete(people).where(eq(people.id, personId))
  await removeFiles(deps, tx, fileIds)
}
