import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useMediaQuery } from '@mantine/hooks'
import { Alert, Anchor, Checkbox, Modal, Stack, Tabs, Text } from '@mantine/core'
import type { TeamGroupParams } from '@crm/domain'
import { phoneMaxWidth } from '../../contacts/components/contact-list-section'
import { useRefreshContact } from '../queries'
import { ConsentEmbed } from './consent-embed'
import { ConsentQr } from './consent-qr'
import { VerbalConsentForm } from './verbal-consent-form'
import type { ParentDetails } from './parent-details'

export type RequestMethod = 'automatic' | 'photo' | 'sign' | 'verbal'

export interface ConsentRequestViewProps {
  opened: boolean
  onClose: () => void
  contactId: number
  scope: TeamGroupParams
  parent: ParentDetails | null
  /** A non-verbal consent exists (not revoked): verbal is not offered (spec 2 §4.2). */
  verbalLocked: boolean
  /** The method open first. */
  initialMethod?: RequestMethod
  /** A consent was recorded here (the embedded form completed, or a verbal consent saved). */
  onComplete?: () => void
  /** Shown above the methods (the add flow says what is kept until consent). */
  notice?: string
}

/** 'Get parental consent' (spec 2 §4.2): the three methods, once the parent or carer can be asked. */
export function ConsentRequestView(props: ConsentRequestViewProps) {
  const { t } = useTranslation(['consent', 'common'])
  const isPhone = useMediaQuery(`(max-width: ${phoneMaxWidth}px)`, false, { getInitialValueInEffect: false })
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('request.title')} size="xl" fullScreen={isPhone}>
      {props.opened && <RequestMethods {...props} />}
    </Modal>
  )
}

function RequestMethods({ onClose, contactId, scope, parent, verbalLocked, initialMethod, onComplete, notice }: ConsentRequestViewProps) {
  const { t } = useTranslation(['consent', 'contact-form'])
  const refresh = useRefreshContact(contactId)
  const [method, setMethod] = useState<RequestMethod>(initialMethod === 'verbal' && verbalLocked ? 'automatic' : (initialMethod ?? 'automatic'))
  const [verbalConfirmed, setVerbalConfirmed] = useState(false)

  if (!parent) {
    return (
      <Stack gap="sm">
        <Text>{t('request.needsParent')}</Text>
        <Anchor component={Link} to={`/contacts/edit/${contactId}`}>
          {t('request.editLink')}
        </Anchor>
      </Stack>
    )
  }

  // onComplete first: the add flow tells a completion from a plain close by it.
  const complete = () => {
    void refresh()
    onComplete?.()
    onClose()
  }

  return (
    <Stack gap="md">
      {notice && (
        <Alert color="yellow" role="note">
          {notice}
        </Alert>
      )}
      <Text size="sm">{t('request.intro', { parent: parent.firstName })}</Text>
      <Tabs value={method} onChange={(value) => value && setMethod(value as RequestMethod)} keepMounted={false}>
        <Tabs.List aria-label={t('request.methodsLabel')}>
          <Tabs.Tab value="automatic">{t('request.methods.automatic')}</Tabs.Tab>
          <Tabs.Tab value="photo">{t('request.methods.photo')}</Tabs.Tab>
          <Tabs.Tab value="sign">{t('request.methods.sign')}</Tabs.Tab>
          <Tabs.Tab value="verbal" disabled={verbalLocked}>
            {t('request.methods.verbal')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="automatic" pt="md">
          <ConsentQr contactId={contactId} scope={scope} parent={parent} />
        </Tabs.Panel>
        <Tabs.Panel value="photo" pt="md">
          <ConsentEmbed kind="photo" contactId={contactId} scope={scope} onComplete={complete} />
        </Tabs.Panel>
        <Tabs.Panel value="sign" pt="md">
          <ConsentEmbed kind="sign" contactId={contactId} scope={scope} onComplete={complete} />
        </Tabs.Panel>
        <Tabs.Panel value="verbal" pt="md">
          <Stack gap="sm">
            <Text size="sm">{t('contact-form:consent.tryOthersFirst')}</Text>
            <Checkbox
              label={t('contact-form:consent.verbalConfirm')}
              checked={verbalConfirmed}
              onChange={(event) => setVerbalConfirmed(event.currentTarget.checked)}
            />
            {verbalConfirmed && <VerbalConsentForm contactId={contactId} scope={scope} parent={parent} onSaved={complete} />}
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {verbalLocked && (
        <Text size="sm" c="dimmed">
          {t('contact-form:consent.locked')}
        </Text>
      )}
    </Stack>
  )
}
