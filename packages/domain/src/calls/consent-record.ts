import { z } from 'zod'
import { consentPermissions } from '../rules/contacts'

// The consent record's shape, on its own: the contact's item answer (contact-shapes.ts) and
// the Consent tab's list (consent.ts) both carry it.

/** A consent on record (spec 2 §3.4), as the Consent tab shows it. */
export const parentalConsentRecordSchema = z.object({
  id: z.number().int(),
  consentia_id: z.number().int(),
  type: z.enum(['direct', 'photo', 'verbal']),
  by_name: z.string(),
  by_relationship: z.string().nullable(),
  by_email: z.string().nullable(),
  by_phone: z.string().nullable(),
  created_display: z.string(),
  /** The date the consent was given (verbal and photo: as entered; direct: when signed). */
  consent_date: z.string(),
  notes: z.string().nullable(),
  /** The signature's file id (consentia-get-signature-url), or null. */
  signature: z.number().int().nullable(),
  /** The photo's file id (consentia-get-parental-consent-photo-url), or null. */
  photo_evidence: z.number().int().nullable(),
  to_id: z.number().int().nullable(),
  to_name: z.string().nullable(),
  granted_permissions: z.array(z.enum(consentPermissions)),
  denied_permissions: z.array(z.enum(consentPermissions)),
  /** The team's other people who follow the contact (assigned to it), by name. */
  other_team_members: z.array(z.string()),
  revoked_display: z.string().nullable(),
  revoked_by_name: z.string().nullable(),
})
export type ParentalConsentRecord = z.infer<typeof parentalConsentRecordSchema>

/**
 * GET contact/{id}'s most_recent_consent: spec 2 §3.4's record of the latest consent of the
 * team that is not revoked. With none on record, the contact's own consent given without a
 * record (an adult's in the contact form or through their link, or an import): `id` and
 * `consentia_id` are then null, nothing can be revoked, and no permission was answered.
 */
export const mostRecentConsentSchema = parentalConsentRecordSchema.extend({
  id: z.number().int().nullable(),
  consentia_id: z.number().int().nullable(),
  /** The consent's date, YYYY-MM-DD (consent_date is the same for display). */
  date: z.string().nullable(),
  /** What was agreed: the record's notes. */
  content: z.string().nullable(),
})
export type MostRecentConsent = z.infer<typeof mostRecentConsentSchema>
