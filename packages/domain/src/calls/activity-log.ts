import { z } from 'zod'
import { id, listResponse, pagingQuerySchema } from '../rules/wire'
import { teamGroupFields as scope } from './contact-shapes'
import { defineCall } from './define'

// The activity log of a record (spec 2 §3 Activity log item, §7.1, §9).

/** The date_range filter (spec 2 §9), in the team's time zone; weeks start on Monday. */
export const activityDateRanges = ['all', 'this_week', 'last_week', 'this_month', 'last_month', 'this_year', 'last_year'] as const
export type ActivityDateRange = (typeof activityDateRanges)[number]

/** The type filter's values (spec 2 §9); they differ from the item types they select. */
export const activityTypeFilters = ['user', 'interaction', 'user_event', 'team_contact', 'user_assignment', 'relationship', 'invite'] as const
export type ActivityTypeFilter = (typeof activityTypeFilters)[number]

/** The item types (spec 2 §3) each filter value selects. */
export const activityTypesOfFilter: Record<ActivityTypeFilter, readonly string[]> = {
  user: ['user', 'contact_merge'],
  interaction: ['interaction'],
  user_event: ['user_event'],
  team_contact: ['team_contacts'],
  user_assignment: ['user_assignment'],
  relationship: ['user_relationship'],
  invite: ['user_invites'],
}

/** The records with an activity log (activity-log-for-{type}/{id}). */
export const activityRecordTypes = ['contact'] as const

export const activityActions = ['add', 'update', 'delete'] as const

/** One change: a field and its value before and after, as text. */
export const activityChangeSchema = z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })

export const activityItemSchema = z.object({
  id: z.number().int(),
  /** The item type (spec 2 §3): user, interaction, user_event, team_contacts, user_assignment, user_relationship, … */
  type: z.string(),
  action: z.enum(activityActions),
  author_id: z.number().int().nullable(),
  author_name: z.string(),
  created_at: z.string(),
  created_display: z.string(),
  subject_id: z.number().int().nullable(),
  /** What was recorded: the record before and after the change (never a private note's content). */
  data: z.object({ before: z.unknown(), after: z.unknown() }),
  /** The same, readable: each changed field with its value before and after. */
  computed_data: z.object({ changes: z.array(activityChangeSchema) }),
})
export type ActivityItem = z.infer<typeof activityItemSchema>

/** Who opened a minor's record or read their notes or interactions (safeguarding; owners only). */
export const activityViewSchema = z.object({
  author_id: z.number().int().nullable(),
  author_name: z.string(),
  created_display: z.string(),
  /** What was read: the record, notes, private_notes or interactions. */
  what: z.string(),
})

/** Filters of an empty select arrive as ''; they mean no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

export const activityLogQuery = pagingQuerySchema.extend({
  ...scope,
  order_by: optional(z.enum(['created'])),
  date_range: optional(z.enum(activityDateRanges)),
  type: optional(z.enum(activityTypeFilters)),
  /** Only this author's rows; another author's needs read_activity_log. */
  user_id: optional(id),
})

export const activityLogCalls = {
  activityLog: defineCall({
    method: 'GET',
    path: '/activity-log-for-:type/:id',
    params: z.object({ type: z.enum(activityRecordTypes), id }),
    request: activityLogQuery,
    response: listResponse(activityItemSchema).extend({ viewed_by: z.array(activityViewSchema) }),
    summary: 'Who changed what on a record, newest first; without read_activity_log only the caller’s own changes',
  }),
}

// ---------------------------------------------------------------------------------------
// Recent activity of a team or a group (spec 3 §2.4; the spec does not show the calls).

/** One row of a team's or a group's recent activity: a log item and the contact it is about. */
export const recentActivityItemSchema = activityItemSchema.extend({
  /** The contact the row is about, when the caller may see who it is (else null). */
  contact_id: z.number().int().nullable(),
  contact_name: z.string().nullable(),
})
export type RecentActivityItem = z.infer<typeof recentActivityItemSchema>

const recentActivityFilters = {
  order_by: optional(z.enum(['created'])),
  date_range: optional(z.enum(activityDateRanges)),
  type: optional(z.enum(activityTypeFilters)),
  /** Only this author's rows; another author's needs read_activity_log. */
  user_id: optional(id),
}

export const teamRecentActivityQuery = pagingQuerySchema.extend({ team_id: id, ...recentActivityFilters })
export const groupRecentActivityQuery = pagingQuerySchema.extend({ ...scope, ...recentActivityFilters })

export const recentActivityCalls = {
  teamRecentActivity: defineCall({
    method: 'GET',
    path: '/team-recent-activity',
    request: teamRecentActivityQuery,
    response: listResponse(recentActivityItemSchema),
    summary: 'What was changed in the team, newest first (read_own_activity_log); without read_activity_log only the caller’s own changes',
  }),
  groupRecentActivity: defineCall({
    method: 'GET',
    path: '/group-recent-activity',
    request: groupRecentActivityQuery,
    response: listResponse(recentActivityItemSchema),
    summary:
      'What was changed on the group and its contacts, newest first (read_own_activity_log in the group); without read_activity_log only the caller’s own',
  }),
}
