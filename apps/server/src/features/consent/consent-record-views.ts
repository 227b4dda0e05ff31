import { and, desc, eq, isNull, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  consentPermissions,
  consentTypes,
  hasCapability,
  type ConsentPermission,
  type ContactConsents,
  type MostRecentConsent,
  type ParentalConsentRecord,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { assignments, consentRequests, parentalConsents, people } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import type { ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { displayDate, displayDateTime, oneOf } from '../../platform/format'

// What a reader gets of a contact's consents (spec 2 §3.4): the Consent tab's records and
// latest link, and the contact item's consents, the contact's own consent given without a
// record coming in the record's shape. The writes are in consent-records.service.ts.

type PersonRow = typeof people.$inferSelect

export const nameOf = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim())

/** The granted keys (in the spec's order) and the rest, denied. */
export function splitPermissions(granted: Iterable<string>): { granted: ConsentPermission[]; denied: ConsentPermission[] } {
  const given = new Set(granted)
  return {
    granted: consentPermissions.filter((key) => given.has(key)),
    denied: consentPermissions.filter((key) => !given.has(key)),
  }
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

export const ofContactInTeam = (scope: ContactScope) => and(eq(parentalConsents.contact_id, scope.contact.id), eq(parentalConsents.team_id, scope.team.id))

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
