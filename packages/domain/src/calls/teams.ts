import { z } from 'zod'
import { email } from '../rules/email'
import { totpSetupSchema } from './auth'
import { redirectPath } from '../rules/redirect'
import { flag, id, personName, requiredPersonName, requiredText } from '../rules/wire'
import { defineCall } from './define'

export const inviteSchema = z.object({ id: z.number().int(), team_name: z.string(), url: z.string() })
export type Invite = z.infer<typeof inviteSchema>

export const pendingItemsSchema = z.object({
  membership_requests: z.number().int(),
  owner_requests: z.number().int(),
})
export type PendingItems = z.infer<typeof pendingItemsSchema>

export const inviteKeyInfoSchema = z.object({
  team_name: z.string(),
  invited_by_name: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The email already has an account: accepting needs no form. */
  existing: z.boolean(),
})

/** The invite acceptance response of spec 3 §3. */
export const activateInviteResponseSchema = z.object({
  access_token: z.string().optional(),
  expires_in: z.number().int().optional(),
  encryption_key: z.string().optional(),
  user_id: z.number().int().optional(),
  two_factor_remember_id: z.string().nullable().optional(),
  /** 2fa_not_setup or 2fa_required when the new person must use two-factor sign-in. */
  code: z.enum(['2fa_not_setup', '2fa_required']).optional(),
  /** With 2fa_not_setup: the secret to set up. */
  totp: totpSetupSchema.optional(),
  team_id: z.number().int(),
  team_is_group: z.boolean(),
  team_parent_id: z.number().int().nullable(),
})

export const inviteCalls = {
  checkInviteKey: defineCall({
    method: 'POST',
    path: '/check-invite-key',
    request: z.object({ key: requiredText(200) }),
    response: inviteKeyInfoSchema,
    summary: 'Check the key of an invite link (expired, or not valid / already used)',
  }),
  activateInvite: defineCall({
    method: 'POST',
    path: '/activate-invite',
    request: z.object({
      key: requiredText(200),
      first_name: requiredPersonName(100).optional(),
      last_name: personName(100).optional(),
      email: email.optional(),
      password: z.string().min(1).max(1024).optional(),
      redirect_url: redirectPath,
      redirectUrl: redirectPath,
    }),
    response: activateInviteResponseSchema,
    summary: 'Accept an invite: a new person sets a password, an existing one joins at once',
  }),
}

export const teamCalls = {
  addGroup: defineCall({
    method: 'POST',
    path: '/add-group',
    // A group's name shows beside people's names: the same characters are refused.
    request: z.object({ team_id: id, title: requiredPersonName(120), is_private: flag.default(false) }),
    response: z.object({ id: z.number().int(), success_message: z.string().optional() }),
    summary: 'Create a group in a team',
  }),
  invites: defineCall({
    method: 'GET',
    path: '/invites',
    request: z.object({}),
    response: z.object({ items: z.array(inviteSchema), count: z.number().int() }),
    summary: "The signed-in person's pending invites",
  }),
  pendingItems: defineCall({
    method: 'GET',
    path: '/pending-items',
    request: z.object({ team_id: id }),
    response: pendingItemsSchema,
    summary: 'Counts of pending requests for the menu badges',
  }),
}
