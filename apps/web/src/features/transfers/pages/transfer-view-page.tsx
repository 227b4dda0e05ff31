import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { errorText } from '../../../lib/errors'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { ChosenContacts } from '../components/chosen-contacts'
import { ContactSelection } from '../components/contact-selection'
import { TransferLoadFailure } from '../components/transfer-load-failure'
import { TransferSummary } from '../components/transfer-summary'
import { useProcessTransfer, useTransfer } from '../queries'
import { conflictText } from '../transfer-errors'

/**
 * /transfers/view/{id} (spec 3 §2.2): the pastor, both churches and the date; while upcoming,
 * Edit and Process now for the conference, the contact selection for the pastor and the
 * chosen contacts for staff. Read with the selected team: the conference, or the from-church.
 */
export function TransferViewPage() {
  const { t } = useTranslation('transfers')
  const { team } = useSession()
  const id = Number(useParams().id)
  const transfer = useTransfer(id, team?.id ?? 0)
  const process = useProcessTransfer(id)
  const [processing, setProcessing] = useState(false)
  const processFailure = useActionFailure()
  usePageTitle(transfer.data ? t('viewTitle', { name: transfer.data.data_view.user_name }) : t('viewPageName'))
  if (!team) return null

  const valid = Number.isInteger(id) && id > 0
  if (!valid || transfer.isError) return <TransferLoadFailure error={valid ? transfer.error : null} />
  if (!transfer.data) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('list.loading')} />
      </Center>
    )
  }

  const { data_view: data, can_update, can_process, can_select_contacts, can_read_contacts } = transfer.data
  const upcoming = !data.is_processed

  const confirmProcess = () =>
    processFailure.attempt(
      () => process.mutateAsync({ team_id: team.id }),
      (error) => conflictText(error, t) ?? errorText(error, t('view.notProcessed')),
    )

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {t('viewTitle', { name: data.user_name })}
        </Title>
        {upcoming && (can_update || can_process) && (
          <Group gap="sm">
            {can_update && (
              <Button component={Link} to={`/transfers/edit/${data.id}`} variant="default">
                {t('view.edit')}
              </Button>
            )}
            {can_process && (
              <Button
                onClick={() => {
                  processFailure.clear()
                  setProcessing(true)
                }}
              >
                {t('view.processNow')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {!upcoming && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden="true" />}>
          {t('view.processed')}
        </Alert>
      )}
      {/* A failed processing closes the dialog; the page says why (spec 3 §8). */}
      <ActionFailureAlert failure={processFailure} />
      <TransferSummary transfer={data} />
      {upcoming && can_select_contacts && <ContactSelection key={data.id} transfer={data} />}
      {/* Staff read what the pastor chose; once processed, what moved or was shared. */}
      {!(upcoming && can_select_contacts) && can_read_contacts && <ChosenContacts contacts={data.contacts} />}
      <ConfirmDialog
        opened={processing}
        title={t('view.processNow')}
        message={t('view.processConfirm')}
        confirmLabel={t('view.processNow')}
        onConfirm={confirmProcess}
        onClose={() => setProcessing(false)}
      />
    </Stack>
  )
}

export { TransferViewPage as Component }
