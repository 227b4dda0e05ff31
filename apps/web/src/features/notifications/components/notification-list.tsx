import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core'
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react'
import { clearAllAfterItems, type Notification, type SystemNotification } from '@crm/domain'
import { PagedListBody } from '../../../components/paged-list-section'
import type { ListPaging } from '../../../components/paging'
import { useDateFormat } from '../../../lib/date-format'
import { errorText } from '../../../lib/errors'
import { notificationKeys, useNotifications, useSeenAllNotifications, useSeenNotification, type NotificationTab } from '../queries'

export interface NotificationListProps {
  teamId: number
  groupId: number
  tab: NotificationTab
  onTabChange: (tab: NotificationTab) => void
  /** The page's paging (/notifications), or the one page of `perPage` items the panel shows. */
  paging: ListPaging | { perPage: number }
  /** Fetch again every 60 s (the open panel). */
  poll?: boolean
  /** Called when a link inside the list is followed (the panel closes). */
  onNavigate?: () => void
}

/** The notifications of the panel and of /notifications: tabs, items, mark as read (spec 1 §2.10). */
export function NotificationList({ teamId, groupId, tab, onTabChange, paging, poll = false, onNavigate }: NotificationListProps) {
  const { t } = useTranslation('notifications')
  const [pageNumber, perPage] = 'page' in paging ? [paging.page, paging.pageSize] : [1, paging.perPage]
  const list = useNotifications({ team_id: teamId, group_id: groupId, filter: tab, page: pageNumber, per_page: perPage }, { poll })
  const seen = useSeenNotification()
  const seenAll = useSeenAllNotifications()
  const [failure, setFailure] = useState<string | null>(null)
  const data = list.data
  // The answer counts the items but not the pages.
  const page = data && { ...data, max_pages: Math.max(1, Math.ceil(data.count / perPage)) }
  const unread = data?.count_unread
  const queryClient = useQueryClient()
  // Every answer carries the unread count: the header's bell follows it (the open panel's poll).
  useEffect(() => {
    if (unread !== undefined) queryClient.setQueryData(notificationKeys.unread(teamId, groupId), unread)
  }, [queryClient, teamId, groupId, unread])

  const markSeen = async (id: number) => {
    setFailure(null)
    try {
      await seen.mutateAsync(id)
    } catch (error) {
      setFailure(errorText(error, t('markFailed')))
    }
  }
  const markAllSeen = async () => {
    setFailure(null)
    try {
      await seenAll.mutateAsync(undefined)
    } catch (error) {
      setFailure(errorText(error, t('markFailed')))
    }
  }

  return (
    <Tabs value={tab} onChange={(value) => value && onTabChange(value as NotificationTab)} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab
          value="unread"
          rightSection={
            unread === undefined ? undefined : (
              <Badge size="sm" variant={unread > 0 ? 'filled' : 'light'} circle={unread < 10} data-testid="unread-tab-count">
                {unread}
              </Badge>
            )
          }
        >
          {t('tabs.unread')}
        </Tabs.Tab>
        <Tabs.Tab value="read">{t('tabs.read')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value={tab} pt="sm">
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <PagedListBody
            list={{ data: page, isError: list.isError, isFetching: list.isFetching, isPlaceholderData: list.isPlaceholderData, refetch: list.refetch }}
            paging={'page' in paging ? paging : undefined}
            pager="answer"
            failure="box"
            texts={{
              nothingFound: tab === 'unread' ? t('emptyUnread') : t('emptyRead'),
              loadFailed: errorText(list.error, t('loadFailed')),
              loading: t('loading'),
              pagesOf: t('pages'),
            }}
            renderRows={(items) => (
              <>
                {/* 'clear all' marks every notification read; it shows only with more than 2 unread (spec 1 §2.10). */}
                {tab === 'unread' && page && page.count > clearAllAfterItems && (
                  <Group justify="flex-end">
                    <Button size="compact-sm" variant="light" onClick={() => void markAllSeen()} loading={seenAll.isPending} title={t('clearAllHint')}>
                      {t('clearAll')}
                    </Button>
                  </Group>
                )}
                <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={tab === 'unread' ? t('tabs.unread') : t('tabs.read')}>
                  {items.map((item) => (
                    <NotificationItem
                      key={item.id}
                      item={item}
                      onNavigate={onNavigate}
                      onSeen={() => void markSeen(item.id)}
                      marking={seen.isPending && seen.variables === item.id}
                    />
                  ))}
                </Stack>
              </>
            )}
          />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  )
}

function ImportanceIcon({ importance }: { importance: Notification['importance'] }) {
  const { t } = useTranslation('notifications')
  // Normal notifications carry no icon (spec 1 §2.10).
  if (importance === 'high') {
    return <IconAlertTriangle size={20} color="var(--mantine-color-red-7)" role="img" aria-label={t('importance.high')} style={{ flexShrink: 0 }} />
  }
  if (importance === 'medium') {
    return <IconInfoCircle size={20} color="var(--mantine-color-orange-7)" role="img" aria-label={t('importance.medium')} style={{ flexShrink: 0 }} />
  }
  return null
}

function NotificationLink({ url, text, onNavigate }: { url: string; text: string; onNavigate?: () => void }) {
  // Paths inside the app go through the router; other addresses open in a new tab.
  if (url.startsWith('/') && !url.startsWith('//')) {
    return (
      <Anchor component={Link} to={url} size="sm" onClick={onNavigate}>
        {text}
      </Anchor>
    )
  }
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {text}
    </Anchor>
  )
}

