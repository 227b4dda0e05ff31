import { z } from 'zod'
import { teamRoles } from '../capabilities'
import { email } from '../rules/email'
import { flag, id, okSchema, personName, requiredPersonName, requiredText, text } from '../rules/wire'
import { capabilityMapSchema } from './account'
import { accountLockReasons } from './auth'
import { addressView } from './contact-shapes'
import { addressWriteFields } from './places'
import { defineCall } from './define'
import { importIssueSchema } from './contact-import'

// Team administration (spec 3 §2.4, §3 Team or group, §5, §6, §7 Teams, groups, users; Sub-teams).

/** Roles a team user can be given (spec 3 §5 Role choices); owner only for groups and conferences. */
export const grantableRoles = ['member', 'leader', 'owner'] as const
export type GrantableRole = (typeof grantableRoles)[number]

/** Most rows of one import-team-users call. */
export const maxTeamUserImportRows = 5000

/** A person with a place in the team or group (spec 3 §3 users). */
export const teamUserSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(teamRoles),
  role_display_name: z.string(),
  has_wwcc: z.boolean(),
  has_adsafe: z.boolean(),
  hidden_in_contacts: z.boolean(),
  /** The caller's own card: it links to /profile. */
  is_self: z.boolean(),
  last_login_display: z.string().nullable(),
  /** Site admins only (absent for anyone else): why the account is locked, null when it is not. */
  account_lock: z.enum(accountLockReasons).nullable().optional(),
})
export type TeamUser = z.infer<typeof teamUserSchema>

/** An open invite, shown under Invited until it is accepted (spec 3 §3 invited_users). */
export const invitedUserSchema = z.object({
  id: z.number().int(),
  /** The invite names a person who already has an account (a group invite of a team user). */
  is_user_invite: z.boolean(),
  name: z.string(),
  email: z.string(),
  role: z.enum(teamRoles),
  role_display_name: z.string(),
  created_display: z.string(),
  expires_display: z.string(),
})
export type InvitedUser = z.infer<typeof invitedUserSchema>

/** A team or a group as its view, edit and users pages read it (spec 3 §3 Team or group). */
export const teamDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  parent_id: z.number().int().nullable(),
  ...addressView,
  acms_id: z.string().nullable(),
  is_group: z.boolean(),
  is_conference: z.boolean(),
  /** A church or chaplaincy of a conference: its edit form has the ACMS section. */
  is_sub_team: z.boolean(),
  is_public: z.boolean(),
  /** No contacts and no users besides its owner (a public group may then be removed). */
  is_empty: z.boolean(),
  owner_id: z.number().int().nullable(),
  isolated_owner_id: z.number().int().nullable(),
  user_role: z.enum(teamRoles).nullable(),
  user_role_display_name: z.string(),
  user_capabilities: capabilityMapSchema,
  has_owner: z.boolean(),
  owner_last_login: z.string().nullable(),
  any_member_last_login: z.string().nullable(),
  has_md_integration: z.boolean(),
  /** The Remove button of the edit form (spec 3 §6). */
  can_remove: z.boolean(),
  /** The Leave button: false for owners (spec 3 §6). */
  can_leave: z.boolean(),
  /** With with_users=1 (read_dcrm_team_users_names): the people, by name. */
  users: z.array(teamUserSchema).optional(),
  invited_users: z.array(invitedUserSchema).optional(),
})
export type TeamDetail = z.infer<typeof teamDetailSchema>

/** The fields of the team edit form and the sub-team form (Basic info, Address, ACMS). */
export const teamFormFields = {
  title: requiredText(120),
  description: text(5000).optional(),
  ...addressWriteFields,
  acms_id: text(60).nullable().optional(),
}

/** A conference acting on one of its sub-teams (spec 3 §7: conference_team_id and sub_team_id). */
const conferenceFields = { conference_team_id: id.optional(), sub_team_id: id.optional() }

/** send-invite: a new person by email (team), or a chosen team user (group, invite_user_id). */
export const sendInviteRequest = z.object({
  team_id: id,
  /** Invite to this group of the team (a chosen user). */
  group_id: id.optional(),
  invite_user_id: id.optional(),
  first_name: personName(100).optional(),
  last_name: personName(100).optional(),
  email: email.optional(),
  role: z.enum(grantableRoles),
  ignore_acms_check: flag.optional(),
})
export type SendInviteInput = z.input<typeof sendInviteRequest>

/** The invite answer: the spec's 'An invite has been sent to {email}.' */
export const sendInviteResponse = z.object({ invite_id: z.number().int(), email: z.string(), success_message: z.string() })

/** One row of the users spreadsheet (spec 3 §5: all four columns required). */
// A missing or bad cell is reported on its row (status invalid), never a 400 of the whole file.
export const teamUserImportRow = z.object({
  first_name: z.unknown().optional(),
  last_name: z.unknown().optional(),
  email: z.unknown().optional(),
  role: z.unknown().optional(),
})

export const teamUserImportResult = z.object({
  /** 1-based, as the spreadsheet numbers its data rows. */
  row: z.number().int(),
  email: z.string(),
  status: z.enum(['invited', 'in_team', 'invalid', 'acms_not_in_church']),
  /** By column: what is wrong, in English (scripts, older clients). */
  errors: z.record(z.string(), z.string()),
  /**
   * The same as codes with their parameters, one per column: the web words them (issue 36).
   * A row not invited for its email carries in_team, acms_not_in_church or acms_requires_admin.
   */
  issues: z.array(importIssueSchema),
})

