import type { FastifyInstance } from 'fastify'
import { consentCalls as calls } from '@crm/domain'
import type { Deps } from '../../platform/deps'
import { sendStoredFile } from '../../platform/files'
import { addRoute, contactAccess, groupAccess, publicAccess, type RouteOptions } from '../../platform/route'
import { getConsentPage, submitConsent } from './consent-page.service'
import { listContactConsents } from './consent-record-views'
import { readConsentFile, revokeConsent, submitVerbalConsent } from './consent-records.service'
import { emailParentLink, makeParentEmbedUrl, makeParentQr, makePhotoEmbedUrl } from './consent.service'

// Parental consent (spec 2 §4.2, §7.3; issue 13): reading needs a contact the caller may read;
// asking, recording and revoking need what update-user needs (update_assigned_contact).
const updates = contactAccess('update_assigned_contact')
// The public page's calls: the key is the proof; a client guessing keys is slowed down
// (three times the sign-in limit: a parent opens, corrects and submits).
const perAddress: RouteOptions = { rateLimit: { max: (deps: Deps) => deps.config.loginRateLimit * 3 } }

export async function consentRoutes(app: FastifyInstance) {
  addRoute(app, calls.contactConsents, contactAccess(), ({ deps, viewer, scope }) => listContactConsents(deps, viewer, scope))
  addRoute(app, calls.consentiaQrForParent, updates, ({ deps, viewer, scope }) => makeParentQr(deps, viewer, scope))
  addRoute(app, calls.consentiaEmbedUrlForParentalConsent, updates, ({ deps, viewer, scope }) => makeParentEmbedUrl(deps, viewer, scope))
  addRoute(app, calls.consentiaEmbedUrl, updates, ({ deps, viewer, scope }) => makePhotoEmbedUrl(deps, viewer, scope))
  addRoute(app, calls.emailConsentiaQrUrlToParent, updates, ({ deps, viewer, scope }) => emailParentLink(deps, viewer, scope))
  addRoute(app, calls.submitParentalConsentVerbal, updates, ({ deps, viewer, scope, input }) => submitVerbalConsent(deps, viewer, scope, input))
  addRoute(app, calls.revokeParentConsent, updates, ({ deps, viewer, scope, input }) => revokeConsent(deps, viewer, scope, input.consentia_id))

  // The files: the record names its contact, which the service checks like a contact read.
  addRoute(app, calls.consentiaGetSignatureUrl, groupAccess(), async ({ deps, viewer, scope, input, reply }) => {
    const file = await readConsentFile(deps, viewer, scope, { consentiaId: input.consentia_id, fileId: input.signature_id, kind: 'signature' })
    return sendStoredFile(reply, file)
  })
  addRoute(app, calls.consentiaGetParentalConsentPhotoUrl, groupAccess(), async ({ deps, viewer, scope, input, reply }) => {
    const file = await readConsentFile(deps, viewer, scope, { consentiaId: input.consentia_id, fileId: input.photo_id, kind: 'photo' })
    return sendStoredFile(reply, file)
  })

  addRoute(app, calls.consentPage, publicAccess, ({ deps, params }) => getConsentPage(deps, params.key), perAddress)
  addRoute(app, calls.submitConsent, publicAccess, ({ deps, params, input, files }) => submitConsent(deps, params.key, input, files), perAddress)
}
