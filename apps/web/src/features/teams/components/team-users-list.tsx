import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Stack, Text, Title } from '@mantine/core'
import type { GrantableRole, InvitedUser, TeamDetail, TeamRole, TeamUser } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { scopeIds, useDeleteInvite, useLockUser, useRemoveUserFromTeam, useRetireUser, useUnlockUser, type UsersScope } from '../queries'
import { EditUserPanel } from './team-users-edit'
import { UserCard } from './user-card'

/** The sections in the spec's order (spec 3 §2.4 Team users; D3-2.4-19). */
const roleSections = ['admin', 'entity_admin', 'owner', 'leader', 'member'] as const satisfies readonly TeamRole[]

export interface TeamUsersListProps {
  scope: UsersScope
  detail: TeamDetail
  /** update_dcrm_team_user: edit, delete and cancel buttons. */
  canEdit: boolean
  /** retire_user of the conference (a sub-team's users only). */
  canRetire?: boolean
  roleChoices: readonly GrantableRole[]
}

type Pending = { kind: 'edit' | 'remove' | 'retire' | 'lock' | 'unlock'; user: TeamUser } | { kind: 'cancelInvite'; invite: InvitedUser }

/** The users of a team, group or sub-team by role, then the open invites; 'Nothing found.' when none. */
export function TeamUsersList({ scope, detail, canEdit, canRetire = false, roleChoices }: TeamUsersListProps) {
  const { t } = useTranslation(['team-users', 'common'])
  const users = detail.users ?? []
  const invited = detail.invited_users ?? []
  const [pending, setPending] = useState<Pending | null>(null)
  const failure = useActionFailure()
  const remove = useRemoveUserFromTeam()
  const retire = useRetireUser()
  const deleteInvite = useDeleteInvite()
  const lock = useLockUser()
  const unlock = useUnlockUser()

  const ask = (next: Pending) => {
    failure.clear()
    setPending(next)
  }
  const close = () => setPending(null)
  // A failed call closes the dialog and the list says why (spec 3 §8).
  const run = (action: () => Promise<unknown>) => failure.attempt(action, t('actionFailed'))

  // Super admins and entity admins come from outside the team: their cards are not edited here.
  const editable = (user: TeamUser) => canEdit && !user.is_self && user.role !== 'admin' && user.role !== 'entity_admin'
  // The server sends account_lock to site admins only; nobody locks their own account.
  const lockable = (user: TeamUser) => user.account_lock !== undefined && !user.is_self

  if (users.length === 0 && invited.length === 0) {
    return (
      <Text c="dimmed" py="sm">
        {t('nothingFound')}
      </Text>
    )
  }

  const nameOf = (user: { name: string; email: string }) => user.name || user.email

  return (
    <Stack gap="lg">
      <ActionFailureAlert failure={failure} />
      {roleSections.map((role) => {
        const inSection = users.filter((user) => user.role === role)
        if (inSection.length === 0) return null
        const headingId = `team-users-${role}`
        return (
          <Stack component="section" gap="xs" key={role} aria-labelledby={headingId}>
            <Title order={2} size="h4" id={headingId}>
              {t(`sections.${role}`)}
            </Title>
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {inSection.map((user) => (
                <UserCard
                  key={user.user_id}
                  name={user.name}
                  email={user.email}
                  roleDisplay={t(`common:roles.${user.role}`)}
                  isSelf={user.is_self}
                  hasWwcc={user.has_wwcc}
                  hasAdsafe={user.has_adsafe}
                  lock={user.account_lock}
                  actions={
                    editable(user) || lockable(user) ? (
                      <>
                        {editable(user) && (
                          <>
                            <Button
                              size="xs"
                              variant="default"
                              aria-label={t('card.editOf', { name: nameOf(user) })}
                              onClick={() => ask({ kind: 'edit', user })}
                            >
                              {t('card.edit')}
                            </Button>
                            <Button
                              size="xs"
                              variant="default"
                              color="red"
                              aria-label={t('card.removeOf', { name: nameOf(user) })}
                              onClick={() => ask({ kind: 'remove', user })}
                            >
                              {t('card.remove')}
                            </Button>
                            {canRetire && (
                              <Button
                                size="xs"
                                variant="default"
                                color="red"
                                aria-label={t('card.retireOf', { name: nameOf(user) })}
                                onClick={() => ask({ kind: 'retire', user })}
                              >
                                {t('card.retire')}
                              </Button>
                            )}
                          </>
                        )}
                        {lockable(user) &&
                          (user.account_lock ? (
                            <Button
                              size="xs"
                              variant="default"
                              aria-label={t('card.unlockOf', { name: nameOf(user) })}
                              onClick={() => ask({ kind: 'unlock', user })}
                            >
                              {t('card.unlock')}
                            </Button>
                          ) : (
                            <Button
                              size="xs"
                              variant="default"
                              color="red"
                              aria-label={t('card.lockOf', { name: nameOf(user) })}
                              onClick={() => ask({ kind: 'lock', user })}
                            >
                              {t('card.lock')}
                            </Button>
                          ))}
                      </>
                    ) : undefined
                  }
                />
              ))}
            </Stack>
          </Stack>
        )
      })}
      {invited.length > 0 && (
        <Stack component="section" gap="xs" aria-labelledby="team-users-invited">
          <Title order={2} size="h4" id="team-users-invited">
            {t('sections.invited')}
          </Title>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {invited.map((invite) => (
              <UserCard
                key={invite.id}
                name={invite.name}
                email={invite.email}
                roleDisplay={t(`common:roles.${invite.role}`)}
                details={
                  <Text size="xs" c="dimmed">
                    {t('card.invitedOn', { created: invite.created_display, expires: invite.expires_display })}
                  </Text>
                }
                actions={
                  canEdit ? (
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      aria-label={t('card.cancelInviteOf', { name: nameOf(invite) })}
                      onClick={() => ask({ kind: 'cancelInvite', invite })}
                    >
                      {t('card.cancelInvite')}
                    </Button>
                  ) : undefined
                }
              />
            ))}
          </Stack>
        </Stack>
      )}

      {pending?.kind === 'edit' && <EditUserPanel scope={scope} user={pending.user} roleChoices={roleChoices} onClose={close} />}
      <ConfirmDialog
        opened={pending?.kind === 'remove'}
        title={t('confirmRemove.title')}
        message={pending?.kind === 'remove' ? t('confirmRemove.message', { name: nameOf(pending.user) }) : ''}
        confirmLabel={t('confirmRemove.confirm')}
        danger
        onClose={close}
        onConfirm={() => pending?.kind === 'remove' && run(() => remove.mutateAsync({ ...scopeIds(scope), user_id: pending.user.user_id }))}
      />
      <ConfirmDialog
        opened={pending?.kind === 'retire'}
        title={t('confirmRetire.title')}
        message={pending?.kind === 'retire' ? t('confirmRetire.message', { name: nameOf(pending.user) }) : ''}
        confirmLabel={t('confirmRetire.confirm')}
        danger
        onClose={close}
        onConfirm={() =>
          pending?.kind === 'retire' &&
          scope.kind === 'subTeam' &&
          run(() => retire.mutateAsync({ conference_team_id: scope.conferenceId, team_id: scope.subTeamId, user_id: pending.user.user_id }))
        }
      />
      <ConfirmDialog
        opened={pending?.kind === 'lock'}
        title={t('confirmLock.title')}
        message={pending?.kind === 'lock' ? t('confirmLock.message', { name: nameOf(pending.user) }) : ''}
        confirmLabel={t('confirmLock.confirm')}
        danger
        onClose={close}
        onConfirm={() => pending?.kind === 'lock' && run(() => lock.mutateAsync({ user_id: pending.user.user_id }))}
      />
      <ConfirmDialog
        opened={pending?.kind === 'unlock'}
        title={t('confirmUnlock.title')}
        message={pending?.kind === 'unlock' ? t('confirmUnlock.message', { name: nameOf(pending.user) }) : ''}
        confirmLabel={t('confirmUnlock.confirm')}
        onClose={close}
        onConfirm={() => pending?.kind === 'unlock' && run(() => unlock.mutateAsync({ user_id: pending.user.user_id }))}
      />
      <ConfirmDialog
        opened={pending?.kind === 'cancelInvite'}
        title={t('confirmCancelInvite.title')}
        message={pending?.kind === 'cancelInvite' ? t('confirmCancelInvite.message', { name: nameOf(pending.invite) }) : ''}
        confirmLabel={t('confirmCancelInvite.confirm')}
        danger
        onClose={close}
        onConfirm={() =>
          pending?.kind === 'cancelInvite' &&
          run(() => {
            const { conference_team_id: _conference, ...ids } = scopeIds(scope)
            return deleteInvite.mutateAsync({ ...ids, invite_id: pending.invite.id })
          })
        }
      />
    </Stack>
  )
}
