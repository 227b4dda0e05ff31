import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { Alert, Center, Loader, Stack, Title } from '@mantine/core'
import { isApiError } from '../../../lib/api'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { EventForm } from '../components/form/event-form'
import { eventValuesOf } from '../components/form/event-form-values'
import { useEvent, useUpdateEvent } from '../queries'

/** /events/edit/{id}: the event form over the stored event (update_event, spec 3 §2.1). */
export function EventEditPage() {
  const { t } = useTranslation('events')
  const { team } = useSession()
  const id = Number(useParams().id)
  const navigate = useNavigate()
  const event = useEvent(id, team?.id ?? 0, {}, { fresh: true })
  const update = useUpdateEvent(id)
  usePageTitle(t('editPageName'))
  const stored = event.data && event.isFetchedAfterMount ? event.data : undefined
  const initial = useMemo(() => (stored ? eventValuesOf(stored) : null), [stored])
  if (!team) return null

  let body
  if (event.isError || !Number.isInteger(id) || id <= 0) {
    const notFound = !Number.isInteger(id) || id <= 0 || (isApiError(event.error) && event.error.status === 404)
    body = (
      <Alert color={notFound ? 'gray' : 'red'} variant="light">
        {notFound ? t('form.notFound') : t('form.loadFailed')}
      </Alert>
    )
  } else if (!stored || !initial) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={t('list.loading')} />
      </Center>
    )
  } else if (!stored.can_update) {
    body = (
      <Alert color="gray" variant="light">
        {t('form.forbidden')}
      </Alert>
    )
  } else {
    body = (
      <EventForm
        initial={initial.values}
        ruleError={initial.ruleError}
        label={t('editPageName')}
        submitLabel={t('form.save')}
        onSave={async (fields) => {
          await update.mutateAsync({ team_id: team.id, ...fields })
          return id
        }}
        onSaved={(savedId) => void navigate(`/events/view/${savedId}`)}
        onCancel={() => void navigate(`/events/view/${id}`)}
      />
    )
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {stored ? stored.title : t('editPageName')}
      </Title>
      {body}
    </Stack>
  )
}

export { EventEditPage as Component }