/** What the server wrote, in the reader's words (issue 36). */
function useSystemText(): (system: SystemNotification) => string {
  const { t } = useTranslation('notifications')
  const format = useDateFormat()
  return (system) => {
    switch (system.kind) {
      case 'contact_quiet':
        return t('system.contact_quiet', { name: system.params.name ?? t('system.contactUnder18'), count: system.params.days })
      case 'contacts_unassigned':
        return t('system.contacts_unassigned', { count: system.params.count, church: system.params.church })
      case 'import_received':
        return t('system.import_received', { count: system.params.count, import_title: system.params.import_title })
      case 'contacts_due_for_de_identification':
        return t('system.contacts_due_for_de_identification', { ...system.params, date: format.date(system.params.date) })
      case 'transfer_planned':
        return t('system.transfer_planned', system.params)
      case 'transfer_processed':
        return t(`system.transfer_processed_${system.params.reader}`, { ...system.params, count: system.params.moved })
      case 'contact_merge_requested':
        return t('system.contact_merge_requested', system.params)
      case 'contact_merge_decided': {
        // Declined ends the request; agreed merges once every team has agreed (issue 40 §1).
        const { approved, merged } = system.params
        const outcome = !approved ? 'declined' : merged ? 'merged' : 'agreed'
        return t(`system.contact_merge_decided_${outcome}`, system.params)
      }
    }
  }
}

function NotificationItem({ item, onSeen, marking, onNavigate }: { item: Notification; onSeen: () => void; marking: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('notifications')
  const format = useDateFormat()
  const systemText = useSystemText()
  const date = new Date(item.date_timestamp * 1000)
  // What the server wrote is worded here, with its link; a person's notification shows as written.
  const linkText = item.system ? t(`links.${item.system.kind}`) : item.link_text || item.link_url
  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ImportanceIcon importance={item.importance} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {/* The server sanitizes notification content (platform/sanitize.ts) before storing and
              answering it; React's innerHTML never runs scripts, and the box keeps it in place. */}
          {item.system ? (
            <Text className="notification-content" style={{ overflowWrap: 'anywhere' }} size="sm">
              {systemText(item.system)}
            </Text>
          ) : (
            <Box className="notification-content" style={{ overflowWrap: 'anywhere' }} fz="sm" dangerouslySetInnerHTML={{ __html: item.content }} />
          )}
          {item.link_url && <NotificationLink url={item.link_url} text={linkText ?? item.link_url} onNavigate={onNavigate} />}
          {item.associated_user && (
            <Anchor component={Link} to={`/contacts/view/${item.associated_user.id}`} size="sm" onClick={onNavigate}>
              {t('about', { name: item.associated_user.name })}
            </Anchor>
          )}
          <Text size="xs" c="dimmed">
            <time dateTime={date.toISOString()}>{format.dateTime(date)}</time>
          </Text>
        </Stack>
        {!item.is_seen && (
          <Button size="compact-xs" variant="subtle" onClick={onSeen} loading={marking} style={{ flexShrink: 0 }}>
            {t('markRead')}
          </Button>
        )}
      </Group>
    </Paper>
  )
}
