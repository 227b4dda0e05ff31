import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ActionIcon, Anchor, CloseButton, Group, Indicator, Popover, Stack, Title } from '@mantine/core'
import { IconBell } from '@tabler/icons-react'
import { useSession } from '../../session/session'
import { useUnreadCount, type NotificationTab } from '../queries'
import { NotificationList } from './notification-list'

/** Items the panel shows; /notifications pages through the rest. */
const panelItems = 20

export interface NotificationsBellProps {
  opened: boolean
  onToggle: () => void
  onClose: () => void
  /** A phone: the panel takes the whole width, below the header. */
  isMobile: boolean
}

/** The header's bell with the unread count, and the notifications panel it opens (spec 1 §2.10). */
export function NotificationsBell(props: NotificationsBellProps) {
  const { team, group } = useSession()
  // Notifications belong to a selected team and group, once the membership is approved.
  if (!team || !group || team.user_role === 'member_request') return null
  return <Bell {...props} teamId={team.id} groupId={group.id} />
}

function Bell({ opened, onToggle, onClose, isMobile, teamId, groupId }: NotificationsBellProps & { teamId: number; groupId: number }) {
  const { t } = useTranslation('notifications')
  const unread = useUnreadCount(teamId, groupId, true).data ?? 0
  const label = unread > 0 ? t('bell.unread', { count: unread }) : t('bell.none')

  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="red" offset={4}>
      <Popover
        opened={opened}
        onChange={(open) => !open && onClose()}
        position="bottom-end"
        width={isMobile ? 'calc(100vw - 16px)' : 420}
        shadow="md"
        trapFocus
        closeOnEscape
      >
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label} aria-expanded={opened} onClick={onToggle} color="gray">
            <IconBell size={22} aria-hidden="true" />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-label={t('panelTitle')} p="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h4">
                {t('panelTitle')}
              </Title>
              <CloseButton aria-label={t('close')} onClick={onClose} />
            </Group>
            <PanelBody teamId={teamId} groupId={groupId} onClose={onClose} />
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  )
}

// Mounted only while the panel is open, so its 60 s poll runs only then (spec 1 §7).
function PanelBody({ teamId, groupId, onClose }: { teamId: number; groupId: number; onClose: () => void }) {
  const { t } = useTranslation('notifications')
  const [tab, setTab] = useState<NotificationTab>('unread')
  return (
    <Stack gap="sm" mah="70vh" style={{ overflowY: 'auto' }}>
      <NotificationList teamId={teamId} groupId={groupId} tab={tab} onTabChange={setTab} paging={{ perPage: panelItems }} poll onNavigate={onClose} />
      <Anchor component={Link} to="/notifications" size="sm" onClick={onClose}>
        {t('seeAll')}
      </Anchor>
    </Stack>
  )
}
