import { and, asc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  capabilityMap,
  contactFieldsSchema,
  fieldsWithoutConsent,
  hasCapability,
  type ChildGate,
  type ContactItem,
  type ContactRole,
  type Ownership,
} from '@crm/domain'
import { memberships, people, teamContacts, teams } from '../../db/schema/index'
import type { GroupScope, Viewer } from '../../platform/access'
import type { ContactScope } from '../../platform/contact-access'
import { recordMinorRead } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { fullName, oneOf } from '../../platform/format'
import { findUpcomingInteraction } from '../interactions/list.service'
import { contactInterestItems } from '../interests/interests.service'
import { consentsForItem } from '../consent/consent-record-views'
import { contactViewOf, loadContactLookups } from './contact-view'

/** Every field a contact form may send. */
const allFields = Object.keys(contactFieldsSchema.shape)
/** What records consent (spec 2 §2), offered while there is none yet. */
const consentFields = ['consent_type', 'consent_date', 'consent_content', 'consent_verbal_confirmed']

/**
 * The fields the caller may send (auth.fields): none without an update capability; with no
 * consent on record only the name and gender, and the consent itself (spec 2 §4).
 */
export function contactFieldsFor(role: ContactRole, hasConsent: boolean): string[] {
  if (!hasCapability(role, 'update_contact') && !hasCapability(role, 'update_assigned_contact')) return []
  return hasConsent ? allFields : [...fieldsWithoutConsent, ...consentFields]
}

interface TeamHolding {
  team_id: number
  title: string
  teamContact: typeof teamContacts.$inferSelect
  requested_by: { id: number; first_name: string; last_name: string } | null
}

/** Every team that holds the person, oldest first, with who asked for it. */
async function loadHoldings(deps: Deps, contactId: number): Promise<TeamHolding[]> {
  const requester = alias(people, 'requester')
  const rows = await deps.db
    .select({
      team_id: teams.id,
      title: teams.title,
      teamContact: teamContacts,
      requester: { id: requester.id, first_name: requester.first_name, last_name: requester.last_name },
    })
    .from(teamContacts)
    .innerJoin(teams, eq(teams.id, teamContacts.team_id))
    .leftJoin(requester, eq(requester.id, teamContacts.requested_by_id))
    .where(eq(teamContacts.person_id, contactId))
    .orderBy(asc(teamContacts.created_at), asc(teamContacts.id))
  return rows.map((row) => ({ ...row, requested_by: row.requester?.id ? row.requester : null }))
}

/** Ownership as the current team sees it (spec 2 §3.5). */
function ownershipOf(holdings: TeamHolding[], current: TeamHolding, isMember: boolean): Ownership {
  const owners = holdings.filter((holding) => holding.teamContact.is_owner).map((holding) => ({ id: holding.team_id, title: holding.title }))
  const ownedHere = current.teamContact.is_owner
  return {
    has_owner: owners.length > 0,
    is_owned_by_current_team: ownedHere,
    is_member_of_current_team: isMember,
    has_multiple_owners: owners.length > 1,
    primary_owner: owners[0] ?? null,
    owners,
    current_team_is_awaiting_approval: current.teamContact.state === 'awaiting_approval',
    // Only the owner decides on other teams' requests, so only the owner sees them.
    other_team_is_awaiting_approval_data: ownedHere
      ? holdings
          .filter((holding) => holding.team_id !== current.team_id && holding.teamContact.state === 'awaiting_approval')
          .map((holding) => ({
            team: { id: holding.team_id, title: holding.title },
            requested_by: holding.requested_by
              ? { id: holding.requested_by.id, name: fullName(holding.requested_by.first_name, holding.requested_by.last_name) }
              : null,
          }))
      : [],
  }
}

const noExpectations = {
  follow_up: false,
  follow_up_completed: false,
  bible_study: false,
  bible_study_completed: false,
  baptism: false,
  baptism_completed: false,
}

/**
 * GET contact/{id}: the contact as the current team sees it. Its details are withheld
 * (data_view and data_edit null) while the team awaits the owner's approval, and from a
 * caller under the child data gate when the contact is a child (spec 2 §4, §5).
 */
