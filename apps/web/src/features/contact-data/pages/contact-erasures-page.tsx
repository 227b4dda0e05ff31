import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { PagedListSection } from '../../../components/paged-list-section'
import { useSectionPaging } from '../../../components/paging'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { DueContactsSection } from '../components/due-contacts-section'
import { ErasureRow } from '../components/erasure-row'
import { RetentionSection } from '../components/retention-section'
import { useContactErasures, useContactRetention } from '../queries'
import { DoneMessage } from '../../../components/done-message'

/**
 * /contacts/erasures (issue 40 §2): the team's retention setting (how long a contact without
 * activity is kept before it is de-identified), the contacts due for de-identification with
 * Keep, and the record of the team's erasures and de-identifications, newest first — when and
 * by whom each was asked, why, when it is or was due, and what became of it — with "Keep this
 * contact" on those still pending. The route needs the team's delete_contact
 * (app/router.tsx), as the server does; changing the setting needs update_team.
 */
export function ContactErasuresPage() {
  const { t } = useTranslation(['contact-data', 'common'])
  usePageTitle(t('pageName'))
  const { team } = useSession()
  const paging = useSectionPaging('erasures')
  const list = useContactErasures({ team_id: team?.id ?? 0, page: paging.page, per_page: paging.pageSize })
  const retention = useContactRetention(team?.id ?? 0)
  const [kept, setKept] = useState<string | null>(null)
  const failure = useActionFailure()
  // The route guard only renders this page with a team selected.
  if (!team) return null

  // The due list while the schedule is on, or while contacts told of are still due.
  const showsDue = retention.data !== undefined && (retention.data.months !== null || retention.data.due_count > 0)
  const title = t('list.title')
  return (
    <Stack gap="xl">
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
      </Stack>
      <RetentionSection teamId={team.id} mayChange={team.user_capabilities.update_team === true} />
      {showsDue && <DueContactsSection teamId={team.id} />}
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
      >
        {/* Announced when it appears: the row it names is called off. */}
        <DoneMessage message={kept} onClose={() => setKept(null)} />
        <ActionFailureAlert failure={failure} />
      </PagedListSection>
    </Stack>
  )
}

export { ContactErasuresPage as Component }