export const teamAdminCalls = {
  manageTeam: defineCall({
    method: 'GET',
    path: '/manage-team/:id',
    params: z.object({ id }),
    request: z.object({ team_id: id, with_users: flag.optional() }),
    response: teamDetailSchema,
    summary: 'The team (id = team_id), one of its groups, or a sub-team of the conference team_id; with_users=1 adds users and invites',
  }),
  updateTeam: defineCall({
    method: 'POST',
    path: '/update-team',
    request: z.object({ team_id: id, user_id: id.optional(), sub_team_id: id.optional(), ...teamFormFields }),
    response: okSchema,
    summary: 'Edit the team (update_team), or a sub-team of the conference team_id',
  }),
  updateGroup: defineCall({
    method: 'POST',
    path: '/update-group',
    request: z.object({ team_id: id, group_id: id, user_id: id.optional(), title: requiredPersonName(120), description: text(5000).optional() }),
    response: okSchema,
    summary: "Edit a group's name and description",
  }),
  removeGroup: defineCall({
    method: 'POST',
    path: '/remove-group',
    request: z.object({ team_id: id, group_id: id }),
    response: okSchema,
    summary: 'Remove a group: its owner with delete_own_group, or an empty public group with delete_public_group',
  }),
  leaveTeam: defineCall({
    method: 'POST',
    path: '/leave-team',
    request: z.object({ team_id: id, group_id: id.optional() }),
    response: okSchema,
    summary: 'Leave the team (or the group group_id); never the owner',
  }),
  sendInvite: defineCall({
    method: 'POST',
    path: '/send-invite',
    request: sendInviteRequest,
    response: sendInviteResponse,
    summary: 'Invite a person to the team, or a team user to a group; checks the church roster unless ignore_acms_check',
  }),
  sendInviteConferenceSubTeam: defineCall({
    method: 'POST',
    path: '/send-invite-conference-sub-team',
    request: sendInviteRequest.omit({ group_id: true, invite_user_id: true }).extend({ conference_team_id: id, sub_team_id: id }),
    response: sendInviteResponse,
    summary: 'A conference invites a new owner to one of its sub-teams (the role is owner)',
  }),
  deleteInvite: defineCall({
    method: 'POST',
    path: '/delete-invite',
    request: z.object({ team_id: id, invite_id: id, group_id: id.optional(), sub_team_id: id.optional() }),
    response: okSchema,
    summary: 'Cancel an open invite',
  }),
  updateTeamUser: defineCall({
    method: 'POST',
    // The contact edit shares the path (spec 2 and 3 both say update-user): a body with a
    // team user's fields (role, has_wwcc, has_adsafe, hidden_in_contacts, conference ids) is this call.
    path: '/update-user',
    request: z.object({
      team_id: id,
      group_id: id.optional(),
      user_id: id,
      role: z.enum(grantableRoles).optional(),
      has_wwcc: flag.optional(),
      has_adsafe: flag.optional(),
      hidden_in_contacts: flag.optional(),
      ...conferenceFields,
    }),
    response: okSchema,
    summary: "Change a team user's role and checks (in a conference: the checks only)",
  }),
  removeUserFromTeam: defineCall({
    method: 'POST',
    path: '/remove-user-from-team',
    request: z.object({ team_id: id, group_id: id.optional(), user_id: id, ...conferenceFields }),
    response: okSchema,
    summary: 'Take a person out of the team (or group); never the last owner',
  }),
  retireUser: defineCall({
    method: 'POST',
    path: '/retire-user',
    request: z.object({ conference_team_id: id, team_id: id, user_id: id }),
    response: okSchema,
    summary: 'A conference retires a person: out of every team of the conference, their assignments there ended',
  }),
  importTeamUsers: defineCall({
    method: 'POST',
    path: '/import-team-users',
    request: z.object({
      team_id: id,
      data: z.array(teamUserImportRow).min(1).max(maxTeamUserImportRows),
      ignore_acms_check: flag.optional(),
    }),
    response: z.object({ items: z.array(teamUserImportResult), invited: z.number().int(), failed: z.number().int() }),
    summary: 'Invite the rows of a users spreadsheet; each row is checked and reported, the good ones invited',
  }),
  acmsGetIdForTeam: defineCall({
    method: 'GET',
    path: '/acms-get-id-for-team',
    request: z.object({
      /**
       * The conference; optional (spec 3 §7: team_name, conference_acms_id): without it the
       * conference is the one whose ACMS id is conference_acms_id.
       */
      team_id: id.optional(),
      team_name: requiredText(120),
      conference_acms_id: text(60).optional(),
      /** The sub-team being edited: its own id may be guessed, never one another sub-team holds. */
      sub_team_id: id.optional(),
    }),
    response: z.object({ id: z.string().nullable() }),
    summary: "Guess a sub-team's ACMS id from its name, in the conference's church roster (an id another sub-team holds is never guessed)",
  }),
  manageTeamsAdd: defineCall({
    method: 'POST',
    path: '/manage-teams/add',
    request: z.object({ team_id: id, ...teamFormFields }),
    response: z.object({ id: z.number().int(), success_message: z.string().optional() }),
    summary: 'Add a sub-team to the conference (name_taken, require_address)',
  }),
  addSubTeam: defineCall({
    method: 'POST',
    path: '/add-sub-team',
    request: z.object({ team_id: id, ...teamFormFields }),
    response: z.object({ id: z.number().int(), success_message: z.string().optional() }),
    summary: 'The same as manage-teams/add',
  }),
}
