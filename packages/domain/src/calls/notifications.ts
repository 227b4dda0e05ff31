import { z } from 'zod'
import { flag, id, integer, listResponse, okSchema, pagingQuerySchema, text } from '../rules/wire'
import { email } from '../rules/email'
import { teamGroupFields as scope } from './contact-shapes'
import { eventDate } from './events'
import { defineCall } from './define'
import { issueOf } from '../field-errors'

// The notifications panel (spec 1 §2.10, §3, §7) and notification management with its two
// rules (spec 3 §2.7, §3, §5, §6, §7 Notifications, §9).

export const notificationImportances = ['normal', 'medium', 'high'] as const
export type NotificationImportance = (typeof notificationImportances)[number]
/** Levels a person may choose; 'global' is for site admins only (spec 3 §6). */
export const notificationLevels = ['global', 'conference'] as const
export type NotificationLevel = (typeof notificationLevels)[number]
/** The date filter of /manage-notifications (spec 3 §9). */
export const notificationDateFilters = ['future', 'this_week', 'last_week', 'this_month', 'last_month', 'this_year', 'last_year'] as const
export const missedInteractionRecipients = ['user', 'leader', 'owner', 'email'] as const
export const unassignedContactsRecipients = ['leader', 'owner', 'email'] as const
/** after_days and every_days: whole numbers from 1 to 365 (issue 16). */
export const maxRuleDays = 365
/** 'clear all' shows only with more items than this (spec 1 §2.10). */
export const clearAllAfterItems = 2
/** Longest notification content, in characters of HTML. */
export const maxNotificationContent = 10_000

/** A link a notification carries: a web address, or a path inside the app such as /contacts/view/12. */
export const notificationLinkUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), issueOf('invalid_link'))

// ---------------------------------------------------------------------------------------
// The panel

const count = z.number().int()
const name = z.string()

/**
 * What a notification the server wrote says, as a code with its parameters (issue 36): the
 * reader's side words it, and its link, in the reader's language. A notification a person
 * wrote, or one stored before these, has none and shows its content.
 */
export const systemNotificationSchema = z.discriminatedUnion('kind', [
  /** A contact has had no interaction for `days` days; `name` is null for a minor the reader may not see named. */
  z.object({ kind: z.literal('contact_quiet'), params: z.object({ name: name.nullable(), days: count }) }),
  /** `count` contacts of the church `church` are not assigned to anyone. */
  z.object({ kind: z.literal('contacts_unassigned'), params: z.object({ count, church: name }) }),
  /** `count` contacts of the conference's import `import_title` were added to the reader's church. */
  z.object({ kind: z.literal('import_received'), params: z.object({ count, import_title: name }) }),
  /**
   * `count` contacts of the team `church` have had no activity for `months` months and will be
   * de-identified on `date` (YYYY-MM-DD) unless kept (issue 40 §2).
   */
  z.object({ kind: z.literal('contacts_due_for_de_identification'), params: z.object({ count, church: name, months: count, date: z.string() }) }),
  /**
   * The team `church` asks the reader's team to agree to merging two records of `name` (issue
   * 40 §1); the link opens the kept record, where the owners decide.
   */
  z.object({ kind: z.literal('contact_merge_requested'), params: z.object({ church: name, name }) }),
  /** The team `church` agreed to (approved) or declined the reader's merge of `name`'s records; `merged` once every team agreed. */
  z.object({ kind: z.literal('contact_merge_decided'), params: z.object({ church: name, name, approved: z.boolean(), merged: z.boolean() }) }),
  /** A transfer of the reader from the church `from` to `to` is planned: they choose the contacts. */
  z.object({ kind: z.literal('transfer_planned'), params: z.object({ from: name, to: name }) }),
  /**
   * A transfer was processed, told to `reader`: the pastor moved, the church they joined (to)
   * or the one they left (from).
   */
  z.object({
    kind: z.literal('transfer_processed'),
    params: z.object({ reader: z.enum(['pastor', 'to', 'from']), pastor: name, from: name, to: name, moved: count, shared: count }),
  }),
])
export type SystemNotification = z.infer<typeof systemNotificationSchema>

