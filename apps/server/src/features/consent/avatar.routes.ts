import type { FastifyInstance } from 'fastify'
import { consentCalls as calls } from '@crm/domain'
import { sendStoredFile } from '../../platform/files'
import { addRoute, contactAccess } from '../../platform/route'
import { readContactPhoto, uploadContactAvatar } from './avatar.service'

// The contact's photo (spec 2 §7.3 upload-contact-avatar, consentia-get-photo-url; issue 13):
// set by whoever may edit the contact, read by whoever may read it, never by a public URL.
export async function avatarRoutes(app: FastifyInstance) {
  addRoute(app, calls.uploadContactAvatar, contactAccess('update_assigned_contact'), ({ deps, viewer, scope, files }) =>
    uploadContactAvatar(deps, viewer, scope, files),
  )
  addRoute(app, calls.consentiaGetPhotoUrl, contactAccess(), async ({ deps, scope, input, reply }) => {
    return sendStoredFile(reply, await readContactPhoto(deps, scope, input.photo_id))
  })
}
