import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Stack, Title } from '@mantine/core'
import type { PageSize } from '@crm/domain'
import { Paging, usePageParam, usePageSize, useReducePageToMax } from '../../../components/paging'
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
  const [page, setPage] = usePageParam()
  const [pageSize, setPageSize] = usePageSize()

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
      <NotificationList
        teamId={team.id}
        groupId={group.id}
        tab={tab}
        onTabChange={setTab}
        page={page}
        perPage={pageSize}
        footer={(list) => (
          <PageFooter count={list.count} page={page} pageSize={pageSize} setPage={setPage} setPageSize={setPageSize} label={t('pages')} />
        )}
      />
    </Stack>
  )
}

interface PageFooterProps {
  count: number
  page: number
  pageSize: PageSize
  setPage: (page: number, options?: { replace?: boolean }) => void
  setPageSize: (size: PageSize) => void
  label: string
}

function PageFooter({ count, page, pageSize, setPage, setPageSize, label }: PageFooterProps) {
  const maxPages = Math.max(1, Math.ceil(count / pageSize))
  // After marking the last items of the last page read, go back to the last page that has any.
  useReducePageToMax(page, maxPages, setPage)
  return <Paging page={page} maxPages={maxPages} onPageChange={setPage} pageSize={pageSize} onPageSizeChange={setPageSize} label={label} />
}

export { NotificationsPage as Component }
