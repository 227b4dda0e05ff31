import { hasCapability, hasUnsafeNameCharacters, toE164 } from '@crm/domain'
import type { Executor } from '../../db/client'
import type { GroupScope, TeamScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertMayTouch } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { refreshContactReadModel } from '../../platform/read-model'
import { resolveContactInput, type ContactIdentity, type PersonValues } from '../contacts/contact-input'
import { insertNewContact } from '../contacts/create.service'
import { assertNoDuplicate, lockContactsOfConference } from '../contacts/duplicates.service'
import { FieldRefusals, refuseField } from '../../platform/field-refusals'

// A visitor made a contact of the team (spec 3 §2.1 "an option to create a contact"), under
// the contacts' rules: the create_contact capability, the phone and email in their one form,
// the consent rule (without consent only the name is kept) and the duplicate rules.

export const createContactForbiddenMessage = 'Adding a visitor as a contact needs the right to add contacts.'
export const visitorNotLinkedMessage = 'A contact with these details already exists that you cannot open here: the visitor was kept without a contact.'
export const visitorLinkedMessage = 'The visitor matches a contact of the team: the contact was marked.'

/** The same scope seen from the team's primary group: what the team role may do. */
export function teamLevel(scope: TeamScope): GroupScope {
  return { ...scope, group: scope.team, groupRole: scope.role }
}

/** First and last name from one name: split on the last space. */
export function splitName(name: string): { first_name: string; last_name: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ')
  const at = trimmed.lastIndexOf(' ')
  return at < 0 ? { first_name: trimmed, last_name: '' } : { first_name: trimmed.slice(0, at), last_name: trimmed.slice(at + 1) }
}

/** A phone in E.164 in the team's country, or undefined when it is not a valid number. */
export function normalisedPhone(value: string, country: string): string | undefined {
  try {
    return toE164(value, country.toUpperCase())
  } catch {
    return undefined
  }
}

/** 400 naming visitor_info_name when the name holds a control or invisible character. */
export function assertVisitorName(name: string): void {
  if (hasUnsafeNameCharacters(name)) throw refuseField('visitor_info_name', 'unsafe_characters')
}

/** Refuses a caller who may not add contacts in the team (403 with the reason). */
export function assertMayCreateContact(scope: TeamScope): void {
  if (!hasCapability(scope.role, 'create_contact')) throw new AppError('forbidden', {}, createContactForbiddenMessage)
}

export interface VisitorContactPlan {
  values: PersonValues
  identity: ContactIdentity
  /** Fields sent but not kept: no consent is on record (spec 2 §4). */
  notKept: string[]
}

/**
 * The new contact's columns from a visitor's details, checked as create-user checks them;
 * 400 naming the visitor's field that is wrong.
 */
export async function planVisitorContact(
  db: Executor,
  deps: Pick<Deps, 'now'>,
  scope: TeamScope,
  visitor: { name: string; phone: string | null; email: string | null; gender?: string | null },
): Promise<VisitorContactPlan> {
  const input = {
    ...splitName(visitor.name),
    ...(visitor.phone ? { phone: visitor.phone } : {}),
    ...(visitor.email ? { email: visitor.email } : {}),
    ...(visitor.gender ? { gender: visitor.gender as 'male' | 'female' | 'declined' } : {}),
  }
  const resolved = await resolveContactInput(db, input, null, { now: deps.now(), country: scope.settings.country })
  const errors = new FieldRefusals()
  for (const [field, message] of Object.entries(resolved.refusals.errors)) {
    const visitorField =
      field === 'phone' || field === 'email' ? `visitor_info_${field}` : field === 'first_name' || field === 'last_name' ? 'visitor_info_name' : field
    errors.set(visitorField, resolved.refusals.codes[field]!, message)
  }
  errors.throwIfAny()
  return { values: { ...resolved.values, is_visitor: true }, identity: resolved.identity, notKept: resolved.notKept }
}

export type VisitorContact =
  | { kind: 'created'; personId: number }
  | { kind: 'linked'; personId: number }
  /** A contact with these details exists that the caller may not open here. */
  | { kind: 'not_linked'; personId: null }

/**
 * In the caller's transaction: the contact the visitor is. A contact of this team the
 * caller may read that matches (email, phone, or name and gender) is linked, never
 * duplicated; when that contact is a child and the caller is under the child data gate,
 * linking would write the child's attendance: 403 child_data_gate, and the caller's
 * transaction saves nothing (spec 2 §5). A match the caller may not open (another team's
 * contact, one of this team they cannot read) is neither named nor duplicated: the visitor
 * stays without a contact. Otherwise a new contact of the team, as create-user adds one
 * (is_visitor), with its activity row and read model.
 */
export async function contactForVisitor(
  tx: Executor,
  deps: Pick<Deps, 'config' | 'now'>,
  viewer: Viewer,
  scope: TeamScope,
  plan: VisitorContactPlan,
  context: { eventId: number; eventDate: string },
): Promise<VisitorContact> {
  await lockContactsOfConference(tx, scope.team)
  try {
    // Not gated here: the match's id is needed to refuse a child below, and these details
    // never reach the answer.
    await assertNoDuplicate(
      tx,
      deps,
      { viewer, team: scope.team, gated: false, readsTeam: hasCapability(scope.role, 'read_contact'), disregardOtherTeams: false },
      plan.identity,
    )
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const data = error.details.data as { id: number } | null | undefined
    if (error.code === 'user_exists_in_this_team' && data) {
      await assertMayTouch(tx, scope, [data.id], deps.now())
      return { kind: 'linked', personId: data.id }
    }
    if (error.code === 'user_exists_in_this_team' || error.code === 'user_exists_in_other_team') return { kind: 'not_linked', personId: null }
    throw error
  }
  const id = await insertNewContact(tx, viewer, teamLevel(scope), plan.values)
  await refreshContactReadModel(tx, id, deps.now())
  await recordActivity(tx, {
    authorId: viewer.personId,
    teamId: scope.team.id,
    subjectType: 'user',
    subjectId: id,
    contactId: id,
    action: 'add',
    after: { ...plan.values, group_id: scope.team.id, source: 'event_attendance', event_id: context.eventId, event_date: context.eventDate },
  })
  return { kind: 'created', personId: id }
}
