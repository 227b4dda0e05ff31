import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import type { ContactTeam, ContactView, TeamGroupParams } from '@crm/domain'
import { useSession } from '../../../session/session'
import { ConsentRequestView } from '../../../consent/components/consent-request-view'
import { parentDetailsOf } from '../../../consent/components/parent-details'

/** Consent declined by the person, or by the parent or carer of a child (D2-2.2-23). */
export function ConsentDeclinedBanner({ contact }: { contact: ContactView }) {
  const { t } = useTranslation('contact-view')
  if (!contact.consent_declined && !contact.parental_consent_declined) return null
  return (
    <Alert color="red" variant="light">
      {contact.consent_declined ? t('banners.consentDeclined') : t('banners.parentalConsentDeclined')}
    </Alert>
  )
}

/** The current team asked to use another team's contact: nothing but this and the simple data (D2-4.3-03). */
export function AwaitingApprovalBanner() {
  const { t } = useTranslation('contact-view')
  return (
    <Alert color="yellow" title={t('banners.awaitingTitle')}>
      {t('banners.awaitingText')}
    </Alert>
  )
}

/**
 * A contact saved without consent (spec 2 §4; issue 35 item 10): the needs-consent notice with
 * its action. An adult's consent is recorded in the contact form (verbal, or a photo of their
 * signed form) by whoever may edit the contact (`canRecord`); 'Ask to update details' in the
 * header mails them their own link. A minor's is asked of the parent or carer: 'Get parental
 * consent' opens the request view for whoever may update the contact (`canRequest`).
 */
export function ConsentNotice({
  contact,
  scope,
  canRequest,
  canRecord,
}: {
  contact: ContactView
  scope: TeamGroupParams
  canRequest: boolean
  canRecord: boolean
}) {
  const { t } = useTranslation(['contact-view', 'consent'])
  if (contact.consent_given || contact.consent_declined || contact.parental_consent_declined) return null
  if (contact.is_child) return <ChildConsentNotice contact={contact} scope={scope} canRequest={canRequest} />
  return (
    <Alert color="yellow" title={t('banners.adultConsentTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('banners.adultConsentText')}</Text>
        {canRecord && (
          <Button size="xs" component={Link} to={`/contacts/edit/${contact.id}`}>
            {t('banners.recordConsent')}
          </Button>
        )}
      </Stack>
    </Alert>
  )
}

/** A minor with no consent on record (spec 2 §4.2): 'Get parental consent' opens the request view. */
function ChildConsentNotice({ contact, scope, canRequest }: { contact: ContactView; scope: TeamGroupParams; canRequest: boolean }) {
  const { t } = useTranslation(['contact-view', 'consent'])
  const [opened, setOpened] = useState(false)
  return (
    <Alert color="yellow" title={t('banners.childConsentTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('banners.childConsentText')}</Text>
        {canRequest && (
          <Button size="xs" onClick={() => setOpened(true)}>
            {t('consent:notice.getConsent')}
          </Button>
        )}
      </Stack>
      <ConsentRequestView
        opened={opened}
        onClose={() => setOpened(false)}
        contactId={contact.id}
        scope={scope}
        parent={parentDetailsOf(contact)}
        verbalLocked={false}
      />
    </Alert>
  )
}

/** The contact sits in another team than the selected one; switching is offered when the caller has it. */
export function NotInTeamBanner({ contactTeam }: { contactTeam: ContactTeam }) {
  const { t } = useTranslation('contact-view')
  const { selectTeam } = useSession()
  return (
    <Alert color="yellow">
      <Group justify="space-between">
        {/* It stands for the contact's page, so it is the page's heading. */}
        <Text component="h1" size="sm" fw={400} m={0}>
          {t('banners.notInTeam', { team: contactTeam.title })}
        </Text>
        {contactTeam.user_has_access && (
          <Button size="xs" onClick={() => selectTeam(contactTeam.id)}>
            {t('banners.switchTeam', { team: contactTeam.title })}
          </Button>
        )}
      </Group>
    </Alert>
  )
}
