import { z } from 'zod'
import { consentPermissions, parentCarerRelationships } from '../rules/contacts'
import { email as emailField } from '../rules/email'
import { flag, id, integer, personName, requiredPersonName, text } from '../rules/wire'
import { parentalConsentRecordSchema } from './consent-record'
import { teamGroupFields as scope } from './contact-shapes'
import { defineCall } from './define'
import { issueOf } from '../field-errors'

// Consent, built in (spec 2 §2.2, §2.3, §3.4, §4.2, §5, §7.3, §9; DESIGN.md §7; issue 13).
// The spec's outside service ("Consentia") is part of the product: a link /consent/{key}
// opens a public page where a parent or carer (or an adult contact, or a visitor of a QR
// card) answers. The call names are the spec's; consentia_id is the id of a consent record.
// consentPermissions (rules/contacts.ts) and parentalConsentRecordSchema (consent-record.ts)
// stand apart: the contact's item answer carries a consent record too.

/** The decisions a QR card may offer a visitor (spec 2 §9), in this order. */
export const qrDecisions = ['follow_jesus', 'learn_more', 'prayer', 'serve', 'newsletter'] as const
export type QrDecision = (typeof qrDecisions)[number]

/** A consent link works this long (issue 13: 30 days). */
export const consentKeyTtlMs = 30 * 24 * 60 * 60 * 1000
/** The embedded consent frame is the height it reports plus this (spec 2 §4.2). */
export const consentEmbedExtraHeight = 600
/** The consent link's events are bound this long after it shows (spec 2 §9). */
export const consentLinkBindingDelayMs = 600
/** The largest consent photo, signature or avatar (issue 13: 10 MB). */
export const maxConsentFileSize = 10 * 1024 * 1024
/** What a photo of a signed paper form may be, by content (issue 13). */
export const consentPhotoTypes = ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'] as const
/** The fields an adult contact may be asked to update by QR or link (spec 2 §7.3 consentia-qr-for-user). */
export const updatableByContactFields = ['first_name', 'last_name', 'email', 'phone', 'gender', 'dob', 'address'] as const
export type UpdatableByContactField = (typeof updatableByContactFields)[number]

/**
 * The window messages of the embedded consent page to the app around it (spec 2 §4.2):
 * its content height, and its completion. Same origin only: the app checks event.origin.
 */
export const consentEmbedMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('consent-embed-height'), height: z.number().int().min(0).max(100_000) }),
  z.object({ type: z.literal('consent-embed-complete') }),
])
export type ConsentEmbedMessage = z.infer<typeof consentEmbedMessageSchema>

const contactScope = { ...scope, user_id: id }
/** A key of /consent/{key}: 43 base64url characters (32 random bytes). */
export const consentKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.')
const keyParams = z.object({ key: consentKey })

const permissionList = z.array(z.enum(consentPermissions)).max(consentPermissions.length)

/** The parent's or carer's details, as the contact form names them (spec 2 §3.1). */
const parentFields = {
  parent_carer_first_name: requiredPersonName(100),
  parent_carer_last_name: personName(100).optional(),
  parent_carer_relationship: z
    .enum(parentCarerRelationships)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  parent_carer_email: emailField
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  parent_carer_phone: text(40).nullable().optional(),
}

/** The latest link of a contact (spec 2 §4.2 automatic: requested → viewed → submitted). */
export const consentRequestStatusSchema = z.object({
  status: z.enum(['requested', 'viewed', 'submitted']),
  sent_to: z.string().nullable(),
  created_display: z.string(),
  sent_display: z.string().nullable(),
  viewed_display: z.string().nullable(),
  submitted_display: z.string().nullable(),
  expires_display: z.string(),
})

export const contactConsentsResponse = z.object({
  /** Newest first; revoked ones too (with revoked_display). */
  items: z.array(parentalConsentRecordSchema),
  /** The latest parental link, if one was made. */
  request: consentRequestStatusSchema.nullable(),
  /** Whether the caller may request, record and revoke consent here. */
  can_update: z.boolean(),
})
export type ContactConsents = z.infer<typeof contactConsentsResponse>

const urlAnswer = z.object({ url: z.string() })
/** qr_code: the link as a PNG data URL, to show or print. */
const qrAnswer = z.object({ qr_code: z.string(), url: z.string() })
const done = z.object({ success: z.literal(true), success_message: z.string().optional() })

