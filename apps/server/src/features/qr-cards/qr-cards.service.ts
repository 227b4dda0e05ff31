import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { consentKeyTtlMs, type consentCalls, type UpdatableByContactField } from '@crm/domain'
import type { Executor } from '../../db/client'
import { memberships, people } from '../../db/schema/index'
import { type GroupScope, type Viewer } from '../../platform/access'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { displayDate } from '../../platform/format'
import { queueMail } from '../../platform/mail'
import { issueConsentRequest, qrCodeOf } from '../consent/consent-requests'
import { refuseField } from '../../platform/field-refusals'

// QR cards and update links (spec 2 §7.3 consentia-qr-new, consentia-qr-for-user and their
// mails, §9; issue 13 item 5): a card through which visitors become contacts of the team,
// and a link through which an adult contact consents and updates the fields asked for. What
// their visitors send back is qr-card-answers.service.ts.

type Calls = typeof consentCalls
type CardSettings = z.output<Calls['consentiaQrNew']['request']>['settings']

export const childDetailsMessage = "A child's details are given by their parent or carer: ask for parental consent instead."

const groupIdOf = (scope: GroupScope) => (scope.group.id === scope.team.id ? null : scope.group.id)

function newCard(deps: Deps, viewer: Viewer, scope: GroupScope, settings: CardSettings, sentTo: string | null = null, tx: Executor = deps.db) {
  return issueConsentRequest(tx, deps, {
    purpose: 'new_contact',
    teamId: scope.team.id,
    groupId: groupIdOf(scope),
    contactId: null,
    requestedById: viewer.personId,
    settings: { decisions: settings.decisions, assign: settings.assign, group_id: scope.group.id },
    sentTo,
  })
}

async function nameOf(db: Executor, personId: number, fallback: string): Promise<string> {
  const [person] = await db.select({ first_name: people.first_name, last_name: people.last_name }).from(people).where(eq(people.id, personId))
  return [person?.first_name, person?.last_name].filter(Boolean).join(' ') || fallback
}

function expiryOf(deps: Deps, scope: GroupScope): string {
  return displayDate(new Date(deps.now().getTime() + consentKeyTtlMs), 'en', scope.settings.timeZone)
}

/** consentia-qr-new: a card to print or show; each visitor who answers becomes a contact. */
export async function makeNewContactCard(deps: Deps, viewer: Viewer, scope: GroupScope, settings: CardSettings) {
  const { url } = await newCard(deps, viewer, scope, settings)
  return { url, qr_code: await qrCodeOf(url) }
}

/** email-consentia-qr-url-to-new-user: the card's link, mailed to one person not yet known. */
export async function emailNewContactLink(
  deps: Deps,
  viewer: Viewer,
  scope: GroupScope,
  input: { user_name: string; user_email: string; settings?: CardSettings | undefined },
) {
  const askerName = await nameOf(deps.db, viewer.personId, deps.config.siteName)
  await deps.db.transaction(async (tx) => {
    const { url } = await newCard(deps, viewer, scope, input.settings ?? { decisions: [], assign: '' }, input.user_email, tx)
    await queueMail(tx, deps, {
      to: input.user_email,
      template: 'consent_new_contact',
      subject: `${scope.team.title}: stay in touch`,
      text: [
        `Hello ${input.user_name},`,
        '',
        `${askerName} of ${scope.team.title} would like to stay in touch with you.`,
        'Open this link to give your details and say how we may contact you:',
        '',
        url,
        '',
        `The link works until ${expiryOf(deps, scope)}.`,
        'If you did not expect this mail, you can ignore it.',
      ].join('\n'),
    })
  })
  return { success: true as const, success_message: 'The link has been sent.' }
}

/**
 * The contact asked to update their details must be an adult the team owns and may edit as
 * update-user does: a child's details are the parent's to give (400), a user of the team
 * keeps their own profile and another team's contact is that team's to edit (403).
 */
async function loadAdultToAsk(deps: Deps, scope: ContactScope) {
  assertChildDataAllowed(scope)
  if (scope.isChild) throw refuseField('user_id', 'child_details_by_parent', { message: childDetailsMessage, asMessage: true })
  const [membership] = await deps.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.person_id, scope.contact.id), eq(memberships.team_id, scope.team.id)))
  if (membership) throw new AppError('forbidden', { reason: 'member_of_team' }, 'A user of this team edits their own profile.')
  if (!scope.teamContact.is_owner) throw new AppError('forbidden', { reason: 'not_owner' }, 'Only a team that owns the contact edits it.')
}

function newUpdateLink(tx: Executor, deps: Deps, viewer: Viewer, scope: ContactScope, fields: UpdatableByContactField[], sentTo: string | null = null) {
  return issueConsentRequest(tx, deps, {
    purpose: 'contact',
    teamId: scope.team.id,
    groupId: groupIdOf(scope),
    contactId: scope.contact.id,
    requestedById: viewer.personId,
    settings: { fields: [...new Set(fields)] },
    sentTo,
  })
}

/** consentia-qr-for-user: a link (and its QR code) where the contact consents and updates the fields asked for. */
export async function makeContactUpdateQr(deps: Deps, viewer: Viewer, scope: ContactScope, fields: UpdatableByContactField[]) {
  await loadAdultToAsk(deps, scope)
  const { url } = await newUpdateLink(deps.db, deps, viewer, scope, fields)
  return { url, qr_code: await qrCodeOf(url) }
}

/** email-consentia-qr-url-to-user: the same link, mailed; the contact's page shows it sent. */
export async function emailContactUpdateLink(
  deps: Deps,
  viewer: Viewer,
  scope: ContactScope,
  input: { user_name: string; user_email: string; fields: UpdatableByContactField[] },
) {
  await loadAdultToAsk(deps, scope)
  const askerName = await nameOf(deps.db, viewer.personId, deps.config.siteName)
  await deps.db.transaction(async (tx) => {
    const { url } = await newUpdateLink(tx, deps, viewer, scope, input.fields, input.user_email)
    await queueMail(tx, deps, {
      to: input.user_email,
      template: 'consent_contact_update',
      subject: `${scope.team.title}: please check your details`,
      text: [
        `Hello ${input.user_name},`,
        '',
        `${askerName} of ${scope.team.title} asks you to check your details and to say whether we may stay in touch.`,
        '',
        url,
        '',
        `The link works once, until ${expiryOf(deps, scope)}.`,
        'If you did not expect this mail, you can ignore it.',
      ].join('\n'),
    })
    const now = deps.now()
    await tx.update(people).set({ consent_url_sent_at: now, consent_url_sent_to: input.user_email }).where(eq(people.id, scope.contact.id))
  })
  return { success: true as const, success_message: 'The link has been sent.' }
}

/** The fields a visitor or contact typed, as the contact form names them. */
