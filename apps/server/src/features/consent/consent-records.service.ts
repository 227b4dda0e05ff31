import { and, desc, eq, isNull, ne } from 'drizzle-orm'
import { ageFrom, consentPermissions, isChild, toE164, type ConsentPermission } from '@crm/domain'
import type { Executor } from '../../db/client'
import { parentalConsents, people } from '../../db/schema/index'
import type { GroupScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertChildDataAllowed, loadContactScope, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { readStoredFile } from '../../platform/files'
import { nameOf, ofContactInTeam, splitPermissions } from './consent-record-views'
import { FieldRefusals, refuseField } from '../../platform/field-refusals'

// Consents on record (spec 2 §3.4, §4.2; issue 13 items 3, 4): verbal consent, revocation
// and the stored signature or photo (what a reader gets of them: consent-record-views.ts). The contact's people.consent_* columns
// mirror its latest consent that is not revoked.

type ConsentRow = typeof parentalConsents.$inferSelect
type PersonRow = typeof people.$inferSelect

/** The parent's or carer's details of an answer, as person columns. */
export interface ParentDetails {
  parent_carer_first_name: string
  parent_carer_last_name?: string | undefined
  parent_carer_relationship?: string | null | undefined
  parent_carer_email?: string | null | undefined
  parent_carer_phone?: string | null | undefined
}

/**
 * Checks and normalises the parent's details: an email or a phone (spec 2 §5), a phone in
 * E.164 by the team's country. 400 with field errors otherwise.
 */
export function resolveParentDetails(input: ParentDetails, country: string) {
  const errors = new FieldRefusals()
  const email = input.parent_carer_email?.trim() || null
  let phone = input.parent_carer_phone?.trim() || null
  if (phone) {
    try {
      phone = toE164(phone, country.toUpperCase()) ?? null
    } catch {
      phone = null
    }
    if (!phone) errors.set('parent_carer_phone', 'invalid_phone')
  }
  if (!email && !input.parent_carer_phone?.trim()) errors.set('parent_carer_email', 'parent_contact_required')
  errors.throwIfAny()
  return {
    parent_carer_first_name: input.parent_carer_first_name,
    parent_carer_last_name: input.parent_carer_last_name ?? null,
    parent_carer_relationship: input.parent_carer_relationship ?? null,
    parent_carer_email: email,
    parent_carer_phone: phone,
  }
}

/** What the activity log keeps of a consent: its kind, who gave it, and the answer. */
function loggedConsent(row: ConsentRow) {
  return {
    type: row.type,
    by_name: row.by_name,
    consent_date: row.consent_date,
    granted_permissions: row.granted_permissions,
    denied_permissions: row.denied_permissions,
    revoked: row.revoked_at !== null,
  }
}

/**
 * Records a consent, mirrors it onto the person and logs it (one transaction, the caller's).
 * `authorId` is null for a parent's own answer on the public page.
 */
export async function insertConsentRecord(tx: Executor, now: Date, record: typeof parentalConsents.$inferInsert, authorId: number | null): Promise<ConsentRow> {
  const [row] = await tx.insert(parentalConsents).values(record).returning()
  await syncPersonConsent(tx, record.contact_id, now)
  await recordActivity(tx, {
    authorId,
    teamId: record.team_id,
    subjectType: 'parental_consent',
    subjectId: row!.id,
    contactId: record.contact_id,
    action: 'add',
    after: loggedConsent(row!),
  })
  return row!
}

/**
 * people.consent_* mirror the contact's latest consent that is not revoked; with none left
 * they are cleared, so the contact needs consent again (issue 13 item 4). A consent that
 * denies every permission is a declined consent (spec 2 §2.2).
 */
export async function syncPersonConsent(tx: Executor, contactId: number, now: Date): Promise<void> {
  const [latest] = await tx
    .select()
    .from(parentalConsents)
    .where(and(eq(parentalConsents.contact_id, contactId), isNull(parentalConsents.revoked_at)))
    .orderBy(desc(parentalConsents.created_at), desc(parentalConsents.id))
    .limit(1)
  const declined = latest ? latest.granted_permissions.length === 0 : false
  await tx
    .update(people)
    .set({
      consent_type: latest?.type ?? null,
      consent_date: latest?.consent_date ?? null,
      consent_content: latest?.notes ?? null,
      consent_photo_file_id: latest?.photo_file_id ?? null,
      consent_declined: declined,
      parental_consent_declined: declined,
      updated_at: now,
    })
    .where(eq(people.id, contactId))
}

async function lockPerson(tx: Executor, contactId: number): Promise<PersonRow> {
  const [person] = await tx.select().from(people).where(eq(people.id, contactId)).for('update')
  if (!person) throw new AppError('not_found')
  return person
}

interface VerbalInput extends ParentDetails {
  granted_permissions: Partial<Record<ConsentPermission, boolean>>
  notes?: string | null | undefined
  date: string
}

/**
 * submit-parental-consent-verbal (spec 2 §4.2, §5): only while no other kind of consent is on
 * record (verbal is disabled once a signed or photographed consent exists).
 */
export async function submitVerbalConsent(deps: Deps, viewer: Viewer, scope: ContactScope, input: VerbalInput) {
  assertChildDataAllowed(scope)
  const parent = resolveParentDetails(input, scope.settings.country)
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const person = await lockPerson(tx, scope.contact.id)
    if (!isChild(ageFrom(person.dob_year, person.dob_month, now))) {
      throw refuseField('user_id', 'not_a_child')
    }
    const [other] = await tx
      .select({ id: parentalConsents.id })
      .from(parentalConsents)
      .where(and(eq(parentalConsents.contact_id, scope.contact.id), isNull(parentalConsents.revoked_at), ne(parentalConsents.type, 'verbal')))
      .limit(1)
    if (other) throw refuseField('type', 'other_consent_on_record')
    await tx.update(people).set(parent).where(eq(people.id, scope.contact.id))
    const permissions = splitPermissions(
      Object.entries(input.granted_permissions)
        .filter(([, given]) => given)
        .map(([key]) => key),
    )
    const row = await insertConsentRecord(
      tx,
      now,
      {
        contact_id: scope.contact.id,
        team_id: scope.team.id,
        type: 'verbal',
        by_name: nameOf(parent.parent_carer_first_name, parent.parent_carer_last_name)!,
        by_relationship: parent.parent_carer_relationship,
        by_email: parent.parent_carer_email,
        by_phone: parent.parent_carer_phone,
        notes: input.notes?.trim() || null,
        consent_date: input.date,
        granted_permissions: permissions.granted,
        denied_permissions: permissions.denied,
        to_id: viewer.personId,
        recorded_by_id: viewer.personId,
      },
      viewer.personId,
    )
    return { id: row.id, success_message: 'The verbal consent was recorded.' }
  })
}

