import type { FastifyInstance } from 'fastify'
import { eventAttendanceCalls as calls } from '@crm/domain'
import { addRoute, contactAccess, groupAccess, teamAccess } from '../../platform/route'
import { importAttendance } from './attendance-import.service'
import { listContactEventAttendance, listContactsForAttendance, listEventAttendance } from './attendance.service'
import { addAttendance, deleteAttendance, updateAttendance } from './attendance-writes.service'
import { eventTeamOf } from './event-access'

// Attendance of an event's dates (spec 3 §2.1, §6, §7 Events; spec 2 §7.1).
export async function attendanceRoutes(app: FastifyInstance) {
  // The event's own team is the scope when the call names none (spec 3 §7: event_date, paging).
  addRoute(app, calls.eventAttendance, teamAccess('read_event_attendance', { teamOf: eventTeamOf }), ({ deps, scope, params, input }) =>
    listEventAttendance(deps, scope, params.id, input),
  )
  // The contacts list of the caller in the selected group, to mark on a date.
  addRoute(app, calls.contactsForAttendance, groupAccess('update_event_attendance'), ({ deps, viewer, scope, input }) =>
    listContactsForAttendance(deps, viewer, scope, input),
  )
  addRoute(app, calls.addAttendance, teamAccess('update_event_attendance'), ({ deps, viewer, scope, input }) => addAttendance(deps, viewer, scope, input))
  addRoute(app, calls.updateAttendance, teamAccess('update_event_attendance'), ({ deps, viewer, scope, input }) => updateAttendance(deps, viewer, scope, input))
  addRoute(app, calls.deleteAttendance, teamAccess('update_event_attendance'), ({ deps, scope, input }) => deleteAttendance(deps, scope, input))
  addRoute(app, calls.importAttendance, teamAccess('update_event_attendance'), ({ deps, viewer, scope, input }) => importAttendance(deps, viewer, scope, input))
  // The contact's Events tab: the contact routes' read rule and the team's attendance.
  addRoute(app, calls.contactEventAttendance, contactAccess('read_user_event'), ({ deps, viewer, scope, input }) =>
    listContactEventAttendance(deps, viewer, scope, input),
  )
}
