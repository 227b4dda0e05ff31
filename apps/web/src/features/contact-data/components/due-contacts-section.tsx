import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core'
import type { ContactDue } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { PagedListSection } from '../../../components/paged-list-section'
import { useSectionPaging } from '../../../components/paging'
import { useDateFormat } from '../../../lib/date-format'
import { useContactsDue, useKeepContact } from '../queries'
import { DoneMessage } from '../../../components/done-message'

/**
 * "Due for de-identification" (issue 40 §2): the team's contacts the retention schedule will
 * de-identify, soonest first, each with its last activity, its date and Keep, which starts its
 * time without activity again.
 */
export function DueContactsSection({ teamId }: { teamId: number }) {
  const { t } = useTranslation(['contact-data', 'common'])
  const paging = useSectionPaging('due')
  const list = useContactsDue({ team_id: teamId, page: paging.page, per_page: paging.pageSize })
  const keep = useKeepContact()
  const failure = useActionFailure()
  const [kept, setKept] = useState<string | null>(null)

  const onKeep = async (contact: ContactDue, record: string) => {
    setKept(null)
    try {
      // The team's own contact, reached from its primary group (the group of the same id).
      await failure.attempt(() => keep.mutateAsync({ team_id: teamId, group_id: teamId, user_id: contact.id }), t('due.keepFailed'))
      setKept(t('due.kept', { record }))
    } catch {
      // The section says why (useActionFailure).
    }
  }

  const title = t('due.title')
  return (
    <PagedListSection
      title={title}
      list={list}
      paging={paging}
      itemKey={(contact) => contact.id}
      renderItem={(contact) => <DueRow contact={contact} keeping={keep.isPending && keep.variables.user_id === contact.id} onKeep={onKeep} />}
      texts={{
        nothingFound: t('due.nothingFound'),
        loadFailed: t('due.loadFailed'),
        retry: t('due.retry'),
        loading: t('due.loading'),
        updating: t('due.updating'),
        count: (count) => t('due.count', { count }),
        pagesOf: t('due.pagesOf', { list: title }),
      }}
    >
      {/* Announced when it appears: the row it names has left the list. */}
      <DoneMessage message={kept} onClose={() => setKept(null)} />
      <ActionFailureAlert failure={failure} />
    </PagedListSection>
  )
}

interface DueRowProps {
  contact: ContactDue
  keeping: boolean
  onKeep: (contact: ContactDue, record: string) => Promise<void>
}

/** A contact due: its name (a child the caller may not see is not named), its last activity, when, and Keep. */
function DueRow({ contact, keeping, onKeep }: DueRowProps) {
  const { t } = useTranslation('contact-data')
  const format = useDateFormat()
  const record = contact.name || t('row.child')
  const dueOn = format.date(contact.due_at)
  return (
    <Paper withBorder p="sm" role="listitem" aria-label={t('due.label', { record, date: dueOn })}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Anchor component={Link} to={`/contacts/view/${contact.id}`} fw={600}>
            {record}
          </Anchor>
          <Text size="sm">{t('due.lastActivity', { date: format.date(contact.last_activity_at) })}</Text>
          <Text size="sm" c="dimmed">
            {t('due.dueOn', { date: dueOn })}
          </Text>
        </Stack>
        <Button size="sm" variant="default" loading={keeping} onClick={() => void onKeep(contact, record)} aria-label={t('due.keepOf', { record })}>
          {t('due.keep')}
        </Button>
      </Group>
    </Paper>
  )
}
