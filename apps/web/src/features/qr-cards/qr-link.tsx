import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Box, Button, CopyButton, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core'
import { consentCalls, copiedMessageMs } from '@crm/domain'
import { errorText } from '../../lib/errors'
import type { LinkRecipient } from './queries'
import './print-card.css'

const recipientForm = consentCalls.emailConsentiaQrUrlToNewUser.request.pick({ user_name: true, user_email: true })
type RecipientForm = z.input<typeof recipientForm>

/** Prints the QR card alone: the page's other content is hidden while the print dialog is open (print-card.css). */
function printCard() {
  document.body.classList.add('qr-card-printing')
  window.addEventListener('afterprint', () => document.body.classList.remove('qr-card-printing'), { once: true })
  window.print()
}

/**
 * A link made for someone to answer on their own phone (spec 2 §7.3): its QR code, the URL
 * with Copy ('Copied' for copiedMessageMs) and Print (the card only), and a form that mails
 * the link to a name and an email.
 */
export function QrLink({
  qr,
  heading,
  emailTitle,
  recipient,
  send,
}: {
  qr: { qr_code: string; url: string }
  /** The printed card's title. */
  heading: string
  emailTitle: string
  recipient: LinkRecipient
  send: {
    mutateAsync: (recipient: LinkRecipient) => Promise<{ success_message?: string | undefined }>
    isPending: boolean
    error: unknown
    isSuccess: boolean
    isError: boolean
  }
}) {
  const { t } = useTranslation(['qr-cards', 'common'])
  const form = useForm<RecipientForm, unknown, z.output<typeof recipientForm>>({
    resolver: zodResolver(recipientForm),
    defaultValues: recipient,
  })
  const { errors } = form.formState
  const sentTo = form.getValues('user_email')

  const onSubmit = form.handleSubmit(async (values) => {
    await send.mutateAsync(values).catch(() => undefined)
  })

  return (
    <Stack gap="lg">
      <Box className="qr-card-print">
        <Stack gap="sm" align="center">
          <Title order={3} size="h4" ta="center">
            {heading}
          </Title>
          <Image src={qr.qr_code} alt={t('qrImage')} w={240} h={240} />
          <Text size="sm" ta="center" style={{ wordBreak: 'break-all' }}>
            {qr.url}
          </Text>
        </Stack>
      </Box>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label={t('url')} value={qr.url} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={qr.url} timeout={copiedMessageMs}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={printCard}>
          {t('print')}
        </Button>
      </Group>

      <Stack component="section" gap="xs" aria-labelledby="qr-link-email">
        <Title order={3} size="h5" id="qr-link-email">
          {emailTitle}
        </Title>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack gap="xs">
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={t('emailName')}
                withAsterisk
                maxLength={200}
                error={errors.user_name ? t('common:fieldRequired') : undefined}
                {...form.register('user_name')}
              />
              <TextInput
                label={t('emailAddress')}
                type="email"
                withAsterisk
                maxLength={254}
                error={errors.user_email ? t('emailInvalid') : undefined}
                {...form.register('user_email')}
              />
            </Group>
            <Group>
              <Button type="submit" loading={send.isPending}>
                {t('send')}
              </Button>
            </Group>
            <Text size="sm" c="teal.8" fw={500} role="status">
              {send.isSuccess ? t('sent', { email: sentTo }) : ''}
            </Text>
            <Text size="sm" c="red.8" fw={500} role="alert">
              {send.isError ? errorText(send.error) : ''}
            </Text>
          </Stack>
        </form>
      </Stack>
    </Stack>
  )
}
