import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import type { DuplicateContact, PossibleDuplicate } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { PagedListSection } from '../../../components/paged-list-section'
import { useSectionPaging } from '../../../components/paging'
import { useDateFormat } from '../../../lib/date-format'
import { usePageTitle } from '../../../lib/page-title'
import { useLookup } from '../../lookups/queries'
import { useSession } from '../../session/session'
import { useDismissPossibleDuplicate, usePossibleDuplicates } from '../queries'
import { birthText } from '../components/merge-values'
import { DoneMessage } from '../../../components/done-message'

/**
 * /contacts/duplicates (issue 40 §1): the pairs of the selected team's contacts that may be one
 * person, each with why it was found, side by side to compare, "Not the same person" to stop
 * offering the pair, and "Merge" to make the two one (merge-contacts-page.tsx). A conference's
 * staff see the pairs across its churches. The route needs the team's delete_contact
 * (app/router.tsx), as the server does.
 */
export function PossibleDuplicatesPage() {
  const { t } = useTranslation(['duplicates', 'common'])
  usePageTitle(t('pageName'))
  const { team } = useSession()
  const paging = useSectionPaging('duplicates')
  const list = usePossibleDuplicates({ team_id: team?.id ?? 0, page: paging.page, per_page: paging.pageSize })
  const [dismissed, setDismissed] = useState<string | null>(null)
  const failure = useActionFailure()
  // The route guard only renders this page with a team selected.
  if (!team) return null

  const title = t('list.title')
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{t('pageName')}</Title>
        <Text c="dimmed">{team.is_conference ? t('introConference') : t('intro')}</Text>
      </Stack>
      <Anchor component={Link} to="/contacts">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('backToContacts')}
        </Group>
      </Anchor>
      {/* Announced when it appears: the pair it names has left the list. */}
      <DoneMessage message={dismissed} onClose={() => setDismissed(null)} />
      <ActionFailureAlert failure={failure} />
      <PagedListSection
        title={title}
        list={list}
        paging={paging}
        itemKey={(pair) => `${pair.contact.id}-${pair.other_contact.id}`}
        renderItem={(pair) => (
          <DuplicatePair pair={pair} teamId={team.id} onDismissed={setDismissed} attempt={(action) => failure.attempt(action, t('dismissFailed'))} />
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

interface DuplicatePairProps {
  pair: PossibleDuplicate
  teamId: number
  onDismissed: (text: string) => void
  attempt: <T>(action: () => Promise<T>) => Promise<T>
}

function DuplicatePair({ pair, teamId, onDismissed, attempt }: DuplicatePairProps) {
  const { t } = useTranslation('duplicates')
  const dismiss = useDismissPossibleDuplicate()
  const names = { name: pair.contact.name, other: pair.other_contact.name }
  const onNotSame = async () => {
    try {
      await attempt(() => dismiss.mutateAsync({ team_id: teamId, contact_id: pair.contact.id, other_contact_id: pair.other_contact.id }))
      onDismissed(t('dismissed', names))
    } catch {
      // The page says why (useActionFailure).
    }
  }
  return (
    <Paper withBorder p="sm" role="listitem" aria-label={t('pair.label', names)}>
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('pair.why')}
          </Text>
          {pair.reasons.map((reason) => (
            <Badge key={reason} variant="light" color={reason === 'similar_name' ? 'gray' : 'blue'}>
              {t(`reasons.${reason}`)}
            </Badge>
          ))}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DuplicateSide contact={pair.contact} />
          <DuplicateSide contact={pair.other_contact} />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="sm" loading={dismiss.isPending} onClick={() => void onNotSame()} aria-label={t('notSameOf', names)}>
            {t('notSame')}
          </Button>
          <Button component={Link} to={mergePath(pair)} size="sm" aria-label={t('mergeActionOf', names)}>
            {t('mergeAction')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

/** One record of a pair: what tells two people apart, each line saying what it is. */
function DuplicateSide({ contact }: { contact: DuplicateContact }) {
  const { t } = useTranslation(['duplicates', 'contacts'])
  const format = useDateFormat()
  const memberStatuses = useLookup('member-status-types').data
  const status = contact.member_status ? (memberStatuses?.find((item) => String(item.id) === contact.member_status)?.title ?? null) : null
  const born = birthText(contact.dob_year, contact.dob_month, format)
  return (
    <Stack gap={2}>
      <Anchor component={Link} to={`/contacts/view/${contact.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {contact.name}
      </Anchor>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {contact.email ?? (
          <Text span c="dimmed" size="sm">
            {t('pair.noEmail')}
          </Text>
        )}
      </Text>
      <Text size="sm">
        {contact.phone ?? (
          <Text span c="dimmed" size="sm">
            {t('pair.noPhone')}
          </Text>
        )}
      </Text>
      {(contact.gender || born) && (
        <Text size="sm">
          {[contact.gender ? t(`contacts:gender.${contact.gender}`, { defaultValue: contact.gender }) : null, born ? t('pair.born', { date: born }) : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      {status && <Text size="sm">{status}</Text>}
      <Text size="sm" c="dimmed">
        {t('pair.added', { date: format.date(contact.created_at) })}
      </Text>
    </Stack>
  )
}

/** The merge page of a pair (it chooses which record to keep). */
function mergePath(pair: PossibleDuplicate): string {
  return `/contacts/duplicates/merge?${new URLSearchParams({ contact_id: String(pair.contact.id), other_contact_id: String(pair.other_contact.id) })}`
}

export { PossibleDuplicatesPage as Component }