/** A QR card for people not yet known (spec 2 §7.3 consentia-qr-new, §9). */
export const qrCardSettingsSchema = z.object({
  /** The decision checkboxes the card offers. */
  decisions: z.array(z.enum(qrDecisions)).max(qrDecisions.length).default([]),
  /** 'self': each new contact is assigned to the card's creator. */
  assign: z.enum(['', 'self']).default(''),
})

const fieldsAsked = z.array(z.enum(updatableByContactFields)).min(1, 'Choose at least one field').max(updatableByContactFields.length)

export const submitParentalConsentVerbalRequest = z.object({
  ...contactScope,
  /** 'I understand and confirm that other options are unavailable' (spec 2 §4.2, §5). */
  verbal_confirmed: flag.refine((value) => value, issueOf('verbal_confirm_required')),
  /** Permission key → granted (true) or denied (false); a key left out is denied. */
  granted_permissions: z.partialRecord(z.enum(consentPermissions), flag).default({}),
  ...parentFields,
  notes: text(5000).nullable().optional(),
  date: z.iso.date(),
})

/** What the consent page shows before it is answered (public: the key is the proof). */
export const consentPageResponse = z.object({
  purpose: z.enum(['parental', 'contact', 'new_contact']),
  /** signature: the person signs on the page; photo: a photo of a signed paper form is uploaded. */
  mode: z.enum(['signature', 'photo']),
  team_name: z.string(),
  requested_by_name: z.string().nullable(),
  /** The person the consent is about: a child's first name only; null for a QR card. */
  contact_first_name: z.string().nullable(),
  /** parental: the parent's details already known, to check or correct. */
  parent: z
    .object({
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      relationship: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  /** contact: the fields asked for. */
  fields: z.array(z.enum(updatableByContactFields)),
  /** new_contact: the decisions offered. */
  decisions: z.array(z.enum(qrDecisions)),
  permissions: z.array(z.enum(consentPermissions)),
})
export type ConsentPage = z.infer<typeof consentPageResponse>

/** The parent's answer on the page: multipart, with the signature (PNG) or the photo as its file. */
export const submitConsentRequest = z.object({
  ...parentFields,
  granted_permissions: z.union([permissionList, z.enum(consentPermissions).transform((one) => [one])]).default([]),
  notes: text(5000).nullable().optional(),
  /** photo mode: the date on the paper form. */
  date: z.iso.date().optional(),
})

const personDetails = {
  first_name: requiredPersonName(100),
  last_name: personName(100).optional(),
  email: emailField
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  phone: text(40).nullable().optional(),
  gender: z
    .enum(['male', 'female', 'declined'])
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  dob_month: integer(1, 12).nullable().optional(),
  dob_year: integer(1900, 2100).nullable().optional(),
  address_formatted: text(300).nullable().optional(),
  /** 'I agree to be contacted' (issue 13): required. */
  consent: flag.refine((value) => value, issueOf('agree_required')),
}

export const submitNewContactRequest = z.object({
  ...personDetails,
  decisions: z.union([z.array(z.enum(qrDecisions)).max(qrDecisions.length), z.enum(qrDecisions).transform((one) => [one])]).default([]),
})

export const submitContactUpdateRequest = z.object({ ...personDetails, first_name: requiredPersonName(100).optional() })

const fileOf = { maxFiles: 1, maxFileSize: maxConsentFileSize }

export const consentCalls = {
  contactConsents: defineCall({
    method: 'GET',
    path: '/contact-consents/:id',
    params: z.object({ id }),
    request: z.object(scope),
    response: contactConsentsResponse,
    summary: "The contact's consents on record (newest first) and the latest link's status",
  }),
  consentiaEmbedUrl: defineCall({
    method: 'POST',
    path: '/consentia-embed-url',
    request: z.object(contactScope),
    response: urlAnswer,
    summary: 'A link to the embedded form where a photo of a signed consent form is uploaded',
  }),
  consentiaEmbedUrlForParentalConsent: defineCall({
    method: 'POST',
    path: '/consentia-embed-url-for-parental-consent',
    request: z.object(contactScope),
    response: urlAnswer,
    summary: 'A link to the embedded form where the parent or carer consents and signs on this device',
  }),
  consentiaQrForParent: defineCall({
    method: 'POST',
    path: '/consentia-qr-for-parent',
    request: z.object(contactScope),
    response: qrAnswer,
    summary: "The parent's consent link and its QR code",
  }),
  consentiaQrForUser: defineCall({
    method: 'POST',
    path: '/consentia-qr-for-user',
    request: z.object({ ...contactScope, fields: fieldsAsked }),
    response: qrAnswer,
    summary: 'A link (and QR code) where an adult contact consents and updates the chosen fields',
  }),
  consentiaQrNew: defineCall({
    method: 'POST',
    path: '/consentia-qr-new',
    request: z.object({ ...scope, settings: qrCardSettingsSchema }),
    response: qrAnswer,
    summary: 'A QR card through which new people enter their details and become contacts of the team',
  }),
  emailConsentiaQrUrlToParent: defineCall({
    method: 'POST',
    path: '/email-consentia-qr-url-to-parent',
    request: z.object(contactScope),
    response: done,
    summary: "Mails the consent link to the contact's parent or carer",
  }),
  emailConsentiaQrUrlToNewUser: defineCall({
    method: 'POST',
    path: '/email-consentia-qr-url-to-new-user',
    request: z.object({ ...scope, user_name: requiredPersonName(200), user_email: emailField, settings: qrCardSettingsSchema.optional() }),
    response: done,
    summary: 'Mails a new-contact link to a person not yet known',
  }),
  emailConsentiaQrUrlToUser: defineCall({
    method: 'POST',
    path: '/email-consentia-qr-url-to-user',
    request: z.object({ ...contactScope, user_name: requiredPersonName(200), user_email: emailField, fields: fieldsAsked }),
    response: done,
    summary: 'Mails an adult contact the link to consent and update the chosen fields',
  }),
  submitParentalConsentVerbal: defineCall({
    method: 'POST',
    path: '/submit-parental-consent-verbal',
    request: submitParentalConsentVerbalRequest,
    response: z.object({ id: z.number().int(), success_message: z.string().optional() }),
    summary: "Records a parent's or carer's verbal consent",
  }),
  consentiaGetSignatureUrl: defineCall({
    method: 'GET',
    path: '/consentia-get-signature-url',
    request: z.object({ ...scope, consentia_id: id, signature_id: id }),
    response: z.any(),
    summary: "A consent's signature, as a PNG image",
  }),
  consentiaGetParentalConsentPhotoUrl: defineCall({
    method: 'GET',
    path: '/consentia-get-parental-consent-photo-url',
    request: z.object({ ...scope, consentia_id: id, photo_id: id }),
    response: z.any(),
    summary: "A consent's photo of the signed form (JPEG, PNG, HEIC or PDF)",
  }),
  consentiaGetPhotoUrl: defineCall({
    method: 'GET',
    path: '/consentia-get-photo-url',
    request: z.object({ ...scope, user_id: id, photo_id: id }),
    response: z.any(),
    summary: "A contact's photo (avatar)",
  }),
  uploadContactAvatar: defineCall({
    method: 'POST',
    path: '/upload-contact-avatar',
    request: z.object(contactScope),
    response: z.object({ avatar: z.string(), success_message: z.string().optional() }),
    summary: "Sets the contact's photo (JPEG, PNG or HEIC by content, at most 10 MB; location metadata removed)",
    files: fileOf,
  }),
  revokeParentConsent: defineCall({
    method: 'POST',
    path: '/revoke-parent-consent',
    request: z.object({ ...contactScope, consentia_id: id, granted_to_user_id: id.nullable().optional() }),
    response: done,
    summary: 'Revokes a consent: the record stays, with the date and who revoked it',
  }),
  // The consent page's own calls: public, the key is the proof (single use, 30 days).
  consentPage: defineCall({
    method: 'GET',
    path: '/consent-page/:key',
    params: keyParams,
    request: z.object({}),
    response: consentPageResponse,
    summary: 'What the consent page shows; the first open marks the link viewed',
  }),
  submitConsent: defineCall({
    method: 'POST',
    path: '/submit-consent/:key',
    params: keyParams,
    request: submitConsentRequest,
    response: done,
    summary: "The parent's or carer's answer: permissions, details and the signature (or the form's photo)",
    files: fileOf,
  }),
  submitNewContact: defineCall({
    method: 'POST',
    path: '/submit-consent-new-contact/:key',
    params: keyParams,
    request: submitNewContactRequest,
    response: done,
    summary: "A visitor's details and decisions through a QR card: a new contact of the team",
  }),
  submitContactUpdate: defineCall({
    method: 'POST',
    path: '/submit-consent-contact/:key',
    params: keyParams,
    request: submitContactUpdateRequest,
    response: done,
    summary: "An adult contact's consent and the fields they were asked to update",
  }),
}
