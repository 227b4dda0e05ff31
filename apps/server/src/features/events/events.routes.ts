import type { FastifyInstance } from 'fastify'
import { eventCalls as calls } from '@crm/domain'
import { addRoute, teamAccess } from '../../platform/route'
import { eventsToday, listEvents } from './event-list.service'
import { readEvent } from './event-read.service'
import { createEvent, deleteEvent, updateEvent, updateOccurrence } from './events.service'

// Events and their occurrences (spec 3 §6, §7 Events; spec 1 §7 events-today). Members read
// events and take an occurrence's notes; leaders and up add, edit, cancel, move and delete.
export async function eventRoutes(app: FastifyInstance) {
  addRoute(app, calls.events, teamAccess('read_event'), ({ deps, viewer, scope, input }) => listEvents(deps, viewer, scope, input))
  addRoute(app, calls.event, teamAccess('read_event'), ({ deps, viewer, scope, params, input }) => readEvent(deps, viewer, scope, params.id, input))
  addRoute(app, calls.createEvent, teamAccess('create_event'), ({ deps, viewer, scope, input }) => createEvent(deps, viewer, scope, input))
  addRoute(app, calls.updateEvent, teamAccess('update_event'), ({ deps, viewer, scope, params, input }) => updateEvent(deps, viewer, scope, params.id, input))
  addRoute(app, calls.deleteEvent, teamAccess('delete_event'), ({ deps, viewer, scope, input }) => deleteEvent(deps, viewer, scope, input.id))
  // Notes need update_event_attendance; a cancel, restore or move needs update_event (the service checks).
  addRoute(app, calls.updateOccurrence, teamAccess('update_event_attendance'), ({ deps, viewer, scope, input }) => updateOccurrence(deps, viewer, scope, input))
  addRoute(app, calls.eventsToday, teamAccess('read_event', { teamField: 'teamId' }), ({ deps, viewer, scope }) => eventsToday(deps, viewer, scope))
}
