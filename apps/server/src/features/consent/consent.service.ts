import { eq } from 'drizzle-orm'
import { ageFrom, consentKeyTtlMs, isChild } from '@crm/domain'
import type { Executor } from '../../db/client'
import { people } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { displayDate } from '../../platform/format'
import { queueMail } from '../../platform/mail'
import { consentPageUrl, issueConsentRequest, qrCodeOf } from './consent-requests'
import { FieldRefusals, refuseField } from '../../platform/field-refusals'

// Asking for a parent's or carer's consent (spec 2 §4.2, §7.3; issue 13 item 2): a link to
// the public consent page, shown as a QR code, mailed, or embedded in the app.

type PersonRow = typeof people.$inferSelect

export const notAChildMessage = 'Parental consent is asked only for a contact under 18.'

async function loadPerson(db: Executor, contactId: number): Promise<PersonRow> {
  const [person] = await db.select().from(people).where(eq(people.id, contactId))
  if (!person) throw new AppError('not_found')
  return person
}

/**
 * The child whose parent is asked, with the parent's details: a first name and an email or
 * phone come before any link is made (spec 2 §4.2), else 400 with the fields to fill in.
 */
async function loadChildWithParent(deps: Deps, scope: ContactScope): Promise<PersonRow> {
  assertChildDataAllowed(scope)
  const person = await loadPerson(deps.db, scope.contact.id)
  if (!isChild(ageFrom(person.dob_year, person.dob_month, deps.now()))) {
    throw refuseField('user_id', 'not_a_child', { message: notAChildMessage, asMessage: true })
  }
  const errors = new FieldRefusals()
  if (!person.parent_carer_first_name) errors.set('parent_carer_first_name', 'required', "Enter the parent's or carer's first name first.")
  if (!person.parent_carer_email && !person.parent_carer_phone) {
    errors.set('parent_carer_email', 'parent_contact_required', "Enter the parent's or carer's email or phone first.")
  }
  errors.throwIfAny()
  return person
}

function newParentalRequest(deps: Deps, viewer: Viewer, scope: ContactScope, mode: 'signature' | 'photo', sentTo: string | null = null) {
  return issueConsentRequest(deps.db, deps, {
    purpose: 'parental',
    teamId: scope.team.id,
    groupId: scope.group.id === scope.team.id ? null : scope.group.id,
    contactId: scope.contact.id,
    requestedById: viewer.personId,
    settings: { mode },
    sentTo,
  })
}

/** consentia-qr-for-parent: the link and its QR code, for the parent's own phone. */
export async function makeParentQr(deps: Deps, viewer: Viewer, scope: ContactScope) {
  await loadChildWithParent(deps, scope)
  const { url } = await newParentalRequest(deps, viewer, scope, 'signature')
  return { url, qr_code: await qrCodeOf(url) }
}

/** consentia-embed-url-for-parental-consent: the parent answers and signs on this device. */
export async function makeParentEmbedUrl(deps: Deps, viewer: Viewer, scope: ContactScope) {
  await loadChildWithParent(deps, scope)
  const { key } = await newParentalRequest(deps, viewer, scope, 'signature')
  return { url: consentPageUrl(deps.config.publicUrl, key, { embed: true }) }
}

/**
 * consentia-embed-url: the form where a photo of a signed paper form is uploaded. It works
 * for any contact (an adult's own signed form too), so the parent's details are not needed.
 */
export async function makePhotoEmbedUrl(deps: Deps, viewer: Viewer, scope: ContactScope) {
  assertChildDataAllowed(scope)
  const { key } = await newParentalRequest(deps, viewer, scope, 'photo')
  return { url: consentPageUrl(deps.config.publicUrl, key, { embed: true }) }
}

/**
 * email-consentia-qr-url-to-parent: mails the link through the outbox. The mail names who
 * asks (person and church) and the child by first name only, nothing more of the child.
 */
export async function emailParentLink(deps: Deps, viewer: Viewer, scope: ContactScope) {
  const person = await loadChildWithParent(deps, scope)
  const to = person.parent_carer_email
  if (!to) throw refuseField('parent_carer_email', 'parent_email_required')
  const [asker] = await deps.db.select({ first_name: people.first_name, last_name: people.last_name }).from(people).where(eq(people.id, viewer.personId))
  const askerName = [asker?.first_name, asker?.last_name].filter(Boolean).join(' ') || deps.config.siteName
  await deps.db.transaction(async (tx) => {
    const { url } = await issueConsentRequest(tx, deps, {
      purpose: 'parental',
      teamId: scope.team.id,
      groupId: scope.group.id === scope.team.id ? null : scope.group.id,
      contactId: scope.contact.id,
      requestedById: viewer.personId,
      settings: { mode: 'signature' },
      sentTo: to,
    })
    const now = deps.now()
    const expires = displayDate(new Date(now.getTime() + consentKeyTtlMs), 'en', scope.settings.timeZone)
    await queueMail(tx, deps, {
      to,
      template: 'consent_request',
      subject: `${scope.team.title}: consent for ${person.first_name}`,
      text: [
        `Hello ${person.parent_carer_first_name},`,
        '',
        `${askerName} of ${scope.team.title} asks for your consent to stay in touch with ${person.first_name}.`,
        'Open this link to read what is asked, choose what you allow, and sign:',
        '',
        url,
        '',
        `The link works once, until ${expires}.`,
        'If you did not expect this mail, you can ignore it.',
      ].join('\n'),
    })
    await tx.update(people).set({ consent_url_sent_at: now, consent_url_sent_to: to }).where(eq(people.id, scope.contact.id))
  })
  return { success: true as const, success_message: `The link was sent to ${to}.` }
}
