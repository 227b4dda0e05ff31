import { consentCalls, consentPageResponse, type ConsentPage } from '@crm/domain'
import { wordFieldErrors } from '../../lib/field-errors'
import { consentRefusalTexts } from './consent-texts'

// The consent page is its own bundle (consent.html): it talks to the API with fetch alone,
// without lib/api's session and token handling, which a parent's browser never needs.
const apiBase = '/api/v1'

/** A refused or failed call of the consent page: the envelope's code and its field errors, in the reader's language. */
export class ConsentCallError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string> = {},
    /** The link was already answered (key_invalid's `answered`): the page says so, not that it expired. */
    readonly answered = false,
  ) {
    super(code)
    this.name = 'ConsentCallError'
  }
}

function pathOf(path: string, key: string): string {
  return apiBase + path.replace(':key', encodeURIComponent(key))
}

async function send(url: string, init: RequestInit): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, { ...init, headers: { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'en', ...init.headers } })
  } catch {
    throw new ConsentCallError('network_error', 0)
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (response.ok) return body
  const envelope = (body && typeof body === 'object' ? body : {}) as { code?: unknown; data?: { errors?: unknown; error_codes?: unknown; answered?: unknown } }
  // The words of the refusals come with the first one (they are not in the page's first load).
  if (envelope.data?.error_codes) await consentRefusalTexts().catch(() => undefined)
  throw new ConsentCallError(
    typeof envelope.code === 'string' ? envelope.code : 'internal_error',
    response.status,
    wordFieldErrors(envelope.data?.errors, envelope.data?.error_codes),
    envelope.data?.answered === true,
  )
}

/** What a refused link says: answered already, or expired (also an unknown or used key). */
export function linkRefusal(error: unknown): 'answered' | 'expired' | null {
  if (!(error instanceof ConsentCallError) || error.code !== 'key_invalid') return null
  return error.answered ? 'answered' : 'expired'
}

/** GET consent-page/{key}: what the page shows (the first open marks the link viewed). */
export async function fetchConsentPage(key: string): Promise<ConsentPage> {
  const body = await send(pathOf(consentCalls.consentPage.path, key), { method: 'GET' })
  const parsed = consentPageResponse.safeParse(body)
  if (!parsed.success) throw new ConsentCallError('invalid_response', 200)
  return parsed.data
}

/**
 * The fields of a form as multipart: every field first, then the one file (the server reads
 * the fields before the file), under the name the server reports its errors by.
 */
export function toMultipart(
  fields: Record<string, string | readonly string[] | null | undefined>,
  file: { field: 'signature' | 'photo'; blob: Blob; filename: string },
): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue
    for (const item of typeof value === 'string' ? [value] : value) form.append(name, item)
  }
  form.append(file.field, file.blob, file.filename)
  return form
}

/** POST submit-consent/{key}: the parent's answer with the signature or the form's photo. */
export async function submitParentalConsent(key: string, form: FormData): Promise<void> {
  await send(pathOf(consentCalls.submitConsent.path, key), { method: 'POST', body: form })
}

/** POST submit-consent-contact/{key} or submit-consent-new-contact/{key}: JSON. */
export async function submitPersonDetails(kind: 'contact' | 'new_contact', key: string, body: Record<string, unknown>): Promise<void> {
  const call = kind === 'contact' ? consentCalls.submitContactUpdate : consentCalls.submitNewContact
  await send(pathOf(call.path, key), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
}
