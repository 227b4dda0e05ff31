import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Stack, Text, Title } from '@mantine/core'
import type { Group } from '@crm/domain'
import { useSession } from '../../session/session'
import { isBuiltPath } from '../../../lib/paths'
import { usePageTitle } from '../../../lib/page-title'
import { AddGroupForm } from '../components/add-group-form'
import { GroupList } from '../components/group-list'
import { InvitesList } from '../components/invites-list'
import { useAddGroup } from '../queries'

/** /group/switch and /contacts/group/switch: pick the group to work in, or add one. */
export function SwitchGroupPage() {
  const { t } = useTranslation('teams')
  const { account, team, group: selected, groups, selectGroup } = useSession()
  const navigate = useNavigate()
  const addGroup = useAddGroup()
  const [busyId, setBusyId] = useState<number | null>(null)
  const [failed, setFailed] = useState(false)
  usePageTitle(t('switchGroup.pageName'))
  if (!team) return null

  const open = async (group: Group) => {
    setBusyId(group.id)
    setFailed(false)
    try {
      let groupId = group.id
      if (group.is_temp_private_group) {
        // The offer of a private group of one's own: created when first picked.
        const created = await addGroup.mutateAsync({
          team_id: team.id,
          title: t('myPrivateGroupTitle', { name: account?.name ?? '' }),
          is_private: true,
        })
        groupId = created.id
      }
      await selectGroup(groupId)
      // /contacts is built by a later issue; until then a selected group opens the dashboard.
      await navigate(isBuiltPath('/contacts') ? '/contacts' : '/')
    } catch {
      setFailed(true)
    } finally {
      setBusyId(null)
    }
  }

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('switchGroup.title')}</Title>
      {failed && (
        <Alert color="red" role="alert">
          {t('addGroup.error')}
        </Alert>
      )}
      {groups.length === 0 ? (
        <Text>{t('switchGroup.noGroups')}</Text>
      ) : (
        <GroupList team={team} groups={groups} selectedId={selected?.id ?? null} busyId={busyId} onOpen={(group) => void open(group)} />
      )}
      <InvitesList />
      <AddGroupForm team={team} />
    </Stack>
  )
}

export { SwitchGroupPage as Component }
