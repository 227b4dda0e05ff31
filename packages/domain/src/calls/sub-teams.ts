import { z } from 'zod'
import { id, listResponse, okSchema, pagingQuerySchema } from '../rules/wire'
import { defineCall } from './define'

// A conference's sub-teams list (spec 3 §2.4 Manage sub-teams, §3 Team, §7 Sub-teams).

export const subTeamOrderBy = ['created', 'title'] as const

/** One row of the sub-teams list (spec 3 §3: has_owner, owner_last_login, any_member_last_login). */
export const subTeamListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  address_formatted: z.string().nullable(),
  acms_id: z.string().nullable(),
  has_owner: z.boolean(),
  owner_name: z.string().nullable(),
  /** ISO time of the owner's last sign-in; null when the owner never signed in (or there is none). */
  owner_last_login: z.string().nullable(),
  /** ISO time of the latest sign-in of any other user of the sub-team; null when none ever signed in. */
  any_member_last_login: z.string().nullable(),
  users_count: z.number().int(),
  created_display: z.string(),
})
export type SubTeamListItem = z.infer<typeof subTeamListItemSchema>

export const manageTeamsQuery = pagingQuerySchema.extend({
  team_id: id,
  order_by: z.enum(subTeamOrderBy).optional(),
})
export type ManageTeamsQuery = z.input<typeof manageTeamsQuery>

const removeSubTeamRequest = z.object({ team_id: id, sub_team_id: id })

export const subTeamCalls = {
  manageTeams: defineCall({
    method: 'GET',
    path: '/manage-teams',
    request: manageTeamsQuery,
    response: listResponse(subTeamListItemSchema),
    summary: "The conference's sub-teams, searchable by title or ACMS id (update_team, conference only)",
  }),
  manageTeamsDelete: defineCall({
    method: 'POST',
    path: '/manage-teams/delete',
    request: removeSubTeamRequest,
    response: okSchema,
    summary: 'Delete a sub-team of the conference with everything it holds (update_team, conference only)',
  }),
  removeSubTeam: defineCall({
    method: 'POST',
    path: '/remove-sub-team',
    request: removeSubTeamRequest,
    response: okSchema,
    summary: 'The same as manage-teams/delete',
  }),
}