/** One item of the panel (spec 1 §3 Notification). */
export const notificationSchema = z.object({
  id: z.number().int(),
  is_seen: z.boolean(),
  importance: z.enum(notificationImportances),
  /** When it shows, Unix seconds. */
  date_timestamp: z.number().int(),
  /** Sanitized HTML. */
  content: z.string(),
  link_url: z.string().nullable(),
  link_text: z.string().nullable(),
  /** What the server wrote, as a code and parameters to word (content is its English or recipient-language text); null for one a person wrote. */
  system: systemNotificationSchema.nullable(),
  /** The contact a rule notification is about, when the reader may see them. */
  associated_user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
})
export type Notification = z.infer<typeof notificationSchema>

export const notificationListRequest = z.object({
  ...scope,
  /** The panel's tabs: unread or read; both when left out. */
  filter: z.enum(['unread', 'read']).optional(),
  page: pagingQuerySchema.shape.page,
  per_page: pagingQuerySchema.shape.per_page,
})

export const notificationListResponse = z.object({
  items: z.array(notificationSchema),
  /** Items under the filter. */
  count: z.number().int(),
  /** Unread items, whatever the filter. */
  count_unread: z.number().int(),
})
export type NotificationList = z.infer<typeof notificationListResponse>

// ---------------------------------------------------------------------------------------
// Notification management

/** One row of /manage-notifications (spec 3 §3 Notification). */
export const managedNotificationSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  link_url: z.string().nullable(),
  link_text: z.string().nullable(),
  importance: z.enum(notificationImportances),
  is_scheduled: z.boolean(),
  /** The scheduled day, YYYY-MM-DD in the team's time zone; null unless scheduled. */
  date: z.string().nullable(),
  date_timestamp: z.number().int(),
  level: z.enum(notificationLevels),
  is_seen_by_count: z.number().int(),
  created_display: z.string(),
})
export type ManagedNotification = z.infer<typeof managedNotificationSchema>

export const manageNotificationsRequest = pagingQuerySchema.extend({
  ...scope,
  order_by: z.enum(['created', 'date', 'importance']).optional(),
  importance: z.enum(notificationImportances).optional(),
  date_filter: z.enum(notificationDateFilters).optional(),
})

/** The notification form (spec 3 §2.7, §5): date only when scheduled, level only for admins. */
export const notificationFieldsSchema = z.object({
  content: z.string().trim().min(1).max(maxNotificationContent),
  link_url: notificationLinkUrl.nullish().or(z.literal('').transform(() => null)),
  link_text: text(200).nullish(),
  importance: z.enum(notificationImportances).default('normal'),
  is_scheduled: flag.default(false),
  date: eventDate.nullish().or(z.literal('').transform(() => null)),
  level: z.enum(notificationLevels).optional(),
})

const requestingTeam = { requesting_team_id: id }

export const addNotificationRequest = notificationFieldsSchema.extend(requestingTeam)
// Without defaults: a field left out of an update keeps its value (zod's partial() would still fill them).
export const updateNotificationRequest = notificationFieldsSchema
  .extend({ importance: z.enum(notificationImportances).optional(), is_scheduled: flag.optional() })
  .partial()
  .extend({ ...requestingTeam, id })

// ---------------------------------------------------------------------------------------
// The two rules

const ruleDays = integer(1, maxRuleDays)
const ruleEmail = email.nullish().or(z.literal('').transform(() => null))

export const missedInteractionRuleSchema = z.object({
  id: z.number().int(),
  after_days: z.number().int(),
  to: z.enum(missedInteractionRecipients),
  to_email: z.string().nullable(),
})
export type MissedInteractionRule = z.infer<typeof missedInteractionRuleSchema>

export const unassignedContactsRuleSchema = z.object({
  id: z.number().int(),
  every_days: z.number().int(),
  to: z.enum(unassignedContactsRecipients),
  to_email: z.string().nullable(),
})
export type UnassignedContactsRule = z.infer<typeof unassignedContactsRuleSchema>

/** to_email is required, and kept, only when to is email (spec 3 §5). */
function emailWhenTo<T extends { to?: string; to_email?: string | null }>(value: T, context: z.RefinementCtx) {
  if (value.to === 'email' && !value.to_email) {
    context.addIssue({ code: 'custom', path: ['to_email'], ...issueOf('required'), message: 'Enter the email address to send to' })
  }
}

export const missedInteractionRuleFields = z.object({
  team_id: id,
  after_days: ruleDays,
  to: z.enum(missedInteractionRecipients),
  to_email: ruleEmail,
})
export const addMissedInteractionRuleRequest = missedInteractionRuleFields.superRefine(emailWhenTo)
// An update changes the fields it names (update {id, after_days: 5} keeps to and to_email).
export const updateMissedInteractionRuleRequest = missedInteractionRuleFields.partial().extend({ team_id: id, id }).superRefine(emailWhenTo)

