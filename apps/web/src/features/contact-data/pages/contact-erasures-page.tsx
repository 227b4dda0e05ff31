import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import type { ContactErasure } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { PagedListSection } from '../../../components/paged-list-section'
import { useSectionPaging } from '../../../components/paging'
import { useDateFormat } from '../../../lib/date-format'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { useCancelContactErasure, useContactErasures } from '../queries'

const statusColors = { pending: 'orange', cancelled: 'gray', carried_out: 'red' } as const

/**
 * /contacts/erasures (issue 40 §2): the record of the team's erasures, newest first — when and
 * by whom each was asked, why, when it is or was due, and what became of it — with "Keep this
 * contact" on those still pending. The route needs the team's delete_contact (app/router.tsx),
 * as the server does.
 */
export function ContactErasuresPage() {
  const { t } = useTranslation(['contact-data', 'common'])
  usePageTitle(t('pageName'))
  const { team } = useSession()
  const paging = useSectionPaging('erasures')
  const list = useContactErasures({ team_id: team?.id ?? 0, page: paging.page, per_page: paging.pageSize })
  const [kept, setKept] = useState<string | null>(null)
  const failure = useActionFailure()
  // The route guard only renders this page with a team selected.
  if (!team) return null

  const title = t('list.title')
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{t('pageName')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <Anchor component={Link} to="/contacts">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('backToContacts')}
        </Group>
      </Anchor>
      {/* Announced when it appears: the row it names is called off. */}
      <div aria-live="polite">
        {kept && (
          <Alert role="status" color="teal" withCloseButton closeButtonLabel={t('common:close')} onClose={() => setKept(null)}>
            {kept}
          </Alert>
        )}
      </div>
      <ActionFailureAlert failure={failure} />
      <PagedListSection
        title={title}
        list={list}
        paging={paging}
        itemKey={(erasure) => erasure.id}
        renderItem={(erasure) => (
          <ErasureRow erasure={erasure} teamId={team.id} onKept={setKept} attempt={(action) => failure.attempt(action, t('notice.keepFailed'))} />
        )}
        texts={{
          nothingFound: t('list.nothingFound'),
          loadFailed: t('list.loadFailed'),
          retry: t('list.retry'),
          loading: t('list.loading'),
          updating: t('list.updating'),
          count: (count) => t('list.count', { count }),
          pagesOf: t('list.pagesOf', { list: title }),
        }}
      />
    </Stack>
  )
}

interface ErasureRowProps {
  erasure: ContactErasure
  teamId: number
  onKept: (text: string) => void
  attempt: <T>(action: () => Promise<T>) => Promise<T>
}

/** One erasure: whose record, when and by whom it was asked, why, and what became of it. */
function ErasureRow({ erasure, teamId, onKept, attempt }: ErasureRowProps) {
  const { t } = useTranslation('contact-data')
  const format = useDateFormat()
  const cancel = useCancelContactErasure()
  // Named while held; a child the caller may not see is not named; an erased one is a number.
  const record = erasure.contact_name === null ? t('row.erased', { id: erasure.contact_id }) : erasure.contact_name || t('row.child')
  const onKeep = async () => {
    try {
      await attempt(() => cancel.mutateAsync({ team_id: teamId, erasure_id: erasure.id }))
      onKept(t('row.kept', { record }))
    } catch {
      // The page says why (useActionFailure).
    }
  }
  return (
    <Paper withBorder p="sm" role="listitem" aria-label={t('row.label', { record, date: format.date(erasure.requested_at) })}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          {/* A record that is gone has no page to open. */}
          {erasure.status === 'carried_out' ? (
            <Text fw={600}>{record}</Text>
          ) : (
            <Anchor component={Link} to={`/contacts/view/${erasure.contact_id}`} fw={600}>
              {record}
            </Anchor>
          )}
          <Badge variant="light" color={statusColors[erasure.status]}>
            {t(`status.${erasure.status}`)}
          </Badge>
        </Group>
        <Text size="sm">{t('row.asked', { date: format.date(erasure.requested_at), name: erasure.requested_by_name || t('row.someone') })}</Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('row.reason', { reason: erasure.reason })}
        </Text>
        <Text size="sm" c="dimmed">
          {outcomeOf(erasure, t, format.date)}
        </Text>
        {erasure.status === 'pending' && (
          <Group justify="flex-end">
            <Button size="sm" variant="default" loading={cancel.isPending} onClick={() => void onKeep()} aria-label={t('row.keepOf', { record })}>
              {t('row.keep')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}

type Translate = ReturnType<typeof useTranslation<'contact-data'>>['t']

/** When it is due, or when and by whom it was called off, or when it was carried out. */
function outcomeOf(erasure: ContactErasure, t: Translate, date: (value: string) => string): string {
  if (erasure.status === 'cancelled')
    return erasure.cancelled_at
      ? t('row.cancelled', { date: date(erasure.cancelled_at), name: erasure.cancelled_by_name || t('row.someone') })
      : t('status.cancelled')
  if (erasure.status === 'carried_out') return erasure.carried_out_at ? t('row.carriedOut', { date: date(erasure.carried_out_at) }) : t('status.carried_out')
  return t('row.due', { date: date(erasure.due_at) })
}

export { ContactErasuresPage as Component }
