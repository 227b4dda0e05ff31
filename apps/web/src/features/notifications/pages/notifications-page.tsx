import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Stack, Title } from '@mantine/core'
import { useListPaging } from '../../../components/paging'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { NotificationList } from '../components/notification-list'
import type { NotificationTab } from '../queries'

/** /notifications: the panel's list on a page of its own, with paging (spec 1 §2.10, spec 3 §2.7). */
export function NotificationsPage() {
  const { t } = useTranslation('notifications')
  usePageTitle(t('pageName'))
  const { team, group } = useSession()
  const [params, setParams] = useSearchParams()
  const tab: NotificationTab = params.get('tab') === 'read' ? 'read' : 'unread'
  const paging = useListPaging()

  // The tab stays in the address (back button, shared links); a new tab starts at page 1.
  const setTab = (next: NotificationTab) =>
    setParams((current) => {
      const updated = new URLSearchParams(current)
      if (next === 'read') updated.set('tab', 'read')
      else updated.delete('tab')
      updated.delete('page')
      return updated
    })

  // The route guard renders this page only with a team and a group selected.
  if (!team || !group) return null
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>{t('pageName')}</Title>
      <NotificationList teamId={team.id} groupId={group.id} tab={tab} onTabChange={setTab} paging={paging} />
    </Stack>
  )
}

export { NotificationsPage as Component }