export const unassignedContactsRuleFields = z.object({
  team_id: id,
  every_days: ruleDays,
  to: z.enum(unassignedContactsRecipients),
  to_email: ruleEmail,
})
export const addUnassignedContactsRuleRequest = unassignedContactsRuleFields.superRefine(emailWhenTo)
export const updateUnassignedContactsRuleRequest = unassignedContactsRuleFields.partial().extend({ team_id: id, id }).superRefine(emailWhenTo)

const ruleDelete = z.object({ id, team_id: id })
const created = z.object({ id: z.number().int(), success_message: z.string().optional() })

export const notificationCalls = {
  notifications: defineCall({
    method: 'GET',
    path: '/notifications',
    request: notificationListRequest,
    response: notificationListResponse,
    summary: "The caller's notifications for the selected team, newest first, with the unread count",
  }),
  seenNotification: defineCall({
    method: 'POST',
    path: '/seen-notification/:id',
    params: z.object({ id }),
    request: z.object({}),
    response: okSchema,
    summary: 'Marks one notification the caller can see as seen',
  }),
  seenAllNotifications: defineCall({
    method: 'POST',
    path: '/seen-all-notifications',
    request: z.object({}),
    response: okSchema,
    summary: 'Marks every notification the caller can see as seen',
  }),
  manageNotifications: defineCall({
    method: 'GET',
    path: '/manage-notifications',
    request: manageNotificationsRequest,
    response: listResponse(managedNotificationSchema),
    summary: "The conference's notifications (and, for site admins, the global ones), with 'Seen by n'",
  }),
  addNotification: defineCall({
    method: 'POST',
    path: '/add-notification',
    request: addNotificationRequest,
    response: created,
    summary: 'Writes a notification; its content is sanitized first (create_notification, conference)',
  }),
  updateNotification: defineCall({
    method: 'POST',
    path: '/update-notification',
    request: updateNotificationRequest,
    response: okSchema,
    summary: 'Changes a notification of the conference',
  }),
  deleteNotification: defineCall({
    method: 'POST',
    path: '/delete-notification',
    request: z.object({ id, ...requestingTeam }),
    response: okSchema,
    summary: 'Deletes a notification of the conference',
  }),
  missedInteractionRules: defineCall({
    method: 'GET',
    path: '/manage-missed-interaction-notifications',
    request: z.object({ team_id: id }),
    response: z.object({ items: z.array(missedInteractionRuleSchema) }),
    summary: "The conference's missed-activity rules",
  }),
  addMissedInteractionRule: defineCall({
    method: 'POST',
    path: '/add-missed-interaction-notification',
    request: addMissedInteractionRuleRequest,
    response: created,
    summary: 'Adds a missed-activity rule (update_missed_interactions_notifications, conference)',
  }),
  updateMissedInteractionRule: defineCall({
    method: 'POST',
    path: '/update-missed-interaction-notification',
    request: updateMissedInteractionRuleRequest,
    response: okSchema,
    summary: 'Changes a missed-activity rule',
  }),
  deleteMissedInteractionRule: defineCall({
    method: 'POST',
    path: '/delete-missed-interaction-notification',
    request: ruleDelete,
    response: okSchema,
    summary: 'Deletes a missed-activity rule',
  }),
  unassignedContactsRules: defineCall({
    method: 'GET',
    path: '/manage-unassigned-contacts-notifications',
    request: z.object({ team_id: id }),
    response: z.object({ items: z.array(unassignedContactsRuleSchema) }),
    summary: "The conference's unassigned-contacts rules",
  }),
  addUnassignedContactsRule: defineCall({
    method: 'POST',
    path: '/add-unassigned-contacts-notification',
    request: addUnassignedContactsRuleRequest,
    response: created,
    summary: 'Adds an unassigned-contacts rule (update_unassigned_contacts_notifications, conference)',
  }),
  updateUnassignedContactsRule: defineCall({
    method: 'POST',
    path: '/update-unassigned-contacts-notification',
    request: updateUnassignedContactsRuleRequest,
    response: okSchema,
    summary: 'Changes an unassigned-contacts rule',
  }),
  deleteUnassignedContactsRule: defineCall({
    method: 'POST',
    path: '/delete-unassigned-contacts-notification',
    request: ruleDelete,
    response: okSchema,
    summary: 'Deletes an unassigned-contacts rule',
  }),
}
