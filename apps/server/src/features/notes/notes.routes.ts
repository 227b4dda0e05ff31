import type { FastifyInstance } from 'fastify'
import { noteCalls as calls } from '@crm/domain'
import { addRoute, contactAccess } from '../../platform/route'
import { addContactNote, deleteContactNote, listContactNotes, updateContactNote } from './notes.service'

// Notes and private notes of a contact (spec 2 §7.1 contact-notes, §7.4). One list holds the
// notes the caller reads, their own private ones among them; the tabs narrow it with
// is_encrypted. Every holder of update_own_note reads notes.
export async function noteRoutes(app: FastifyInstance) {
  addRoute(app, calls.contactNotes, contactAccess('read_public_note'), ({ deps, viewer, scope, input }) => listContactNotes(deps, viewer, scope, input))
  // Writes: the note's own rule (spec 2 §6) decides, in the service, once the note is found.
  addRoute(app, calls.addContactNote, contactAccess(), ({ deps, viewer, scope, input }) => addContactNote(deps, viewer, scope, input))
  addRoute(app, calls.updateContactNote, contactAccess(), ({ deps, viewer, scope, input }) => updateContactNote(deps, viewer, scope, input.id, input))
  addRoute(app, calls.deleteContactNote, contactAccess(), ({ deps, viewer, scope, input }) => deleteContactNote(deps, viewer, scope, input.id))
}
