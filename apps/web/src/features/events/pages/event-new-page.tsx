import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Alert, Stack, Title } from '@mantine/core'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { EventForm } from '../components/form/event-form'
import { newEventValues } from '../components/form/event-form-values'
import { useCreateEvent } from '../queries'

/** /events/new: add an event to the team (create_event, spec 3 §2.1). */
export function EventNewPage() {
  const { t } = useTranslation('events')
  const { team } = useSession()
  const navigate = useNavigate()
  const create = useCreateEvent()
  usePageTitle(t('newPageName'))
  if (!team) return null

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('newPageName')}
      </Title>
      {team.user_capabilities.create_event !== true ? (
        <Alert color="gray" variant="light">
          {t('form.noCreate')}
        </Alert>
      ) : (
        <EventForm
          initial={newEventValues()}
          label={t('newPageName')}
          submitLabel={t('form.create')}
          onSave={async (fields) => (await create.mutateAsync({ team_id: team.id, ...fields })).id}
          onSaved={(id) => void navigate(`/events/view/${id}`)}
          onCancel={() => void navigate('/events')}
        />
      )}
    </Stack>
  )
}

export { EventNewPage as Component }
