import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, CopyButton, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core'
import { copiedMessageMs, type TeamGroupParams } from '@crm/domain'
import { errorText } from '../../../lib/errors'
import { useEmailParentLink, useParentQr } from '../queries'
import type { ParentDetails } from './parent-details'

/** Automatic (spec 2 §4.2): the link's QR code to scan, the link to copy, and the link by mail. */
export function ConsentQr({ contactId, scope, parent }: { contactId: number; scope: TeamGroupParams; parent: ParentDetails }) {
  const { t } = useTranslation('consent')
  const qr = useParentQr(contactId, scope)
  const email = useEmailParentLink(contactId, scope)
  // One link per opening of the method, not one per render (StrictMode runs effects twice).
  const asked = useRef(false)
  const { mutate: makeLink } = qr
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    makeLink()
  }, [makeLink])

  if (qr.isError) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{errorText(qr.error, t('qr.failed'))}</Text>
          <Button size="xs" variant="default" onClick={() => qr.mutate()}>
            {t('qr.retry')}
          </Button>
        </Group>
      </Alert>
    )
  }
  if (!qr.data) return <Loader size="sm" role="status" aria-label={t('qr.url')} />
  const { qr_code: qrCode, url } = qr.data

  return (
    <Stack gap="md">
      <Text size="sm">{t('qr.intro')}</Text>
      <Image src={qrCode} alt={t('qr.alt', { parent: parent.firstName })} w={240} h={240} />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label={t('qr.url')} value={url} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={url} timeout={copiedMessageMs}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('qr.copied') : t('qr.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Stack gap={4}>
        <Group>
          <Button onClick={() => email.mutate()} loading={email.isPending} disabled={!parent.email || email.isPending}>
            {t('qr.email', { parent: parent.firstName })}
          </Button>
        </Group>
        {!parent.email && (
          <Text size="sm" c="dimmed">
            {t('qr.noEmail')}
          </Text>
        )}
        <Text size="sm" c="teal.8" fw={500} role="status">
          {email.isSuccess ? t('qr.emailSent', { to: parent.email }) : ''}
        </Text>
        <Text size="sm" c="red.8" fw={500} role="alert">
          {email.isError ? errorText(email.error) : ''}
        </Text>
      </Stack>
    </Stack>
  )
}
