import { useMutation } from '@tanstack/react-query'
import { consentCalls, type QrDecision, type TeamGroupParams, type UpdatableByContactField } from '@crm/domain'
import { callApi } from '../../lib/api'

/** What a QR card for new people offers (spec 2 §7.3 consentia-qr-new, §9). */
export interface QrCardSettings {
  decisions: QrDecision[]
  assign: '' | 'self'
}

/** A person to mail a link to. */
export interface LinkRecipient {
  user_name: string
  user_email: string
}

/** POST consentia-qr-new: a QR card's link and its QR code. */
export function useCreateQrCard(scope: TeamGroupParams) {
  return useMutation({
    mutationFn: (settings: QrCardSettings) => callApi(consentCalls.consentiaQrNew, { input: { ...scope, settings } }),
  })
}

/** POST email-consentia-qr-url-to-new-user: mails a QR card's link to a person not yet known. */
export function useEmailQrCard(scope: TeamGroupParams) {
  return useMutation({
    mutationFn: ({ settings, ...recipient }: LinkRecipient & { settings: QrCardSettings }) =>
      callApi(consentCalls.emailConsentiaQrUrlToNewUser, { input: { ...scope, ...recipient, settings } }),
  })
}

/** POST consentia-qr-for-user: the link (and QR code) where an adult contact updates the chosen fields. */
export function useCreateUpdateLink(contactId: number, scope: TeamGroupParams) {
  return useMutation({
    mutationFn: (fields: UpdatableByContactField[]) => callApi(consentCalls.consentiaQrForUser, { input: { ...scope, user_id: contactId, fields } }),
  })
}

/** POST email-consentia-qr-url-to-user: mails the contact that link. */
export function useEmailUpdateLink(contactId: number, scope: TeamGroupParams) {
  return useMutation({
    mutationFn: ({ fields, ...recipient }: LinkRecipient & { fields: UpdatableByContactField[] }) =>
      callApi(consentCalls.emailConsentiaQrUrlToUser, { input: { ...scope, user_id: contactId, ...recipient, fields } }),
  })
}
