import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import type { ContactConsents, ParentalConsentRecord } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { TabListState } from '../../../components/tab-list-state'
import type { ContactTabProps } from '../../../components/contact-tab'
import { useContactConsents, useRefreshContact, useRevokeConsent } from '../queries'
import { ConsentRecord } from './consent-record'
import { AdultConsentView } from './adult-consent-view'
import { ConsentRequestView } from './consent-request-view'
import { parentDetailsOf } from './parent-details'

/** A non-verbal consent not revoked: verbal is no longer offered (spec 2 §4.2). */
export function hasNonVerbalConsent(items: readonly ParentalConsentRecord[]): boolean {
  return items.some((record) => record.type !== 'verbal' && record.revoked_display === null)
}

/** The latest link (spec 2 §4.2 automatic): requested → viewed → submitted, with dates and where it went. */
function LinkStatus({ request }: { request: NonNullable<ContactConsents['request']> }) {
  const { t } = useTranslation('consent')
  const steps = [
    request.sent_display ? t('link.sentOn', { date: request.sent_display }) : t('link.requestedOn', { date: request.created_display }),
    request.viewed_display && t('link.viewedOn', { date: request.viewed_display }),
    request.submitted_display && t('link.submittedOn', { date: request.submitted_display }),
  ].filter(Boolean)
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="consent-link-title">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={3} size="h6" id="consent-link-title">
            {t('link.title')}
          </Title>
          <Badge variant="light">{t(`link.status.${request.status}`)}</Badge>
        </Group>
        <Text size="sm">{steps.join(' · ')}</Text>
        {request.sent_to && <Text size="sm">{t('link.sentTo', { to: request.sent_to })}</Text>}
        {request.status !== 'submitted' && (
          <Text size="sm" c="dimmed">
            {t('link.expires', { date: request.expires_display })}
          </Text>
        )}
      </Stack>
    </Card>
  )
}

/**
 * Consent (spec 2 §2.2): every consent of the contact, adult or child — the records, and the
 * contact's own consent given without a record (most_recent_consent with no id: an adult's in
 * the contact form, or by their link) — the latest link, and revoking after confirmation.
 * 'Get parental consent' is offered to a child without consent.
 */
export function ConsentTab({ item, contact, scope }: ContactTabProps) {
  const { t } = useTranslation('consent')
  const consents = useContactConsents(contact.id, scope)
  const revoke = useRevokeConsent(contact.id, scope)
  const [revoking, setRevoking] = useState<ParentalConsentRecord | null>(null)
  const revokeFailure = useActionFailure()
  const [requestOpen, setRequestOpen] = useState(false)
  const [photoOpen, setPhotoOpen] = useState(false)
  const refresh = useRefreshContact(contact.id)
  const items = consents.data?.items ?? []
  const ownConsent = item.most_recent_consent?.consentia_id === null ? item.most_recent_consent : null
  const canUpdate = consents.data?.can_update === true
  // An adult's own signed form, chosen in the contact form: uploaded here once saved.
  const adultAwaitsPhoto =
    !contact.is_child && contact.consent_type === 'photo' && !items.some((record) => record.type === 'photo' && record.revoked_display === null)
  // A failed revoke stays said on the tab until the next one is asked.
  const askRevoke = (record: ParentalConsentRecord) => {
    revokeFailure.clear()
    setRevoking(record)
  }

  return (
    <Stack gap="md">
      {contact.is_child && !contact.consent_given && canUpdate && (
        <Group>
          <Button onClick={() => setRequestOpen(true)}>{t('notice.getConsent')}</Button>
        </Group>
      )}
      {adultAwaitsPhoto && canUpdate && consents.isSuccess && (
        <Group>
          <Text size="sm">{t('adult.awaitsPhoto')}</Text>
          <Button onClick={() => setPhotoOpen(true)}>{t('adult.upload')}</Button>
        </Group>
      )}
      {consents.data?.request && <LinkStatus request={consents.data.request} />}
      <ActionFailureAlert failure={revokeFailure} />
      <TabListState isPending={consents.isPending} isError={consents.isError} count={items.length + (ownConsent ? 1 : 0)}>
        <Stack gap="sm">
          {ownConsent && <ConsentRecord record={ownConsent} scope={scope} />}
          {items.map((record) => (
            <ConsentRecord key={record.id} record={record} scope={scope} onRevoke={canUpdate ? () => askRevoke(record) : undefined} />
          ))}
        </Stack>
      </TabListState>
      <ConfirmDialog
        opened={revoking !== null}
        title={t('tab.revokeTitle')}
        message={t('tab.revokeMessage')}
        confirmLabel={t('tab.revokeConfirm')}
        danger
        onConfirm={() => (revoking ? revokeFailure.attempt(() => revoke.mutateAsync(revoking.consentia_id), t('tab.revokeFailed')) : undefined)}
        onClose={() => setRevoking(null)}
      />
      <AdultConsentView
        opened={photoOpen}
        onClose={() => setPhotoOpen(false)}
        contactId={contact.id}
        scope={scope}
        onComplete={() => {
          void refresh()
          setPhotoOpen(false)
        }}
      />
      <ConsentRequestView
        opened={requestOpen}
        onClose={() => setRequestOpen(false)}
        contactId={contact.id}
        scope={scope}
        parent={parentDetailsOf(contact)}
        verbalLocked={hasNonVerbalConsent(items)}
      />
    </Stack>
  )
}
