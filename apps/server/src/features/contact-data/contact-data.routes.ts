import type { FastifyInstance } from 'fastify'
import { contactDataCalls as calls, contactDataFileTypes } from '@crm/domain'
import { addRoute, contactAccess, fileAnswer, teamAccess } from '../../platform/route'
import { cancelContactErasure, eraseContact, listContactErasures } from './contact-erasure.service'
import { keepContact, listContactsDue, readContactRetention, setContactRetention } from './contact-retention.service'
import { contactVcard, exportContactData } from './contact-export.service'
import { exportTeamContacts, teamContactsVcard } from './team-contacts-export.service'

// A person's data on request (issue 40 §2): the owners of a team holding the contact (a
// conference's staff for its churches: delete_contact) export it and ask for its erasure or
// de-identification; who may change the team (update_team) sets how long it keeps contacts
// without activity, and its owners keep those the schedule would de-identify.
export async function contactDataRoutes(app: FastifyInstance) {
  addRoute(app, calls.contactDataExport, contactAccess('delete_contact'), async ({ deps, viewer, scope, reply }) => {
    const archive = await exportContactData(deps, viewer, scope)
    reply.header('cache-control', 'private, no-store')
    return fileAnswer(reply, { contentType: contactDataFileTypes.export, fileName: archive.fileName, body: archive.bytes })
  })
  addRoute(app, calls.contactVcard, contactAccess('delete_contact'), async ({ deps, scope, reply }) => {
    const card = await contactVcard(deps, scope)
    reply.header('cache-control', 'private, no-store')
    return fileAnswer(reply, { contentType: `${contactDataFileTypes.vcard}; charset=utf-8`, fileName: card.fileName, body: card.text })
  })
  // Leave to any system (issue 41 item 5): the owners take the team's contacts with them.
  addRoute(app, calls.teamContactsExport, teamAccess('delete_contact'), async ({ deps, viewer, scope, reply }) => {
    const archive = await exportTeamContacts(deps, viewer, scope)
    reply.header('cache-control', 'private, no-store')
    return fileAnswer(reply, { contentType: contactDataFileTypes.teamExport, fileName: archive.fileName, body: archive.bytes })
  })
  addRoute(app, calls.teamContactsVcard, teamAccess('delete_contact'), async ({ deps, viewer, scope, reply }) => {
    const cards = await teamContactsVcard(deps, viewer, scope)
    reply.header('cache-control', 'private, no-store')
    return fileAnswer(reply, { contentType: `${contactDataFileTypes.teamVcard}; charset=utf-8`, fileName: cards.fileName, body: cards.text })
  })
  addRoute(app, calls.eraseContact, contactAccess('delete_contact'), ({ deps, viewer, scope, input }) => eraseContact(deps, viewer, scope, input))
  addRoute(app, calls.cancelContactErasure, teamAccess('delete_contact'), ({ deps, viewer, scope, input }) => cancelContactErasure(deps, viewer, scope, input))
  addRoute(app, calls.contactErasures, teamAccess('delete_contact'), ({ deps, scope, input }) => listContactErasures(deps, scope, input))
  addRoute(app, calls.contactRetention, teamAccess('delete_contact'), ({ deps, scope }) => readContactRetention(deps, scope))
  addRoute(app, calls.setContactRetention, teamAccess('update_team'), ({ deps, scope, input }) => setContactRetention(deps, scope, input))
  addRoute(app, calls.contactsDueForDeIdentification, teamAccess('delete_contact'), ({ deps, scope, input }) => listContactsDue(deps, scope, input))
  addRoute(app, calls.keepContact, contactAccess('delete_contact'), ({ deps, scope }) => keepContact(deps, scope))
}