export async function getContactItem(deps: Deps, viewer: Viewer, scope: ContactScope, requestedLocale?: string): Promise<ContactItem> {
  const contactId = scope.contact.id
  const locale = requestedLocale ?? viewer.locale
  const [[person], holdings, [membership], lookups, nextInteraction, interests, consents] = await Promise.all([
    deps.db.select().from(people).where(eq(people.id, contactId)),
    loadHoldings(deps, contactId),
    deps.db
      .select({ role: memberships.role, hidden_in_contacts: memberships.hidden_in_contacts })
      .from(memberships)
      .where(and(eq(memberships.person_id, contactId), eq(memberships.team_id, scope.team.id))),
    loadContactLookups(deps.db, locale),
    findUpcomingInteraction(deps.db, { id: contactId, teamId: scope.team.id }, { now: deps.now(), locale, timeZone: scope.settings.timeZone }),
    contactInterestItems(deps.db, contactId, locale),
    consentsForItem(deps.db, { ...viewer, locale }, scope),
  ])
  const current = holdings.find((holding) => holding.team_id === scope.team.id)
  if (!person || !current) throw new AppError('not_found')
  await recordMinorRead(deps.db, { authorId: viewer.personId, teamId: scope.team.id, contactId, isChild: scope.isChild, what: 'record' })

  const awaiting = current.teamContact.state === 'awaiting_approval'
  const childGate = scope.isChild ? scope.childGate : null
  const withheld = awaiting || childGate !== null
  const hasConsent = oneOf(['direct', 'photo', 'verbal'] as const, person.consent_type) !== null && !person.consent_declined
  const isMember = membership !== undefined && membership.role !== 'member_request'
  const context = {
    teamContact: current.teamContact,
    isAssigned: scope.isAssigned,
    isExisting: holdings.some((holding) => holding.team_id !== current.team_id && holding.teamContact.created_at < current.teamContact.created_at),
    hiddenInContacts: membership?.hidden_in_contacts ?? false,
    lookups,
    now: deps.now(),
    locale,
    timeZone: scope.settings.timeZone,
    nextInteraction,
    interests,
    photoScope: { teamId: scope.team.id, groupId: scope.group.id },
  }
  const dataView = contactViewOf(person, { ...context, phoneFormat: 'international' })
  return {
    data_view: withheld ? null : dataView,
    data_view_simple: {
      id: dataView.id,
      // A gated caller learns that the record is a child's and whom to ask, not the child's
      // name (issue 33): the page names it 'A child'.
      name: childGate ? '' : dataView.name,
      first_name: childGate ? '' : dataView.first_name,
      last_name: childGate ? '' : dataView.last_name,
      gender: childGate ? null : dataView.gender,
      avatar: childGate ? null : dataView.avatar,
      is_child: dataView.is_child,
    },
    data_edit: withheld ? null : contactViewOf(person, { ...context, phoneFormat: 'e164' }),
    ownership: ownershipOf(holdings, current, isMember),
    expect: withheld
      ? noExpectations
      : {
          follow_up: person.expect_follow_up,
          follow_up_completed: person.expect_follow_up_completed,
          bible_study: person.expect_bible_study,
          bible_study_completed: person.expect_bible_study_completed,
          baptism: person.expect_baptism,
          baptism_completed: person.expect_baptism_completed,
        },
    auth: {
      user_capabilities: capabilityMap(scope.contactRole),
      user_role: scope.contactRole,
      fields: withheld ? [] : contactFieldsFor(scope.contactRole, hasConsent),
    },
    child_gate: childGate,
    parental_consent_for_current_user: withheld ? null : consents.forCaller,
    // The latest consent on record; without one (an adult's consent given in the form) the person's.
    most_recent_consent: withheld ? null : consents.mostRecent(person),
  }
}

/** GET contact-access-for-new: what the caller may fill in for a new contact of the group. */
export async function getContactAccessForNew(
  deps: Deps,
  viewer: Viewer,
  scope: GroupScope,
): Promise<{ can_create: boolean; fields: string[]; child_gate: ChildGate | null; public_notes: boolean }> {
  const canCreate = hasCapability(scope.groupRole, 'create_contact')
  return {
    can_create: canCreate,
    fields: canCreate ? allFields : [],
    child_gate: scope.childGate,
    public_notes: scope.settings.publicNotes,
  }
}
