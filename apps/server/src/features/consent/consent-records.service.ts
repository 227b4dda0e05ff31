import { and, desc, eq, isNull, ne, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  ageFrom,
  consentPermissions,
  consentTypes,
  hasCapability,
  isChild,
  toE164,
  type ConsentPermission,
  type ContactConsents,
  type MostRecentConsent,
  type ParentalConsentRecord,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { assignments, consentRequests, parentalConsents, people } from '../../db/schema/index'
import type { GroupScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertChildDataAllowed, loadContactScope, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { readStoredFile } from '../../platform/files'
import { displayDate, displayDateTime, oneOf } from '../../platform/format'

// Consents on record (spec 2 §3.4, §4.2; issue 13 items 3, 4): listing, verbal consent,
// revocation and the stored signature or photo. The contact's people.consent_* columns
// mirror its latest consent that is not revoked.

type ConsentRow = typeof parentalConsents.$inferSelect
type PersonRow = typeof people.$inferSelect

const nameOf = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim())

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
  const errors: Record<string, string> = {}
  const email = input.parent_carer_email?.trim() || null
  let phone = input.parent_carer_phone?.trim() || null
  if (phone) {
    try {
      phone = toE164(phone, country.toUpperCase()) ?? null
    } catch {
      phone = null
    }
    if (!phone) errors.parent_carer_phone = 'Invalid phone number'
  }
  if (!email && !input.parent_carer_phone?.trim()) errors.parent_carer_email = 'Note: An email or phone number is required.'
  if (Object.keys(errors).length > 0) throw new AppError('invalid_request', { errors })
  return {
    parent_carer_first_name: input.parent_carer_first_name,
    parent_carer_last_name: input.parent_carer_last_name ?? null,
    parent_carer_relationship: input.parent_carer_relationship ?? null,
    parent_carer_email: email,
    parent_carer_phone: phone,
  }
}

