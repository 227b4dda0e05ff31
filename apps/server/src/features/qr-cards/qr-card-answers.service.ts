import { and, eq, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  ageFrom,
  contactEventKindOf,
  hasCapability,
  isChild,
  qrDecisions,
  updatableByContactFields,
  type consentCalls,
  type QrDecision,
  type UpdatableByContactField,
  zonedDate,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, assignments, contactEvents, contactInterests, people, teamContacts, teams } from '../../db/schema/index'
import { loadGroupScope, teamSettingsOf, type GroupScope, type Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { FieldRefusals } from '../../platform/field-refusals'
import { refreshContactReadModel } from '../../platform/read-model'
import { claimRequest, findUsableRequest, type ConsentRequestRow } from '../consent/consent-requests'
import { assertValid, resolveContactInput, type ContactInput, type PersonValues } from '../contacts/contact-input'
import { insertNewContact } from '../contacts/create.service'
import { lockContactsOfConference } from '../contacts/duplicates.service'
import { lockPerson, writeContactChanges } from '../contacts/update.service'
import { childDetailsMessage } from './qr-cards.service'

// The answers to QR cards and update links (spec 2 §7.3 submit-new-contact, submit-contact-update,
// §9): a visitor becomes a contact of the card's team, an adult contact updates the fields
// asked for. The cards and links themselves are made in qr-cards.service.ts.

type Calls = typeof consentCalls
type NewContactInput = z.output<Calls['submitNewContact']['request']>
type ContactUpdateInput = z.output<Calls['submitContactUpdate']['request']>

export const thanksMessage = 'Thank you! Your details have been sent.'

/**
 * Where each decision of a card (spec 2 §9) shows on the contact's record: a commitment is a
 * decision of the Decisions tab, a request for prayer an event, and an interest in learning
 * or in news is an interest the team follows up like any other (lookup values of
 * user-event-types and interest-types).
 */
export const decisionRecords: Record<QrDecision, { event: string } | { interest: string }> = {
  follow_jesus: { event: 'decision-to-follow-jesus' },
  learn_more: { interest: 'bible-study' },
  prayer: { event: 'prayer-request' },
  serve: { event: 'decision-for-service' },
  newsletter: { interest: 'newsletter' },
}

function contactInputOf(input: NewContactInput | ContactUpdateInput, asked: ReadonlySet<UpdatableByContactField>): ContactInput {
  const fields: ContactInput = {}
  const give = <K extends keyof ContactInput>(key: K, value: ContactInput[K] | undefined) => {
    if (value !== undefined) fields[key] = value
  }
  if (asked.has('first_name')) give('first_name', input.first_name)
  if (asked.has('last_name')) give('last_name', input.last_name)
  if (asked.has('email')) give('email', input.email)
  if (asked.has('phone')) give('phone', input.phone)
  if (asked.has('gender')) give('gender', input.gender)
  if (asked.has('dob')) {
    give('dob_month', input.dob_month)
    give('dob_year', input.dob_year)
  }
  if (asked.has('address')) give('address_formatted', input.address_formatted)
  return fields
}

/** Errors of the fields the person was asked for; the rest (status, source, a parent) are the team's to fill in. */
function errorsOfAsked(refusals: FieldRefusals, fields: ContactInput): FieldRefusals {
  const asked = new FieldRefusals()
  for (const [field, message] of Object.entries(refusals.errors)) if (field in fields) asked.set(field, refusals.codes[field]!, message)
  return asked
}

/**
 * The card's team and group as its creator sees them now: a card whose creator has left
 * the team, or may no longer add contacts to the group, no longer works (key_invalid).
 */
async function cardScope(db: Executor, request: ConsentRequestRow): Promise<{ creator: Viewer; scope: GroupScope }> {
  if (request.requested_by_id === null) throw new AppError('key_invalid')
  const [account] = await db
    .select({ email: accounts.email, site_role: accounts.site_role, locale: accounts.locale, is_locked: accounts.is_locked })
    .from(accounts)
    .where(eq(accounts.person_id, request.requested_by_id))
  if (!account || account.is_locked) throw new AppError('key_invalid')
  const creator: Viewer = {
    personId: request.requested_by_id,
    email: account.email,
    isSiteAdmin: account.site_role === 'admin',
    sessionId: 0,
    locale: account.locale,
  }
  const scope = await loadGroupScope(db, creator, request.team_id, request.group_id ?? request.team_id).catch(() => {
    throw new AppError('key_invalid')
  })
  if (scope.groupRole === 'member_request' || !hasCapability(scope.groupRole, 'create_contact')) throw new AppError('key_invalid')
  return { creator, scope }
}

/**
 * A contact of the team with the visitor's email or phone (whatever its state). Matching by
 * name and gender, as create-user does, is not used here: a visitor's name alone is not
 * enough to say two people are one.
 */
async function teamContactWith(tx: Executor, teamId: number, email: string | null, phone: string | null) {
  const matches = [...(email ? [eq(sql`lower(${people.email})`, email.toLowerCase())] : []), ...(phone ? [eq(people.phone, phone)] : [])]
  if (matches.length === 0) return null
  const [row] = await tx
    .select({
      id: people.id,
      dob_year: people.dob_year,
      dob_month: people.dob_month,
      consent_type: people.consent_type,
      consent_declined: people.consent_declined,
    })
    .from(people)
    .innerJoin(teamContacts, and(eq(teamContacts.person_id, people.id), eq(teamContacts.team_id, teamId)))
    .where(or(...matches))
    .orderBy(people.id)
    .limit(1)
  return row ?? null
}

/** Records a visitor's decisions on the contact (decisionRecords), each with its activity row. */
async function recordDecisions(tx: Executor, now: Date, scope: GroupScope, contactId: number, decisions: QrDecision[], date: string) {
  const chosen = qrDecisions.filter((decision) => decisions.includes(decision))
  const events = chosen.flatMap((decision) => {
    const record = decisionRecords[decision]
    return 'event' in record ? [record.event] : []
  })
  const interests = chosen.flatMap((decision) => {
    const record = decisionRecords[decision]
    return 'interest' in record ? [record.interest] : []
  })
  for (const type of events) {
    const [row] = await tx
      .insert(contactEvents)
      .values({
        contact_id: contactId,
        team_id: scope.team.id,
        author_id: null,
        type,
        kind: contactEventKindOf(type),
        date,
        content: 'Through a QR card',
        created_at: now,
        updated_at: now,
      })
      .returning({ id: contactEvents.id })
    await recordActivity(tx, {
      authorId: null,
      teamId: scope.team.id,
      subjectType: 'user_event',
      subjectId: row!.id,
      contactId,
      action: 'add',
      after: { type, date, source: 'qr_card' },
    })
  }
  if (interests.length === 0) return
  const before = await tx.select({ interest: contactInterests.interest }).from(contactInterests).where(eq(contactInterests.person_id, contactId))
  const added = await tx
    .insert(contactInterests)
    .values(interests.map((interest) => ({ person_id: contactId, interest, interest_other: '', created_by_id: null })))
    .onConflictDoNothing()
    .returning({ interest: contactInterests.interest })
  if (added.length === 0) return
  await recordActivity(tx, {
    authorId: null,
    teamId: scope.team.id,
    subjectType: 'user',
    subjectId: contactId,
    contactId,
    action: 'update',
    before: { interests: before.map((row) => row.interest) },
    after: { interests: [...before.map((row) => row.interest), ...added.map((row) => row.interest)], source: 'qr_card' },
  })
}

const everyField: ReadonlySet<UpdatableByContactField> = new Set(updatableByContactFields)

/**
 * submit-consent-new-contact/{key}: a visitor of a QR card becomes a contact of the card's
 * team and group, as create-user adds one (spec 2 §9; issue 13 item 5). The visitor
 * consented (the tick is required), so the contact's consent is direct, dated today; a
 * visitor under 18 by the birth month and year given keeps only what a child's record
 * keeps without consent (fieldsKeptWithoutConsent) and needs a parent's consent, so no
 * decisions are recorded and nobody is assigned. A visitor whose email or phone is already
 * a contact of the team adds no second record and changes no details: the decisions are
 * recorded on that contact. The answer is the same in every case, so the page tells nobody
 * who is already known.
 */
export async function submitNewContact(deps: Deps, key: string, input: NewContactInput) {
  const now = deps.now()
  const request = await findUsableRequest(deps.db, now, key)
  if (request.purpose !== 'new_contact') throw new AppError('key_invalid')
  const { creator, scope } = await cardScope(deps.db, request)
  const decisions = Array.isArray(request.settings.decisions)
    ? input.decisions.filter((decision) => (request.settings.decisions as unknown[]).includes(decision))
    : []
  const fields = contactInputOf(input, everyField)
  const child = isChild(ageFrom(input.dob_year, input.dob_month, now))
  const resolved = await resolveContactInput(deps.db, fields, null, { now, country: scope.settings.country, consentGiven: !child })
  assertValid(errorsOfAsked(resolved.refusals, fields))
  const today = zonedDate(now, scope.settings.timeZone)
  await deps.db.transaction(async (tx) => {
    await lockContactsOfConference(tx, scope.team)
    const existing = await teamContactWith(tx, scope.team.id, resolved.identity.email, resolved.identity.phone)
    if (existing) {
      // Details typed on a public page do not overwrite a record (whoever typed them may not
      // be that person); the decisions are added where the record keeps such details: an
      // adult with consent on record, as the visitor is.
      const existingIsChild = isChild(ageFrom(existing.dob_year, existing.dob_month, now))
      const keepsDetails = existing.consent_type !== null && !existing.consent_declined && !existingIsChild
      if (!child && keepsDetails) await recordDecisions(tx, now, scope, existing.id, decisions, today)
      return
    }
    const values: PersonValues = child
      ? resolved.values
      : { ...resolved.values, consent_type: 'direct', consent_date: today, consent_content: 'Consented to be contacted through a QR card.' }
    const id = await insertNewContact(tx, creator, scope, values)
    if (!child && request.settings.assign === 'self') {
      const [assignment] = await tx
        .insert(assignments)
        .values({ team_id: scope.team.id, contact_id: id, to_person_id: creator.personId, by_person_id: creator.personId })
        .returning({ id: assignments.id })
      await recordActivity(tx, {
        authorId: null,
        teamId: scope.team.id,
        subjectType: 'user_assignment',
        subjectId: assignment!.id,
        contactId: id,
        action: 'add',
        after: { to_person_id: creator.personId, source: 'qr_card' },
      })
    }
    await recordActivity(tx, {
      authorId: null,
      teamId: scope.team.id,
      subjectType: 'user',
      subjectId: id,
      contactId: id,
      action: 'add',
      after: { ...values, group_id: scope.group.id, source: 'qr_card', card_id: request.id },
    })
    if (!child) await recordDecisions(tx, now, scope, id, decisions, today)
    await refreshContactReadModel(tx, id, now)
  })
  return { success: true as const, success_message: thanksMessage }
}

/**
 * submit-consent-contact/{key}: an adult contact's own consent (direct, dated today) and
 * only the fields the link asked for. Single use: the key is claimed in the transaction,
 * so a second answer is key_invalid and changes nothing.
 */
export async function submitContactUpdate(deps: Deps, key: string, input: ContactUpdateInput) {
  const now = deps.now()
  const request = await findUsableRequest(deps.db, now, key)
  if (request.purpose !== 'contact' || request.contact_id === null) throw new AppError('key_invalid')
  const contactId = request.contact_id
  const asked = new Set(
    Array.isArray(request.settings.fields) ? updatableByContactFields.filter((field) => (request.settings.fields as unknown[]).includes(field)) : [],
  )
  const fields = contactInputOf(input, asked)
  const [team] = await deps.db.select({ settings: teams.settings }).from(teams).where(eq(teams.id, request.team_id))
  const settings = teamSettingsOf(team?.settings)
  await deps.db.transaction(async (tx) => {
    await claimRequest(tx, now, request)
    const existing = await lockPerson(tx, contactId)
    const resolved = await resolveContactInput(tx, fields, existing, { now, country: settings.country, consentGiven: true })
    const errors = errorsOfAsked(resolved.refusals, fields)
    if (resolved.isChild) errors.set('dob_year', 'child_details_by_parent', childDetailsMessage)
    assertValid(errors)
    const values: PersonValues = {
      ...resolved.values,
      consent_type: 'direct',
      consent_date: zonedDate(now, settings.timeZone),
      consent_declined: false,
      consent_url_submitted_at: now,
    }
    // The contact changes their own record: the activity row names them as its author.
    await writeContactChanges(tx, now, { personId: contactId }, request.team_id, existing, values)
  })
  return { success: true as const, success_message: 'Thank you! Your details have been updated.' }
}
