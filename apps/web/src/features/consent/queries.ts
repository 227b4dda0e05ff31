import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { consentCalls, type TeamGroupParams } from '@crm/domain'
import { callApi, fetchApiBlob, postApiMultipart, type InputOf } from '../../lib/api'
import { useObjectUrl, type ObjectUrlState } from '../../lib/use-object-url'
import { contactKeys } from '../contacts/queries'

/** Under the contact's key: a consent change reads the contact (its consent flags) again too. */
export const consentKeys = {
  all: (id: number) => [...contactKeys.detail(id), 'consents'] as const,
  list: (id: number, scope: TeamGroupParams) => [...consentKeys.all(id), scope.team_id, scope.group_id] as const,
}

/** GET contact-consents/{id}: the records, newest first, and the latest link's status. */
export function contactConsentsQueryOptions(id: number, scope: TeamGroupParams, enabled = true) {
  return queryOptions({
    queryKey: consentKeys.list(id, scope),
    queryFn: ({ signal }) => callApi(consentCalls.contactConsents, { params: { id }, input: scope, signal }),
    enabled,
  })
}

export function useContactConsents(id: number, scope: TeamGroupParams, enabled = true) {
  return useQuery(contactConsentsQueryOptions(id, scope, enabled))
}

/** Reads the contact and everything cached about it again (its consent flags, the tab, the banners). */
export function useRefreshContact(id: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: contactKeys.detail(id) })
}

function useConsentWrite<T, R>(id: number, write: (variables: T) => Promise<R>) {
  const refresh = useRefreshContact(id)
  return useMutation({ mutationFn: write, onSuccess: () => refresh() })
}

/** POST upload-contact-avatar: a new photo of the contact, sent as multipart. */
export function useUploadContactAvatar(id: number, scope: TeamGroupParams) {
  return useConsentWrite(id, (file: File) =>
    postApiMultipart(consentCalls.uploadContactAvatar, { input: { ...scope, user_id: id }, file: { field: 'file', blob: file, filename: file.name } }),
  )
}

/** POST revoke-parent-consent: the record stays, with the date and who revoked it. */
export function useRevokeConsent(id: number, scope: TeamGroupParams) {
  return useConsentWrite(id, (consentiaId: number) =>
    callApi(consentCalls.revokeParentConsent, { input: { ...scope, user_id: id, consentia_id: consentiaId } }),
  )
}

/** POST consentia-qr-for-parent: the parent's link and its QR code (a new link each time). */
export function useParentQr(id: number, scope: TeamGroupParams) {
  return useConsentWrite(id, () => callApi(consentCalls.consentiaQrForParent, { input: { ...scope, user_id: id } }))
}

/** POST email-consentia-qr-url-to-parent: the link by mail, through the outbox. */
export function useEmailParentLink(id: number, scope: TeamGroupParams) {
  return useConsentWrite(id, () => callApi(consentCalls.emailConsentiaQrUrlToParent, { input: { ...scope, user_id: id } }))
}

/** The two embedded forms: a photo of a signed form, or the parent signing on this device. */
export type EmbedKind = 'photo' | 'sign'

const embedCalls = {
  photo: consentCalls.consentiaEmbedUrl,
  sign: consentCalls.consentiaEmbedUrlForParentalConsent,
} as const

/** POST consentia-embed-url or consentia-embed-url-for-parental-consent. */
export function useEmbedUrl(id: number, scope: TeamGroupParams) {
  return useMutation({
    mutationFn: (kind: EmbedKind) => callApi(embedCalls[kind], { input: { ...scope, user_id: id } }),
  })
}

export type VerbalConsentInput = Omit<InputOf<typeof consentCalls.submitParentalConsentVerbal>, 'team_id' | 'group_id' | 'user_id'>

/** POST submit-parental-consent-verbal. */
export function useSubmitVerbalConsent(id: number, scope: TeamGroupParams) {
  return useConsentWrite(id, (input: VerbalConsentInput) => callApi(consentCalls.submitParentalConsentVerbal, { input: { ...scope, user_id: id, ...input } }))
}

/** Which file of a record: its signature or its photo of the signed form. */
export type ConsentFileKind = 'signature' | 'photo'

function fetchConsentFile(kind: ConsentFileKind, scope: TeamGroupParams, consentiaId: number, fileId: number, signal: AbortSignal) {
  return kind === 'signature'
    ? fetchApiBlob(consentCalls.consentiaGetSignatureUrl, { input: { ...scope, consentia_id: consentiaId, signature_id: fileId }, signal })
    : fetchApiBlob(consentCalls.consentiaGetParentalConsentPhotoUrl, { input: { ...scope, consentia_id: consentiaId, photo_id: fileId }, signal })
}

export type ConsentFileState = ObjectUrlState

/** A record's file, fetched with the session's token and shown through an object URL (lib/use-object-url). */
export function useConsentFile(kind: ConsentFileKind, scope: TeamGroupParams, consentiaId: number, fileId: number): ConsentFileState {
  const { team_id, group_id } = scope
  return useObjectUrl(`${kind}:${team_id}:${group_id}:${consentiaId}:${fileId}`, (signal) =>
    fetchConsentFile(kind, { team_id, group_id }, consentiaId, fileId, signal),
  )
}

type PhotoInput = InputOf<typeof consentCalls.consentiaGetPhotoUrl>

/** The photo call's address (consentia-get-photo-url?…) read back into its input. */
function photoInputOf(avatar: string): PhotoInput {
  const query = new URL(avatar, 'http://localhost').searchParams
  const number = (name: string) => Number(query.get(name))
  return { team_id: number('team_id'), group_id: number('group_id'), user_id: number('user_id'), photo_id: number('photo_id') }
}

/** GET consentia-get-photo-url with the session's token, through an object URL; null asks nothing. */
function usePhoto(input: PhotoInput | null): ObjectUrlState {
  const key = input ? `photo:${input.team_id}:${input.group_id}:${input.user_id}:${input.photo_id}` : null
  return useObjectUrl(key, (signal) => fetchApiBlob(consentCalls.consentiaGetPhotoUrl, { input: input!, signal }))
}

/** The contact's photo (`avatar`, the call's address). */
export function useContactPhoto(avatar: string | null): ObjectUrlState {
  return usePhoto(avatar ? photoInputOf(avatar) : null)
}

/**
 * The same photo named by its file id (a merge's preview names the file, not the address);
 * null asks nothing. The caller shows words instead when it fails (another group's contact).
 */
export function useContactPhotoFile(photo: { scope: TeamGroupParams; contactId: number; photoId: number } | null): ObjectUrlState {
  return usePhoto(photo ? { ...photo.scope, user_id: photo.contactId, photo_id: photo.photoId } : null)
}