/** The granted keys (in the spec's order) and the rest, denied. */
export function splitPermissions(granted: Iterable<string>): { granted: ConsentPermission[]; denied: ConsentPermission[] } {
  const given = new Set(granted)
  return {
    granted: consentPermissions.filter((key) => given.has(key)),
    denied: consentPermissions.filter((key) => !given.has(key)),
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

interface RecordView {
  locale: string
  timeZone: string
  contactId: number
  teamId: number
}

/** The team's people who follow the contact (assigned to it), by name. */
function loadAssignedPeople(db: Executor, view: RecordView) {
  return db
    .select({ id: people.id, first_name: people.first_name, last_name: people.last_name })
    .from(assignments)
    .innerJoin(people, eq(people.id, assignments.to_person_id))
    .where(and(eq(assignments.contact_id, view.contactId), eq(assignments.team_id, view.teamId)))
    .orderBy(people.first_name, people.last_name, people.id)
}

/** Records of `where`, newest first, as the Consent tab shows them. */
export async function loadConsentRecords(db: Executor, where: SQL | undefined, view: RecordView): Promise<ParentalConsentRecord[]> {
  const to = alias(people, 'consent_to')
  const revoker = alias(people, 'consent_revoker')
  const [rows, assigned] = await Promise.all([
    db
      .select({
        record: parentalConsents,
        to_first: to.first_name,
        to_last: to.last_name,
        revoker_first: revoker.first_name,
        revoker_last: revoker.last_name,
      })
      .from(parentalConsents)
      .leftJoin(to, eq(to.id, parentalConsents.to_id))
      .leftJoin(revoker, eq(revoker.id, parentalConsents.revoked_by_id))
      .where(where)
      .orderBy(desc(parentalConsents.created_at), desc(parentalConsents.id)),
    loadAssignedPeople(db, view),
  ])
  return rows.map(({ record, ...names }) => ({
    id: record.id,
    consentia_id: record.id,
    type: record.type,
    by_name: record.by_name,
    by_relationship: record.by_relationship,
    by_email: record.by_email,
    by_phone: record.by_phone,
    created_display: displayDateTime(record.created_at, view.locale, view.timeZone),
    consent_date: displayDate(record.consent_date, view.locale, view.timeZone),
    notes: record.notes,
    signature: record.signature_file_id,
    photo_evidence: record.photo_file_id,
    to_id: record.to_id,
    to_name: nameOf(names.to_first, names.to_last),
    granted_permissions: splitPermissions(record.granted_permissions).granted,
    denied_permissions: splitPermissions(record.granted_permissions).denied,
    other_team_members: assigned.filter((person) => person.id !== record.to_id).map((person) => nameOf(person.first_name, person.last_name)!),
    revoked_display: record.revoked_at ? displayDateTime(record.revoked_at, view.locale, view.timeZone) : null,
    revoked_by_name: nameOf(names.revoker_first, names.revoker_last),
  }))
}

const ofContactInTeam = (scope: ContactScope) => and(eq(parentalConsents.contact_id, scope.contact.id), eq(parentalConsents.team_id, scope.team.id))

/**
 * contact-consents/{id}: the records and the latest parental link. A caller under the child
 * gate gets an empty answer for a minor: it names nothing, and the contact's own answer
 * already tells the page why (child_gate).
 */
export async function listContactConsents(deps: Deps, viewer: Viewer, scope: ContactScope): Promise<ContactConsents> {
  if (scope.isChild && scope.childGate) return { items: [], request: null, can_update: false }
  const view = { locale: viewer.locale, timeZone: scope.settings.timeZone, contactId: scope.contact.id, teamId: scope.team.id }
  const [items, [request]] = await Promise.all([
    loadConsentRecords(deps.db, ofContactInTeam(scope), view),
    deps.db
      .select()
      .from(consentRequests)
      .where(and(eq(consentRequests.contact_id, scope.contact.id), eq(consentRequests.team_id, scope.team.id), eq(consentRequests.purpose, 'parental')))
      .orderBy(desc(consentRequests.created_at), desc(consentRequests.id))
      .limit(1),
  ])
  const at = (date: Date | null) => (date ? displayDateTime(date, view.locale, view.timeZone) : null)
  return {
    items,
    request: request
      ? {
          status: request.status,
          sent_to: request.sent_to,
          created_display: at(request.created_at)!,
          sent_display: at(request.sent_at),
          viewed_display: at(request.viewed_at),
          submitted_display: at(request.submitted_at),
          expires_display: at(request.expires_at)!,
        }
      : null,
    can_update: hasCapability(scope.contactRole, 'update_assigned_contact') && scope.teamContact.state === 'active',
  }
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
      throw new AppError('invalid_request', { errors: { user_id: 'Parental consent is asked only for a contact under 18.' } })
    }
    const [other] = await tx
      .select({ id: parentalConsents.id })
      .from(parentalConsents)
      .where(and(eq(parentalConsents.contact_id, scope.contact.id), isNull(parentalConsents.revoked_at), ne(parentalConsents.type, 'verbal')))
      .limit(1)
    if (other) throw new AppError('invalid_request', { errors: { type: 'A consent of another kind is on record: verbal consent is not available.' } })
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
 * The contact's own consent given without a record (an adult's in the contact form or through
 * their link, an import), in the record's shape (spec 2 §3.4): given by the person, or by a
 * child's parent or carer as the contact names them; no permission was answered. Null when
 * the contact has no consent.
 */
function consentOfPerson(person: PersonRow, view: RecordView & { isChild: boolean; assigned: string[] }): MostRecentConsent | null {
  const type = oneOf(consentTypes, person.consent_type)
  if (!type) return null
  const byParent = view.isChild && person.parent_carer_first_name !== null
  const date = person.consent_date ? displayDate(person.consent_date, view.locale, view.timeZone) : ''
  return {
    id: null,
    consentia_id: null,
    type,
    by_name: byParent ? nameOf(person.parent_carer_first_name, person.parent_carer_last_name)! : nameOf(person.first_name, person.last_name)!,
    by_relationship: byParent ? person.parent_carer_relationship : null,
    by_email: byParent ? person.parent_carer_email : person.email,
    by_phone: byParent ? person.parent_carer_phone : person.phone,
    created_display: date,
    consent_date: date,
    notes: person.consent_content,
    signature: null,
    photo_evidence: null,
    to_id: null,
    to_name: null,
    granted_permissions: [],
    denied_permissions: [],
    other_team_members: view.assigned,
    revoked_display: null,
    revoked_by_name: null,
    date: person.consent_date,
    content: person.consent_content,
  }
}

/**
 * The contact item's consent (GET contact/{id}): the caller's own consent on record (granted
 * to them), and the most recent consent: the latest record of this team that is not revoked
 * (spec 2 §3.4's fields), else the contact's own consent given without a record.
 */
export async function consentsForItem(db: Executor, viewer: Viewer, scope: ContactScope) {
  const active = and(ofContactInTeam(scope), isNull(parentalConsents.revoked_at))
  const view = { locale: viewer.locale, timeZone: scope.settings.timeZone, contactId: scope.contact.id, teamId: scope.team.id }
  const [records, [latest], assigned] = await Promise.all([
    loadConsentRecords(db, active, view),
    db
      .select({ id: parentalConsents.id, consent_date: parentalConsents.consent_date, notes: parentalConsents.notes })
      .from(parentalConsents)
      .where(active)
      .orderBy(desc(parentalConsents.created_at), desc(parentalConsents.id))
      .limit(1),
    loadAssignedPeople(db, view),
  ])
  const record = latest && records.find((one) => one.id === latest.id)
  const names = assigned.map((one) => nameOf(one.first_name, one.last_name)!)
  return {
    forCaller: records.find((one) => one.to_id === viewer.personId) ?? null,
    /** Of the contact as loaded beside: its own consent when no record is. */
    mostRecent: (person: PersonRow): MostRecentConsent | null =>
      record ? { ...record, date: latest.consent_date, content: latest.notes } : consentOfPerson(person, { ...view, isChild: scope.isChild, assigned: names }),
  }
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
