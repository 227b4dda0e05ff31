import { z } from 'zod'
import { capabilityNames, teamRoles } from '../capabilities'
import { email } from '../rules/email'
import { isNoteCiphertext, maxNoteCiphertextLength } from '../rules/note-ciphertext'
import { flag, id, okSchema, personName, requiredPersonName, text } from '../rules/wire'
import { newPassword, totpCode, totpSetupSchema } from './auth'
import { defineCall } from './define'
import { issueOf } from '../field-errors'

export const capabilityMapSchema = z.record(z.enum(capabilityNames), z.boolean())

export const groupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The primary group: its id equals its team's id. */
  is_main_group: z.boolean(),
  is_public: z.boolean(),
  /** The offer of a private group of one's own, created on first pick (decisions.md). */
  is_temp_private_group: z.boolean(),
  user_role: z.enum(teamRoles).nullable(),
  user_role_display_name: z.string(),
  user_capabilities: capabilityMapSchema,
})
export type Group = z.infer<typeof groupSchema>

export const teamSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  parent_id: z.number().int().nullable(),
  user_role: z.enum(teamRoles),
  user_role_display_name: z.string(),
  is_conference: z.boolean(),
  user_capabilities: capabilityMapSchema,
  /** Groups by id; the primary group's id is the team's. */
  groups: z.record(z.string(), groupSchema),
  address_lat: z.number().nullable(),
  address_lng: z.number().nullable(),
  address_country: z.string().nullable(),
  /** The team's time zone (its settings, else defaultTimeZone): dates and times are shown in it. */
  time_zone: z.string(),
})
export type Team = z.infer<typeof teamSchema>

export const avatarSchema = z.object({
  url: z.string().nullable(),
  no_bg: z.boolean(),
  srcset: z.string().nullable(),
  webp: z.string().nullable(),
  srcset_webp: z.string().nullable(),
  sizes: z.string().nullable(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
})

export const accountSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  name_initials: z.string(),
  avatar: avatarSchema,
  /** What draws the placeholder avatar: initials on a colour chosen from the id. */
  avatar_data: z.object({ initials: z.string(), color: z.string() }),
  role: z.enum(['admin', 'user']),
  locale: z.string(),
  teams: z.record(z.string(), teamSchema).optional(),
  teams_number: z.number().int(),
  sync_with_md: z.boolean(),
  email: z.string(),
})
export type Account = z.infer<typeof accountSchema>

/** The profile form of /profile (spec 3 §2.6). */
export const profileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** E.164, or empty. */
  phone: z.string(),
  locale: z.string(),
  sync_with_md: z.boolean(),
  /** Owner of a team with the member-database integration: may sync (spec 3 §2.6). */
  can_sync_with_md: z.boolean(),
  /** While synced with MD: whether MD knows the account's email (names and phone then come from it). */
  md_member_found: z.boolean().optional(),
  two_factor_enabled: z.boolean(),
  /** Site admins, entity admins and owners must use two-factor sign-in. */
  two_factor_required: z.boolean(),
  /** The per-account salt private notes' key is derived with (as at sign-in). */
  encryption_key: z.string(),
})
export type Profile = z.infer<typeof profileSchema>

/**
 * A private note re-encrypted in the browser with the key of the new password: ciphertext by
 * the rule add-contact-note and update-contact-note apply, so a password change cannot store
 * plain text as a private note.
 */
export const reencryptedNoteSchema = z.object({
  id,
  content: z.string().max(maxNoteCiphertextLength).refine(isNoteCiphertext, issueOf('note_not_encrypted')),
})

export const updateAccountRequestSchema = z.object({
  first_name: requiredPersonName(100).optional(),
  last_name: personName(100).optional(),
  phone: text(40).optional(),
  locale: z.enum(['en', 'es']).optional(),
  email: email.optional(),
  sync_with_md: flag.optional(),
  /** Needed to change the email or the password. */
  old_password: z.string().max(1024).optional(),
  /** A new password; blank keeps the current one. */
  password: newPassword.optional().or(z.literal('').transform(() => undefined)),
  /** Every private note of the person, re-encrypted with the new password's key. */
  private_notes: z.array(reencryptedNoteSchema).max(100_000).optional(),
})

export const updateAccountResponseSchema = z.object({
  success_message: z.string().optional(),
  /** The email or password changed: every session has ended, sign in again. */
  force_logout: z.boolean(),
  errors: z.array(z.string()),
})

/** Removing the account asks for the password, and the code while two-factor sign-in is on. */
export const deleteAccountRequestSchema = z.object({
  password: z.string().min(1).max(1024),
  totp: totpCode,
})

export const accountCalls = {
  user: defineCall({
    method: 'GET',
    path: '/user',
    request: z.object({ return_teams: flag.optional() }),
    response: accountSchema,
    summary: 'The signed-in account, with its teams and groups when return_teams=1',
  }),
  profile: defineCall({
    method: 'GET',
    path: '/profile',
    request: z.object({}),
    response: profileSchema,
    summary: 'The profile form of the signed-in account',
  }),
  updateAccount: defineCall({
    method: 'POST',
    path: '/update-account',
    request: updateAccountRequestSchema,
    response: updateAccountResponseSchema,
    summary: 'Update the profile; a new email or password ends every session (force_logout)',
  }),
  deleteAccount: defineCall({
    method: 'DELETE',
    path: '/delete-account',
    request: deleteAccountRequestSchema,
    response: okSchema,
    summary: 'Remove the signed-in account and its private groups (needs the password, and the code with two-factor on)',
  }),
  twoFactorSetup: defineCall({
    method: 'POST',
    path: '/two-factor-setup',
    request: z.object({}),
    response: totpSetupSchema,
    summary: 'Start two-factor sign-in: a new secret, as a QR code and in groups of four',
  }),
  twoFactorEnable: defineCall({
    method: 'POST',
    path: '/two-factor-enable',
    // A pipe, not a refine: zod skips the refinements of an optional field that is absent.
    request: z.object({ totp: totpCode.pipe(z.string({ error: 'Required' })) }),
    response: okSchema,
    summary: 'Turn two-factor sign-in on with a code from the new secret',
  }),
  twoFactorDisable: defineCall({
    method: 'POST',
    path: '/two-factor-disable',
    request: z.object({ password: z.string().min(1).max(1024) }),
    response: okSchema,
    summary: 'Turn two-factor sign-in off (not for roles that require it)',
  }),
  myPrivateNotes: defineCall({
    method: 'GET',
    path: '/my-private-notes',
    request: z.object({}),
    response: z.object({ items: z.array(z.object({ id: z.number().int(), content: z.string() })) }),
    summary: 'Every private note of the signed-in person, as ciphertext (for re-encryption)',
  }),
}
