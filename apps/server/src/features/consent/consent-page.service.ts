import { readFile } from 'node:fs/promises'
import { and, eq } from 'drizzle-orm'
import {
  ageFrom,
  consentPermissions,
  isChild,
  consentPhotoTypes,
  maxConsentFileSize,
  qrDecisions,
  updatableByContactFields,
  type ConsentPage,
  type submitConsentRequest,
} from '@crm/domain'
import type { z } from 'zod'
import { consentRequests, people, teams } from '../../db/schema/index'
import { teamSettingsOf } from '../../platform/access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { saveFile } from '../../platform/files'
import type { UploadedFile } from '../../platform/multipart'
import { claimRequest, findUsableRequest, type ConsentRequestRow } from './consent-requests'
import { splitPermissions } from './consent-record-views'
import { insertConsentRecord, resolveParentDetails } from './consent-records.service'
import { FieldRefusals } from '../../platform/field-refusals'

// The public consent page (spec 2 §4.2; issue 13 item 1): the key is the proof. It shows
// only what the parent needs to answer (the child's first name, never more of the child).

const modeOf = (request: ConsentRequestRow): 'signature' | 'photo' => (request.settings.mode === 'photo' ? 'photo' : 'signature')

function listSetting<T extends string>(value: unknown, choices: readonly T[]): T[] {
  return Array.isArray(value) ? choices.filter((choice) => value.includes(choice)) : []
}

/** GET consent-page/{key}: the page's content; the first open marks the link viewed. */
export async function getConsentPage(deps: Deps, key: string): Promise<ConsentPage> {
  const now = deps.now()
  const request = await findUsableRequest(deps.db, now, key)
  if (request.status === 'requested' && request.purpose !== 'new_contact') {
    await deps.db.transaction(async (tx) => {
      const moved = await tx
        .update(consentRequests)
        .set({ status: 'viewed', viewed_at: now })
        .where(and(eq(consentRequests.id, request.id), eq(consentRequests.status, 'requested')))
        .returning({ id: consentRequests.id })
      if (moved.length > 0 && request.contact_id !== null) {
        await tx.update(people).set({ consent_url_viewed_at: now }).where(eq(people.id, request.contact_id))
      }
    })
  }
  const [[team], [asker], [contact]] = await Promise.all([
    deps.db.select({ title: teams.title }).from(teams).where(eq(teams.id, request.team_id)),
    request.requested_by_id === null
      ? Promise.resolve([])
      : deps.db.select({ first_name: people.first_name, last_name: people.last_name }).from(people).where(eq(people.id, request.requested_by_id)),
    request.contact_id === null ? Promise.resolve([]) : deps.db.select().from(people).where(eq(people.id, request.contact_id)),
  ])
  const parental = request.purpose === 'parental'
  return {
    purpose: request.purpose,
    mode: modeOf(request),
    team_name: team?.title ?? '',
    requested_by_name: asker ? `${asker.first_name} ${asker.last_name}`.trim() : null,
    contact_first_name: contact?.first_name ?? null,
    // An adult signs their own form: there is no parent or carer to show.
    parent:
      parental && contact && isChild(ageFrom(contact.dob_year, contact.dob_month, now))
        ? {
            first_name: contact.parent_carer_first_name,
            last_name: contact.parent_carer_last_name,
            relationship: contact.parent_carer_relationship,
            email: contact.parent_carer_email,
            phone: contact.parent_carer_phone,
          }
        : null,
    fields: request.purpose === 'contact' ? listSetting(request.settings.fields, updatableByContactFields) : [],
    decisions: request.purpose === 'new_contact' ? listSetting(request.settings.decisions, qrDecisions) : [],
    permissions: parental ? [...consentPermissions] : [],
  }
}

type SubmitConsentInput = z.output<typeof submitConsentRequest>

/**
 * submit-consent/{key}: the parent's answer (signature mode: a PNG signature; photo mode: a
 * photo of the signed form and its date). One transaction: the key is claimed first, so a
 * second answer is key_invalid and stores nothing; a refused file stores nothing either.
 */
export async function submitConsent(deps: Deps, key: string, input: SubmitConsentInput, files: UploadedFile[]) {
  const now = deps.now()
  const request = await findUsableRequest(deps.db, now, key)
  if (request.purpose !== 'parental' || request.contact_id === null) throw new AppError('key_invalid')
  const contactId = request.contact_id
  const mode = modeOf(request)
  const fileField = mode === 'signature' ? 'signature' : 'photo'
  const errors = new FieldRefusals()
  const upload = files[0]
  if (!upload) errors.set(fileField, mode === 'signature' ? 'signature_required' : 'form_photo_required')
  if (mode === 'photo' && !input.date) errors.set('date', 'required')
  errors.throwIfAny()
  const [team] = await deps.db.select({ settings: teams.settings }).from(teams).where(eq(teams.id, request.team_id))
  const parent = resolveParentDetails(input, teamSettingsOf(team?.settings).country)
  const bytes = await readFile(upload!.path)
  await deps.db.transaction(async (tx) => {
    await claimRequest(tx, now, request)
    const file = await saveFile(deps, tx, {
      bytes,
      field: upload!.field,
      accept: mode === 'signature' ? ['image/png'] : consentPhotoTypes,
      maxSize: maxConsentFileSize,
      teamId: request.team_id,
      uploadedById: null,
    })
    // An adult's own signed form (photo mode) has no parent or carer to keep.
    const [person] = await tx.select({ dob_year: people.dob_year, dob_month: people.dob_month }).from(people).where(eq(people.id, contactId))
    const child = isChild(ageFrom(person?.dob_year, person?.dob_month, now))
    await tx
      .update(people)
      .set({ ...(child ? parent : {}), consent_url_submitted_at: now })
      .where(eq(people.id, contactId))
    const permissions = splitPermissions(input.granted_permissions)
    await insertConsentRecord(
      tx,
      now,
      {
        contact_id: contactId,
        team_id: request.team_id,
        request_id: request.id,
        type: mode === 'signature' ? 'direct' : 'photo',
        by_name: `${parent.parent_carer_first_name} ${parent.parent_carer_last_name ?? ''}`.trim(),
        by_relationship: parent.parent_carer_relationship,
        by_email: parent.parent_carer_email,
        by_phone: parent.parent_carer_phone,
        notes: input.notes?.trim() || null,
        consent_date: mode === 'photo' ? input.date! : now.toISOString().slice(0, 10),
        granted_permissions: permissions.granted,
        denied_permissions: permissions.denied,
        signature_file_id: mode === 'signature' ? file.id : null,
        photo_file_id: mode === 'photo' ? file.id : null,
        to_id: request.requested_by_id,
        recorded_by_id: null,
      },
      null,
    )
  })
  return { success: true as const, success_message: 'Thank you. Your answer was sent.' }
}
