import type { Executor } from '../../db/client'
import type { Deps } from '../../platform/deps'
import { queueMail, type Mail } from '../../platform/mail'
import { derivedKey } from '../../platform/tokens'

/** The key of an invite's link, derived from the server secret (only its hash is stored). */
export function inviteKey(deps: Pick<Deps, 'config'>, inviteId: number, createdAt: Date): string {
  return derivedKey(deps.config.appSecret, 'invite', inviteId, createdAt.getTime())
}

export interface InviteLinkData {
  id: number
  created_at: Date
  email: string
  first_name: string
  last_name: string
  team_title: string
  invited_by_name: string
  /** The email already has an account. */
  existing: boolean
}

/** The /accept-invite link of an invite (spec 3 §2.5), with its derived key. */
export function inviteLink(deps: Pick<Deps, 'config'>, invite: InviteLinkData): string {
  const query = new URLSearchParams({
    key: inviteKey(deps, invite.id, invite.created_at),
    ...(invite.existing ? { existing: '1' } : {}),
    email: invite.email,
    first_name: invite.first_name,
    last_name: invite.last_name,
    invited_to_name: invite.team_title,
    invited_by_name: invite.invited_by_name,
  })
  return `${deps.config.publicUrl}/accept-invite?${query}`
}

/** Mails an invite's link; call it in the transaction that creates the invite. */
export async function queueInviteMail(tx: Executor, deps: Pick<Deps, 'config' | 'now'>, invite: InviteLinkData): Promise<void> {
  await queueMail(tx, deps, inviteMail(deps, invite))
}

/** The mail of an invite's link (queueInviteMail sends one; an import inserts many at once). */
export function inviteMail(deps: Pick<Deps, 'config'>, invite: InviteLinkData): Mail {
  const { siteName } = deps.config
  const inviter = invite.invited_by_name || siteName
  return {
    to: invite.email,
    template: 'invite',
    subject: `${inviter} invites you to ${invite.team_title}`,
    text: [
      `Hello${invite.first_name ? ` ${invite.first_name}` : ''},`,
      '',
      `${inviter} has invited you to join ${invite.team_title} on ${siteName}.`,
      'To accept, open this link:',
      '',
      inviteLink(deps, invite),
      '',
      'If you were not expecting this invite, you can ignore this email.',
      '',
      siteName,
    ].join('\n'),
  }
}
