import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, Modal, Select, SimpleGrid, Stack, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { notificationDateFilters, notificationImportances, type ManagedNotification } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { PagedListBody } from '../../../components/paged-list-section'
import { useListPaging } from '../../../components/paging'
import { SearchBox } from '../../../components/search-box'
import { errorText } from '../../../lib/errors'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { ManageNotificationForm, type NotificationPayload } from '../components/manage-notification-form'
import { ManageNotificationRow } from '../components/manage-notification-row'
import { ManageNotAvailable } from '../components/manage-not-available'
import { useAddNotification, useDeleteNotification, useManagedNotifications, useUpdateNotification } from '../queries'

type Importance = (typeof notificationImportances)[number]
type DateFilter = (typeof notificationDateFilters)[number]
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((known) => known === value)

/** /manage-notifications: the conference's notifications, filtered, searched and paged (spec 3 §2.7). */
export function ManageNotificationsPage() {
  const { t } = useTranslation(['manage-notifications', 'common'])
  const { team, group, account } = useSession()
  usePageTitle(t('pageName'))
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const importance = oneOf<Importance>(notificationImportances, params.get('importance'))
  const dateFilter = oneOf<DateFilter>(notificationDateFilters, params.get('date_filter'))
  const paging = useListPaging()
  const allowed = team?.is_conference === true && team.user_capabilities.create_notification === true
  const teamId = team?.id ?? 0
  const list = useManagedNotifications(
    {
      team_id: teamId,
      group_id: group?.id ?? teamId,
      page: paging.page,
      per_page: paging.pageSize,
      order_by: 'created',
      order: 'desc',
      ...(search ? { search } : {}),
      ...(importance ? { importance } : {}),
      ...(dateFilter ? { date_filter: dateFilter } : {}),
    },
    allowed,
  )
  const add = useAddNotification()
  const update = useUpdateNotification()
  const remove = useDeleteNotification()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<ManagedNotification | null>(null)
  const [removing, setRemoving] = useState<ManagedNotification | null>(null)
  const failure = useActionFailure()
  // The level is the site admins' (spec 3 §6).
  const showLevel = account?.role === 'admin'

  if (!team || !allowed) return <ManageNotAvailable title={t('pageName')} isConference={team?.is_conference === true} />

  // A changed filter or search goes back to page 1, and stays in the address for the back button.
  const setParam = (key: string, value: string | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current)
      if (value) updated.set(key, value)
      else updated.delete(key)
      updated.delete('page')
      return updated
    })

  const save = (payload: NotificationPayload, id?: number) =>
    id === undefined ? add.mutateAsync({ ...payload, requesting_team_id: team.id }) : update.mutateAsync({ ...payload, id, requesting_team_id: team.id })

  const askRemove = (item: ManagedNotification) => {
    failure.clear()
    setRemoving(item)
  }

  const confirmRemove = async () => {
    if (!removing) return
    await failure.attempt(() => remove.mutateAsync({ id: removing.id, requesting_team_id: team.id }), t('deleteFailed'))
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('pageName')}
        </Title>
        <Button onClick={() => setAdding(true)} leftSection={<IconPlus size={16} aria-hidden="true" />}>
          {t('addNew')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} defaultValue={search} onSearch={(value) => setParam('search', value)} />
        <Select
          label={t('filters.importance')}
          placeholder={t('filters.any')}
          clearable
          data={notificationImportances.map((value) => ({ value, label: t(`importance.${value}`) }))}
          value={importance ?? null}
          onChange={(value) => setParam('importance', value)}
        />
        <Select
          label={t('filters.date')}
          placeholder={t('filters.any')}
          clearable
          data={notificationDateFilters.map((value) => ({ value, label: t(`dateFilter.${value}`) }))}
          value={dateFilter ?? null}
          onChange={(value) => setParam('date_filter', value)}
        />
      </SimpleGrid>
      {/* A failed delete closes the dialog; the page says why (spec 3 §8). */}
      <ActionFailureAlert failure={failure} />
      <PagedListBody
        list={list}
        paging={paging}
        label={{ label: t('listLabel') }}
        texts={{ nothingFound: t('nothingFound'), loadFailed: errorText(list.error, t('loadFailed')), loading: t('loading'), pagesOf: t('pages') }}
        itemKey={(item) => item.id}
        renderItem={(item) => <ManageNotificationRow item={item} onEdit={() => setEditing(item)} onDelete={() => askRemove(item)} />}
      />
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('addTitle')} size="lg">
        <ManageNotificationForm showLevel={showLevel} submitLabel={t('add')} onSave={(payload) => save(payload)} onSaved={() => setAdding(false)} />
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('editTitle')} size="lg">
        {editing && (
          <ManageNotificationForm
            key={editing.id}
            item={editing}
            showLevel={showLevel}
            submitLabel={t('save')}
            onSave={(payload) => save(payload, editing.id)}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage')}
        confirmLabel={t('delete')}
        danger
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  )
}

export { ManageNotificationsPage as Component }
