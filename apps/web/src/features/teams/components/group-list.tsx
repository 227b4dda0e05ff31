import { useTranslation } from 'react-i18next'
import { Badge, Group as Row, Stack } from '@mantine/core'
import { IconCheck, IconLock, IconPlus } from '@tabler/icons-react'
import type { Group, Team } from '@crm/domain'
import { isPrimaryGroup } from '../../session/selection'
import { ListButton } from './list-button'

interface GroupListProps {
  team: Team
  groups: Group[]
  selectedId: number | null
  /** The group being opened, while it is. */
  busyId: number | null
  onOpen: (group: Group) => void
}

/** A team's groups: 'Primary: {title}' first, a lock on groups that are not public. */
export function GroupList({ team, groups, selectedId, busyId, onOpen }: GroupListProps) {
  const { t } = useTranslation(['teams', 'common'])

  const labelOf = (group: Group) => {
    if (group.is_temp_private_group) return t('switchGroup.createPrivate')
    if (isPrimaryGroup(team, group)) return t('switchGroup.primary', { title: group.title })
    return group.title
  }

  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('switchGroup.groupsLabel', { team: team.title })}>
      {groups.map((group) => {
        const isSelected = selectedId === group.id && !group.is_temp_private_group
        return (
          <li key={`${group.id}-${group.is_temp_private_group ? 'temp' : 'group'}`}>
            <ListButton
              variant={isSelected ? 'light' : 'default'}
              aria-current={isSelected ? 'true' : undefined}
              loading={busyId === group.id}
              disabled={busyId !== null && busyId !== group.id}
              leftSection={
                group.is_temp_private_group ? <IconPlus size={18} aria-hidden="true" /> : isSelected ? <IconCheck size={18} aria-hidden="true" /> : undefined
              }
              rightSection={
                <Row gap="xs" wrap="nowrap">
                  {isSelected && (
                    <Badge variant="outline" size="sm">
                      {t('switchGroup.selected')}
                    </Badge>
                  )}
                  {group.user_role && (
                    <Badge variant="light" color="gray" size="sm">
                      {t(`common:roles.${group.user_role}`)}
                    </Badge>
                  )}
                  {!group.is_public && <IconLock size={18} role="img" aria-label={t('switchGroup.notPublic')} />}
                </Row>
              }
              onClick={() => onOpen(group)}
            >
              {labelOf(group)}
            </ListButton>
          </li>
        )
      })}
    </Stack>
  )
}
