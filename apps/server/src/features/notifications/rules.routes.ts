import type { FastifyInstance } from 'fastify'
import { notificationCalls as calls } from '@crm/domain'
import { addRoute, teamAccess } from '../../platform/route'
import {
  addMissedInteractionRule,
  addUnassignedContactsRule,
  deleteMissedInteractionRule,
  deleteUnassignedContactsRule,
  listMissedInteractionRules,
  listUnassignedContactsRules,
  updateMissedInteractionRule,
  updateUnassignedContactsRule,
} from './rules.service'

// The missed-activity and unassigned-contacts rules (spec 3 §2.7, §7 Notifications), on a
// conference only (spec 3 §6): a church answers 403, another conference 404.
const missed = teamAccess('update_missed_interactions_notifications', { conferenceOnly: true })
const unassigned = teamAccess('update_unassigned_contacts_notifications', { conferenceOnly: true })

export async function notificationRuleRoutes(app: FastifyInstance) {
  addRoute(app, calls.missedInteractionRules, missed, ({ deps, scope }) => listMissedInteractionRules(deps, scope))
  addRoute(app, calls.addMissedInteractionRule, missed, ({ deps, viewer, scope, input }) => addMissedInteractionRule(deps, viewer, scope, input))
  addRoute(app, calls.updateMissedInteractionRule, missed, ({ deps, scope, input }) => updateMissedInteractionRule(deps, scope, input))
  addRoute(app, calls.deleteMissedInteractionRule, missed, ({ deps, scope, input }) => deleteMissedInteractionRule(deps, scope, input.id))
  addRoute(app, calls.unassignedContactsRules, unassigned, ({ deps, scope }) => listUnassignedContactsRules(deps, scope))
  addRoute(app, calls.addUnassignedContactsRule, unassigned, ({ deps, viewer, scope, input }) => addUnassignedContactsRule(deps, viewer, scope, input))
  addRoute(app, calls.updateUnassignedContactsRule, unassigned, ({ deps, scope, input }) => updateUnassignedContactsRule(deps, scope, input))
  addRoute(app, calls.deleteUnassignedContactsRule, unassigned, ({ deps, scope, input }) => deleteUnassignedContactsRule(deps, scope, input.id))
}
