import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core'
import { IconQrcode } from '@tabler/icons-react'
import { qrDecisions, type QrDecision, type TeamGroupParams } from '@crm/domain'
import { errorText } from '../../lib/errors'
import { useCreateQrCard, useEmailQrCard, type QrCardSettings } from './queries'
import { QrLink } from './qr-link'

/** The card's settings: which decisions it offers (all five at first) and whom new contacts are assigned to. */
function QrCardSettingsForm({ busy, onCreate }: { busy: boolean; onCreate: (settings: QrCardSettings) => void }) {
  const { t } = useTranslation('qr-cards')
  const [decisions, setDecisions] = useState<QrDecision[]>([...qrDecisions])
  const [assignSelf, setAssignSelf] = useState(false)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        // Offered in the spec's order, whatever order they were ticked in.
        onCreate({ decisions: qrDecisions.filter((decision) => decisions.includes(decision)), assign: assignSelf ? 'self' : '' })
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('qrCardIntro')}</Text>
        <Checkbox.Group label={t('decisionsLegend')} value={decisions} onChange={(value) => setDecisions(value as QrDecision[])}>
          <Stack gap="xs" mt={6}>
            {qrDecisions.map((decision) => (
              <Checkbox key={decision} value={decision} label={t(`decision.${decision}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox label={t('assignSelf')} checked={assignSelf} onChange={(event) => setAssignSelf(event.currentTarget.checked)} />
        <Group>
          <Button type="submit" loading={busy}>
            {t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/**
 * 'QR card' on the contacts home (spec 2 §7.3 consentia-qr-new, §9): a card a church prints or
 * shows at an event, through which visitors become contacts of the team.
 */
export function QrCardButton({ scope, teamName }: { scope: TeamGroupParams; teamName: string }) {
  const { t } = useTranslation('qr-cards')
  const [opened, setOpened] = useState(false)
  const create = useCreateQrCard(scope)
  const email = useEmailQrCard(scope)
  const settings = create.variables

  const close = () => {
    setOpened(false)
    create.reset()
    email.reset()
  }

  return (
    <>
      <Button variant="default" leftSection={<IconQrcode size={18} aria-hidden="true" />} onClick={() => setOpened(true)}>
        {t('qrCard')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('qrCardTitle')} size="lg">
        {create.data && settings ? (
          <QrLink
            qr={create.data}
            heading={teamName}
            emailTitle={t('emailTitle')}
            recipient={{ user_name: '', user_email: '' }}
            send={{
              mutateAsync: (recipient) => email.mutateAsync({ ...recipient, settings }),
              isPending: email.isPending,
              isSuccess: email.isSuccess,
              isError: email.isError,
              error: email.error,
            }}
          />
        ) : (
          <Stack gap="md">
            <QrCardSettingsForm busy={create.isPending} onCreate={(value) => create.mutate(value)} />
            {create.isError && (
              <Alert color="red" role="alert">
                {errorText(create.error)}
              </Alert>
            )}
          </Stack>
        )}
      </Modal>
    </>
  )
}
