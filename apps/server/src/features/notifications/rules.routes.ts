import type { FastifyInstance } from 'fastify'
import { notificationCalls as calls } from '@crm/domain'
import { addRoute, teamAccess } from '../../platform/route'
import { addRule, deleteRule, listRules, updateRule } from './rules.service'

// The missed-activity and unassigned-contacts rules (spec 3 §2.7, §7 Notifications), on a
// conference only (spec 3 §6): a church answers 403, another conference 404. One CRUD
// (rules.service.ts) serves both kinds.
const missed = teamAccess('update_missed_interactions_notifications', { conferenceOnly: true })
const unassigned = teamAccess('update_unassigned_contacts_notifications', { conferenceOnly: true })

export async function notificationRuleRoutes(app: FastifyInstance) {
  addRoute(app, calls.missedInteractionRules, missed, ({ deps, scope }) => listRules(deps, scope, 'missed_interaction'))
  addRoute(app, calls.addMissedInteractionRule, missed, ({ deps, viewer, scope, input }) => addRule(deps, viewer, scope, 'missed_interaction', input))
  addRoute(app, calls.updateMissedInteractionRule, missed, ({ deps, scope, input }) => updateRule(deps, scope, 'missed_interaction', input))
  addRoute(app, calls.deleteMissedInteractionRule, missed, ({ deps, scope, input }) => deleteRule(deps, scope, 'missed_interaction', input.id))
  addRoute(app, calls.unassignedContactsRules, unassigned, ({ deps, scope }) => listRules(deps, scope, 'unassigned_contacts'))
  addRoute(app, calls.addUnassignedContactsRule, unassigned, ({ deps, viewer, scope, input }) => addRule(deps, viewer, scope, 'unassigned_contacts', input))
  addRoute(app, calls.updateUnassignedContactsRule, unassigned, ({ deps, scope, input }) => updateRule(deps, scope, 'unassigned_contacts', input))
  addRoute(app, calls.deleteUnassignedContactsRule, unassigned, ({ deps, scope, input }) => deleteRule(deps, scope, 'unassigned_contacts', input.id))
}
