import type { FastifyInstance } from 'fastify'
import { consentCalls as calls } from '@crm/domain'
import type { Deps } from '../../platform/deps'
import { addRoute, contactAccess, groupAccess, publicAccess, type RouteOptions } from '../../platform/route'
import { submitContactUpdate, submitNewContact } from './qr-card-answers.service'
import { emailContactUpdateLink, emailNewContactLink, makeContactUpdateQr, makeNewContactCard } from './qr-cards.service'

// QR cards for new people and update links for adult contacts (spec 2 §7.3, §9; issue 13
// item 5). A card is made by whoever may add contacts to the group; an update link by
// whoever may edit the contact (as update-user). The answers are public: the key is the
// proof, and a client is slowed down per address.
const perAddress: RouteOptions = { rateLimit: { max: (deps: Deps) => deps.config.loginRateLimit } }
const updates = contactAccess('update_assigned_contact')

export async function qrCardRoutes(app: FastifyInstance) {
  addRoute(app, calls.consentiaQrNew, groupAccess('create_contact'), ({ deps, viewer, scope, input }) =>
    makeNewContactCard(deps, viewer, scope, input.settings),
  )
  addRoute(app, calls.emailConsentiaQrUrlToNewUser, groupAccess('create_contact'), ({ deps, viewer, scope, input }) =>
    emailNewContactLink(deps, viewer, scope, input),
  )
  addRoute(app, calls.consentiaQrForUser, updates, ({ deps, viewer, scope, input }) => makeContactUpdateQr(deps, viewer, scope, input.fields))
  addRoute(app, calls.emailConsentiaQrUrlToUser, updates, ({ deps, viewer, scope, input }) => emailContactUpdateLink(deps, viewer, scope, input))
  addRoute(app, calls.submitNewContact, publicAccess, ({ deps, params, input }) => submitNewContact(deps, params.key, input), perAddress)
  addRoute(app, calls.submitContactUpdate, publicAccess, ({ deps, params, input }) => submitContactUpdate(deps, params.key, input), perAddress)
}
