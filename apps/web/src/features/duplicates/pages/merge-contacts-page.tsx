import { Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { mergeUndoDays } from '@crm/domain'
import { InlineLoading } from '../../../components/inline-loading'
import { isApiError } from '../../../lib/api'
import { errorText } from '../../../lib/errors'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { MergeForm } from '../components/merge-form'
import { pendingRequestOf, useContactMergePreview, useContactMergeRequests } from '../queries'

/** A positive whole number from the address, else null. */
function idOf(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null
}

/**
 * /contacts/duplicates/merge?contact_id=…&other_contact_id=… (issue 40 §1): two records of one
 * person made one. Opened from a pair on Possible duplicates; the route needs the team's
 * delete_contact (app/router.tsx), as the server does.
 */
export function MergeContactsPage() {
  const { t } = useTranslation('duplicates')
  usePageTitle(t('merge.pageName'))
  const { team, group } = useSession()
  const [params] = useSearchParams()
  const contactId = idOf(params.get('contact_id'))
  const otherId = idOf(params.get('other_contact_id'))
  const pair = contactId !== null && otherId !== null && contactId !== otherId ? { contact_id: contactId, other_contact_id: otherId } : null
  const preview = useContactMergePreview({ team_id: team?.id ?? 0, contact_id: pair?.contact_id ?? 0, other_contact_id: pair?.other_contact_id ?? 0 })
  // A request for the pair that waits for other teams is shown instead of "Merge records", so no
  // one asks twice; it names either record, so the first one's requests hold it.
  const requests = useContactMergeRequests(pair?.contact_id ?? 0, team?.id ?? 0)
  // The route guard only renders this page with a team selected.
  if (!team) return null

  const body = () => {
    if (!pair) return <Alert color="gray">{t('merge.noPair')}</Alert>
    // Without the requests (a failed read) the page still merges: the server refuses what must wait.
    if (preview.isPending || requests.isPending) return <InlineLoading text={t('merge.loading')} />
    if (preview.isError) {
      const error = preview.error
      const gone = isApiError(error) && (error.code === 'not_found' || error.code === 'contact_merged')
      return (
        <Alert color={gone ? 'gray' : 'red'} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{gone ? t('merge.notFound') : errorText(error, t('merge.loadFailed'))}</Text>
            {!gone && (
              <Button size="xs" variant="default" onClick={() => void preview.refetch()}>
                {t('list.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      )
    }
    const request = pendingRequestOf(requests.data?.data, [pair.contact_id, pair.other_contact_id]) ?? null
    return <MergeForm preview={preview.data} teamId={team.id} photoScope={group ? { team_id: team.id, group_id: group.id } : null} request={request} />
  }

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{t('merge.pageName')}</Title>
        <Text c="dimmed">{t('merge.intro', { count: mergeUndoDays })}</Text>
      </Stack>
      <Anchor component={Link} to="/contacts/duplicates">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('merge.back')}
        </Group>
      </Anchor>
      {body()}
    </Stack>
  )
}

export { MergeContactsPage as Component }
