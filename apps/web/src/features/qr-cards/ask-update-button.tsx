import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core'
import { updatableByContactFields, type TeamGroupParams, type UpdatableByContactField } from '@crm/domain'
import { errorText } from '../../lib/errors'
import { useCreateUpdateLink, useEmailUpdateLink } from './queries'
import { QrLink } from './qr-link'

/** The fields to ask for; Create stays disabled until one is chosen (spec 2 §5). */
function FieldsForm({ name, busy, onCreate }: { name: string; busy: boolean; onCreate: (fields: UpdatableByContactField[]) => void }) {
  const { t } = useTranslation('qr-cards')
  const [fields, setFields] = useState<UpdatableByContactField[]>([])
  const none = fields.length === 0
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (!none) onCreate(updatableByContactFields.filter((field) => fields.includes(field)))
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('askUpdateIntro', { name })}</Text>
        <Checkbox.Group label={t('fieldsLegend')} value={fields} onChange={(value) => setFields(value as UpdatableByContactField[])}>
          <Stack gap="xs" mt={6}>
            {updatableByContactFields.map((field) => (
              <Checkbox key={field} value={field} label={t(`field.${field}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={busy} disabled={none} aria-describedby={none ? 'ask-update-choose' : undefined}>
            {t('create')}
          </Button>
          {none && (
            <Text size="sm" c="dimmed" id="ask-update-choose">
              {t('chooseOne')}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  )
}

/**
 * 'Ask to update details' on an adult contact's page (spec 2 §7.3 consentia-qr-for-user,
 * email-consentia-qr-url-to-user): a link where the contact updates the chosen fields and
 * agrees to be contacted, as a QR code, a URL to copy, or by mail.
 */
export function AskUpdateButton({
  contact,
  scope,
  teamName,
}: {
  contact: { id: number; name: string; email: string | null }
  scope: TeamGroupParams
  teamName: string
}) {
  const { t } = useTranslation('qr-cards')
  const [opened, setOpened] = useState(false)
  const create = useCreateUpdateLink(contact.id, scope)
  const email = useEmailUpdateLink(contact.id, scope)
  const fields = create.variables

  const close = () => {
    setOpened(false)
    create.reset()
    email.reset()
  }

  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('askUpdate')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('askUpdateTitle', { name: contact.name })} size="lg">
        {create.data && fields ? (
          <QrLink
            qr={create.data}
            heading={teamName}
            emailTitle={t('emailToContact', { name: contact.name })}
            recipient={{ user_name: contact.name, user_email: contact.email ?? '' }}
            send={{
              mutateAsync: (recipient) => email.mutateAsync({ ...recipient, fields }),
              isPending: email.isPending,
              isSuccess: email.isSuccess,
              isError: email.isError,
              error: email.error,
            }}
          />
        ) : (
          <Stack gap="md">
            <FieldsForm name={contact.name} busy={create.isPending} onCreate={(value) => create.mutate(value)} />
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
