import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  addMissedInteractionRuleRequest,
  addUnassignedContactsRuleRequest,
  MissedInteractionRule,
  UnassignedContactsRule,
  updateMissedInteractionRuleRequest,
  updateUnassignedContactsRuleRequest,
} from '@crm/domain'
import { missedInteractionRules, ruleDeliveries, unassignedContactRules } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { affectedRows } from '../../db/client'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'

// The conference's two notification rules (spec 3 §2.7, §3, §5, §7 Notifications): a
// missed-activity rule (after_days) and an unassigned-contacts rule (every_days). The
// route has checked the capability on a conference; a rule of another team is 404.

const mi = missedInteractionRules
const uc = unassignedContactRules

/** to_email is kept only when the rule mails it (spec 3 §5); any other `to` stores null. */
function recipientOf(to: string, toEmail: string | null | undefined): string | null {
  if (to !== 'email') return null
  if (!toEmail) throw new AppError('invalid_request', { errors: { to_email: 'Enter the email address to send to' } })
  return toEmail
}

export async function listMissedInteractionRules(deps: Deps, scope: TeamScope): Promise<{ items: MissedInteractionRule[] }> {
  const items = await deps.db
    .select({ id: mi.id, after_days: mi.after_days, to: mi.to, to_email: mi.to_email })
    .from(mi)
    .where(eq(mi.team_id, scope.team.id))
    .orderBy(asc(mi.after_days), asc(mi.id))
  return { items }
}

export async function addMissedInteractionRule(deps: Deps, viewer: Viewer, scope: TeamScope, input: z.output<typeof addMissedInteractionRuleRequest>) {
  const [row] = await deps.db
    .insert(mi)
    .values({
      team_id: scope.team.id,
      after_days: input.after_days,
      to: input.to,
      to_email: recipientOf(input.to, input.to_email),
      created_by: viewer.personId,
    })
    .returning({ id: mi.id })
  return { id: row!.id }
}

export async function updateMissedInteractionRule(deps: Deps, scope: TeamScope, input: z.output<typeof updateMissedInteractionRuleRequest>) {
  const [rule] = await deps.db
    .select()
    .from(mi)
    .where(and(eq(mi.id, input.id), eq(mi.team_id, scope.team.id)))
  if (!rule) throw new AppError('not_found')
  const to = input.to ?? rule.to
  const toEmail = recipientOf(to, input.to_email !== undefined ? input.to_email : rule.to_email)
  await deps.db
    .update(mi)
    .set({ after_days: input.after_days ?? rule.after_days, to, to_email: toEmail, updated_at: deps.now() })
    .where(eq(mi.id, rule.id))
  return { success: true as const }
}

export async function deleteMissedInteractionRule(deps: Deps, scope: TeamScope, id: number) {
  await deps.db.transaction(async (tx) => {
    const result = await tx.delete(mi).where(and(eq(mi.id, id), eq(mi.team_id, scope.team.id)))
    if (affectedRows(result) === 0) throw new AppError('not_found')
    // Its delivery claims go with it: they name nothing without the rule.
    await tx.delete(ruleDeliveries).where(and(eq(ruleDeliveries.rule_kind, 'missed_interaction'), eq(ruleDeliveries.rule_id, id)))
  })
  return { success: true as const }
}

export async function listUnassignedContactsRules(deps: Deps, scope: TeamScope): Promise<{ items: UnassignedContactsRule[] }> {
  const items = await deps.db
    .select({ id: uc.id, every_days: uc.every_days, to: uc.to, to_email: uc.to_email })
    .from(uc)
    .where(eq(uc.team_id, scope.team.id))
    .orderBy(asc(uc.every_days), asc(uc.id))
  return { items }
}

export async function addUnassignedContactsRule(deps: Deps, viewer: Viewer, scope: TeamScope, input: z.output<typeof addUnassignedContactsRuleRequest>) {
  const [row] = await deps.db
    .insert(uc)
    .values({
      team_id: scope.team.id,
      every_days: input.every_days,
      to: input.to,
      to_email: recipientOf(input.to, input.to_email),
      created_by: viewer.personId,
    })
    .returning({ id: uc.id })
  return { id: row!.id }
}

export async function updateUnassignedContactsRule(deps: Deps, scope: TeamScope, input: z.output<typeof updateUnassignedContactsRuleRequest>) {
  const [rule] = await deps.db
    .select()
    .from(uc)
    .where(and(eq(uc.id, input.id), eq(uc.team_id, scope.team.id)))
  if (!rule) throw new AppError('not_found')
  const to = input.to ?? rule.to
  const toEmail = recipientOf(to, input.to_email !== undefined ? input.to_email : rule.to_email)
  await deps.db
    .update(uc)
    .set({ every_days: input.every_days ?? rule.every_days, to, to_email: toEmail, updated_at: deps.now() })
    .where(eq(uc.id, rule.id))
  return { success: true as const }
}

export async function deleteUnassignedContactsRule(deps: Deps, scope: TeamScope, id: number) {
  await deps.db.transaction(async (tx) => {
    const result = await tx.delete(uc).where(and(eq(uc.id, id), eq(uc.team_id, scope.team.id)))
    if (affectedRows(result) === 0) throw new AppError('not_found')
    // Its delivery claims go with it: they name nothing without the rule.
    await tx.delete(ruleDeliveries).where(and(eq(ruleDeliveries.rule_kind, 'unassigned_contacts'), eq(ruleDeliveries.rule_id, id)))
  })
  return { success: true as const }
}
