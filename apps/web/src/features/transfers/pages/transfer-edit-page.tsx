import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { Button, Center, Loader, Stack, Title } from '@mantine/core'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { NotAllowedScreen } from '../../../components/status-screens'
import { errorText } from '../../../lib/errors'
import { withFlash } from '../../../lib/flash'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { TransferForm } from '../components/transfer-form'
import { useTransferConferences } from '../components/use-transfer-conferences'
import { transferValuesOf } from '../components/transfer-form-values'
import { TransferLoadFailure } from '../components/transfer-load-failure'
import { useDeleteTransfer, useTransfer, useUpdateTransfer } from '../queries'
import { conflictText } from '../transfer-errors'

/**
 * /transfers/edit/{id} (spec 3 §2.2): the form over the stored transfer, and 'Cancel this
 * transfer' after a confirmation. A processed transfer's edit page shows nothing.
 */
export function TransferEditPage() {
  const { t } = useTranslation('transfers')
  const { team } = useSession()
  const id = Number(useParams().id)
  const navigate = useNavigate()
  const transfer = useTransfer(id, team?.id ?? 0, { fresh: true })
  const update = useUpdateTransfer(id)
  const remove = useDeleteTransfer()
  const [cancelling, setCancelling] = useState(false)
  const cancelFailure = useActionFailure()
  usePageTitle(t('editPageName'))
  const stored = transfer.data && transfer.isFetchedAfterMount ? transfer.data : undefined
  const edit = stored?.data_edit ?? null
  const initial = useMemo(() => (edit ? transferValuesOf(edit) : null), [edit])
  const conferences = useTransferConferences(edit)
  if (!team) return null

  const valid = Number.isInteger(id) && id > 0
  if (!valid || transfer.isError) return <TransferLoadFailure error={valid ? transfer.error : null} />
  if (!stored) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('list.loading')} />
      </Center>
    )
  }
  // Nothing to change once processed (spec 3 §2.2, D3-2.2-08).
  if (stored.data_view.is_processed) return null
  if (!stored.can_update || !edit || !initial) return <NotAllowedScreen message={t('notAllowed')} />

  const confirmCancel = async () => {
    await cancelFailure.attempt(
      () => remove.mutateAsync({ team_id: team.id, id }),
      (error) => conflictText(error, t) ?? errorText(error, t('form.notCancelled')),
    )
    await navigate('/transfers', { state: withFlash(t('form.cancelled')) })
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('editTitle', { name: stored.data_view.user_name })}
      </Title>
      <TransferForm
        initial={initial}
        conferences={conferences}
        storedDate={edit.date}
        label={t('editPageName')}
        onSave={async (fields) => {
          await update.mutateAsync({ team_id: team.id, ...fields })
          return id
        }}
        onSaved={(savedId) => void navigate(`/transfers/view/${savedId}`)}
        actions={
          <Button
            color="red"
            variant="light"
            onClick={() => {
              cancelFailure.clear()
              setCancelling(true)
            }}
          >
            {t('form.cancelTransfer')}
          </Button>
        }
      />
      {/* A failed cancel closes the dialog; the page says why (spec 3 §8). */}
      <ActionFailureAlert failure={cancelFailure} />
      <ConfirmDialog
        opened={cancelling}
        title={t('form.cancelTransfer')}
        message={t('form.cancelConfirm')}
        confirmLabel={t('form.cancelTransfer')}
        danger
        onConfirm={confirmCancel}
        onClose={() => setCancelling(false)}
      />
    </Stack>
  )
}

export { TransferEditPage as Component }
