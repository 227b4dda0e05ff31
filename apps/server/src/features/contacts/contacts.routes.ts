import type { FastifyInstance } from 'fastify'
import { contactCalls } from '@crm/domain'
import { addRoute, alternative, contactAccess, groupAccess, hasAnyField, teamAccess } from '../../platform/route'
import { getContactAccessForNew, getContactItem } from './item.service'
import { listContacts } from './lists.service'
import { suggestTeamContacts } from './suggestions.service'

// The contacts lists, the contact item and the suggestions (spec 2 §7 "Lists and reads").
export async function contactRoutes(app: FastifyInstance) {
  addRoute(app, contactCalls.contacts, groupAccess('read_contact'), ({ deps, viewer, scope, input }) => listContacts(deps, viewer, scope, 'contacts', input))

  addRoute(
    app,
    contactCalls.assignedContacts,
    groupAccess('read_assigned_contact'),
    ({ deps, viewer, scope, input }) => listContacts(deps, viewer, scope, 'assigned', input),
    {
      // transfer_team_id without team_id (spec 2 §7): the from-church is the scope; the list
      // service still finds the caller's upcoming transfer from it, or answers 404.
      alternatives: [
        alternative(
          contactCalls.assignedContactsForTransfer,
          groupAccess('read_assigned_contact', { teamField: 'transfer_team_id', groupField: 'transfer_team_id' }),
          (query) => hasAnyField('transfer_team_id')(query) && !hasAnyField('team_id')(query),
          ({ deps, viewer, scope, input }) => listContacts(deps, viewer, scope, 'assigned', input),
        ),
      ],
    },
  )

  // With read_contact every archived contact; otherwise the ones assigned to or added by the caller.
  addRoute(app, contactCalls.archivedContacts, groupAccess('read_assigned_contact'), ({ deps, viewer, scope, input }) =>
    listContacts(deps, viewer, scope, 'archived', input),
  )

  // The platform loads the contact: 404 for another team's (naming the caller's team that
  // holds it, if any), 403 when the caller may not read it.
  addRoute(app, contactCalls.contact, contactAccess(undefined, { allowAwaiting: true, nameHoldingTeam: true }), ({ deps, viewer, scope, input }) =>
    getContactItem(deps, viewer, scope, input.locale),
  )

  addRoute(app, contactCalls.contactAccessForNew, groupAccess(), ({ deps, viewer, scope }) => getContactAccessForNew(deps, viewer, scope))

  // The team role decides what is offered (suggestions.service.ts); group_id is optional.
  addRoute(app, contactCalls.teamContactSuggestions, teamAccess(), async ({ deps, viewer, scope, input }) => ({
    items: await suggestTeamContacts(deps, viewer, scope, input),
  }))
}