/**
 * revoke-parent-consent: the record stays with the date and who revoked it; the contact's
 * consent then follows the latest one left, or is cleared. A revoked record, or one of
 * another contact or team, is not found.
 */
export async function revokeConsent(deps: Deps, viewer: Viewer, scope: ContactScope, consentiaId: number) {
  assertChildDataAllowed(scope)
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(parentalConsents)
      .where(and(eq(parentalConsents.id, consentiaId), ofContactInTeam(scope), isNull(parentalConsents.revoked_at)))
      .for('update')
    if (!row) throw new AppError('not_found')
    const [revoked] = await tx
      .update(parentalConsents)
      .set({ revoked_at: now, revoked_by_id: viewer.personId, updated_at: now })
      .where(eq(parentalConsents.id, row.id))
      .returning()
    await syncPersonConsent(tx, scope.contact.id, now)
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: scope.team.id,
      subjectType: 'parental_consent',
      subjectId: row.id,
      contactId: scope.contact.id,
      action: 'update',
      before: loggedConsent(row),
      after: loggedConsent(revoked!),
    })
  })
  return { success: true as const, success_message: 'The consent was revoked.' }
}

/**
 * consentia-get-signature-url and consentia-get-parental-consent-photo-url: the file of a
 * consent of this team, for a caller who may read its contact (and, for a minor, passes the
 * child gate). Anything else is not found, so a guessed id tells nothing.
 */
export async function readConsentFile(
  deps: Deps,
  viewer: Viewer,
  scope: GroupScope,
  request: { consentiaId: number; fileId: number; kind: 'signature' | 'photo' },
) {
  const [row] = await deps.db
    .select()
    .from(parentalConsents)
    .where(and(eq(parentalConsents.id, request.consentiaId), eq(parentalConsents.team_id, scope.team.id)))
  const fileId = request.kind === 'signature' ? row?.signature_file_id : row?.photo_file_id
  if (!row || fileId !== request.fileId) throw new AppError('not_found')
  const contactScope = await loadContactScope(deps.db, viewer, scope, row.contact_id, deps.now()).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'forbidden' ? new AppError('not_found') : error
  })
  if (contactScope.isChild && contactScope.childGate) throw new AppError('not_found')
  if (contactScope.teamContact.state !== 'active') throw new AppError('not_found')
  return readStoredFile(deps, deps.db, fileId)
}

/**
 * A child's verbal consent given in the contact form (create-user, update-user), recorded
 * once: an edit that sends the same verbal consent again adds no second record.
 */
export async function recordFormVerbalConsent(
  tx: Executor,
  now: Date,
  context: { authorId: number; teamId: number; contactId: number },
  consent: { by_name: string; by_relationship: string | null; by_email: string | null; by_phone: string | null; consent_date: string; notes: string | null },
): Promise<void> {
  const [same] = await tx
    .select({ id: parentalConsents.id, notes: parentalConsents.notes })
    .from(parentalConsents)
    .where(
      and(
        eq(parentalConsents.contact_id, context.contactId),
        eq(parentalConsents.team_id, context.teamId),
        eq(parentalConsents.type, 'verbal'),
        eq(parentalConsents.consent_date, consent.consent_date),
        isNull(parentalConsents.revoked_at),
      ),
    )
  if (same && same.notes === consent.notes) return
  await insertConsentRecord(
    tx,
    now,
    {
      ...consent,
      contact_id: context.contactId,
      team_id: context.teamId,
      type: 'verbal',
      granted_permissions: [...consentPermissions],
      denied_permissions: [],
      to_id: context.authorId,
      recorded_by_id: context.authorId,
    },
    context.authorId,
  )
}
