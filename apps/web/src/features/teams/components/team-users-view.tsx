import { useTranslation } from 'react-i18next'
import { Alert, Loader, Stack, Text } from '@mantine/core'
import { grantableRoles, type GrantableRole, type TeamDetail } from '@crm/domain'
import { isApiError } from '../../../lib/api'
import { errorText } from '../../../lib/errors'
import { useTeamUsers, type UsersScope } from '../queries'
import { InviteForm } from './invite-form'
import { TeamUsersList } from './team-users-list'
import { UserImport } from './user-import'
import { NotAllowedScreen } from '../../../components/status-screens'

/** Member and leader; owner too for groups and conferences (spec 3 §5 Role choices; D3-5-09). */
export function roleChoicesFor(scope: UsersScope, detail: Pick<TeamDetail, 'is_conference'>): readonly GrantableRole[] {
  const withOwner = scope.kind !== 'team' || detail.is_conference
  return grantableRoles.filter((role) => role !== 'owner' || withOwner)
}

/** The forbidden screen of a users page (read_dcrm_team_users_names missing, or a 403/404). */
export function UsersNotAllowed() {
  const { t } = useTranslation('team-users')
  return <NotAllowedScreen message={t('notAllowed')} />
}

/**
 * The users of a team, group or conference sub-team (spec 3 §2.4 Team users): the sections,
 * then with update_dcrm_team_user the invite form and, on /team/users, the spreadsheet importer.
 */
export function TeamUsersView({ scope, withImport = false }: { scope: UsersScope; withImport?: boolean }) {
  const { t } = useTranslation('team-users')
  const detail = useTeamUsers(scope)
  // A group invites users of its team: their list comes with the team's.
  const teamScope: UsersScope = { kind: 'team', teamId: scope.kind === 'group' ? scope.teamId : 0 }
  const teamUsers = useTeamUsers(teamScope, scope.kind === 'group')

  if (detail.isPending) {
    return (
      <Stack align="center" py="lg" role="status" aria-label={t('loading')}>
        <Loader aria-hidden="true" />
      </Stack>
    )
  }
  if (detail.isError) {
    if (isApiError(detail.error) && (detail.error.status === 403 || detail.error.status === 404)) return <UsersNotAllowed />
    return (
      <Alert color="red" role="alert">
        {errorText(detail.error, t('loadFailed'))}
      </Alert>
    )
  }

  const data = detail.data
  const capabilities = data.user_capabilities
  const canEdit = capabilities.update_dcrm_team_user === true
  const roleChoices = roleChoicesFor(scope, data)
  const taken = [...(data.users ?? []).map((user) => user.email), ...(data.invited_users ?? []).map((invite) => invite.email)].filter(Boolean)

  return (
    <Stack gap="xl">
      <TeamUsersList
        scope={scope}
        detail={data}
        canEdit={canEdit}
        canRetire={scope.kind === 'subTeam' && capabilities.retire_user === true}
        roleChoices={roleChoices}
      />
      {canEdit && (
        <InviteForm
          scope={scope}
          takenEmails={taken}
          roleChoices={roleChoices}
          teamUsers={scope.kind === 'group' ? (teamUsers.data?.users ?? []) : undefined}
        />
      )}
      {canEdit && withImport && scope.kind === 'team' && <UserImport teamId={scope.teamId} />}
      {scope.kind === 'group' && teamUsers.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorText(teamUsers.error, t('loadFailed'))}
        </Text>
      )}
    </Stack>
  )
}
