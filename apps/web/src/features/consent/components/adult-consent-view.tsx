import { Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { TeamGroupParams } from '@crm/domain'
import { ConsentEmbed } from './consent-embed'

export interface AdultConsentViewProps {
  opened: boolean
  onClose: () => void
  contactId: number
  scope: TeamGroupParams
  onComplete: () => void
  /** Why the view opened (e.g. the rest of the form is kept once consent is recorded). */
  notice?: string
}

/** 'Get consent' for an adult: a photo of the form they signed, through the embedded page's photo mode. */
export function AdultConsentView({ opened, onClose, contactId, scope, onComplete, notice }: AdultConsentViewProps) {
  const { t } = useTranslation(['consent', 'common'])
  return (
    <Modal opened={opened} onClose={onClose} title={t('adult.title')} size="xl">
      {opened && (
        <Stack>
          {notice && <Text size="sm">{notice}</Text>}
          <Text size="sm">{t('adult.photo')}</Text>
          <ConsentEmbed kind="photo" contactId={contactId} scope={scope} onComplete={onComplete} />
        </Stack>
      )}
    </Modal>
  )
}
