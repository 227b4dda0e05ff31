import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button, Stack, Title } from '@mantine/core'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { TransferForm } from '../components/transfer-form'
import { useTransferConferences } from '../components/use-transfer-conferences'
import { newTransferValues } from '../components/transfer-form-values'
import { useCreateTransfer } from '../queries'

/** /transfers/new: plan a transfer (create_transfer on a conference, spec 3 §2.2, §6). */
export function TransferNewPage() {
  const { t } = useTranslation('transfers')
  const { team } = useSession()
  const navigate = useNavigate()
  const create = useCreateTransfer()
  usePageTitle(t('newPageName'))
  const teamId = team?.id ?? 0
  const initial = useMemo(() => newTransferValues(teamId), [teamId])
  const conferences = useTransferConferences()
  // The route asks for create_transfer on a conference (app/router.tsx): others see the not-allowed page.
  if (!team) return null

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('newPageName')}
      </Title>
      <TransferForm
        key={team.id}
        initial={initial}
        conferences={conferences}
        label={t('newPageName')}
        onSave={async (fields) => (await create.mutateAsync({ team_id: team.id, ...fields })).data.id}
        onSaved={(id) => void navigate(`/transfers/view/${id}`)}
        actions={
          <Button variant="default" onClick={() => void navigate('/transfers')}>
            {t('form.cancel')}
          </Button>
        }
      />
    </Stack>
  )
}

export { TransferNewPage as Component }
