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
