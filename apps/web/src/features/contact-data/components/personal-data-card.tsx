import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core'
import { IconAddressBook, IconFileZip, IconTrash } from '@tabler/icons-react'
import type { ContactErasure, TeamGroupParams } from '@crm/domain'
import { useDateFormat } from '../../../lib/date-format'
import { fetchContactDataExport, fetchContactVcard, usePendingErasure, type ContactDataQuery } from '../queries'
import { useDownloads } from '../use-downloads'
import { EraseContactDialog } from './erase-contact-dialog'
import { DoneMessage } from '../../../components/done-message'

export interface PersonalDataCardProps {
  contact: { id: number; name: string }
  /** The team and group the contact's page was opened from. */
  scope: TeamGroupParams
  /** Whether the team owns the contact: only the owning team's owners erase it (the server says erase_not_owner otherwise). */
  mayErase: boolean
}

type Download = 'zip' | 'vcard'

/**
 * A contact's personal data on request (issue 40 §2), on its page for who may remove the team's
 * contacts (delete_contact): everything held about them as a ZIP, their card as a vCard, and
 * "Erase or de-identify this contact…" while no erasure is pending (the page's notice offers
 * Keep then).
 */
export function PersonalDataCard({ contact, scope, mayErase }: PersonalDataCardProps) {
  const { t } = useTranslation(['contact-data', 'common'])
  const format = useDateFormat()
  const pending = usePendingErasure(contact.id, scope.team_id)
  const { failed, download, buttonOf } = useDownloads<Download>(t('card.downloadFailed'))
  const [erasing, setErasing] = useState(false)
  const [requested, setRequested] = useState<ContactErasure | null>(null)
  const query: ContactDataQuery = { ...scope, user_id: contact.id }
  const heading = useRef<HTMLHeadingElement>(null)
  // The button that opened the dialog is gone once the erasure is asked for: focus stays in the
  // card rather than falling to the page (after the dialog's own return of focus).
  useEffect(() => {
    if (!requested) return
    const timer = window.setTimeout(() => heading.current?.focus(), 50)
    return () => window.clearTimeout(timer)
  }, [requested])

  const downloadOf = (kind: Download) =>
    download(kind, () => (kind === 'zip' ? fetchContactDataExport(query) : fetchContactVcard(query)), fileNameOf(contact.id, kind))

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="personal-data-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="personal-data-title" ref={heading} tabIndex={-1}>
          {t('card.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('card.intro', { name: contact.name })}
        </Text>
        <Button
          variant="default"
          justify="flex-start"
          leftSection={<IconFileZip size={16} aria-hidden="true" />}
          {...buttonOf('zip')}
          onClick={() => void downloadOf('zip')}
        >
          {t('card.downloadZip')}
        </Button>
        <Button
          variant="default"
          justify="flex-start"
          leftSection={<IconAddressBook size={16} aria-hidden="true" />}
          {...buttonOf('vcard')}
          onClick={() => void downloadOf('vcard')}
        >
          {t('card.downloadVcard')}
        </Button>
        {failed && (
          <Text size="sm" c="red.8" role="alert">
            {failed}
          </Text>
        )}
        {mayErase && !pending.data && (
          <Button
            variant="outline"
            color="red"
            justify="flex-start"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={() => {
              setRequested(null)
              setErasing(true)
            }}
          >
            {t('card.erase')}
          </Button>
        )}
        {/* Announced when it appears: the page's notice now says when, with Keep. */}
        <DoneMessage
          message={requested && t(`erase.requested.${requested.mode}`, { name: contact.name, date: format.date(requested.due_at) })}
          onClose={() => setRequested(null)}
        />
        <Anchor component={Link} to="/contacts/erasures" size="sm">
          {t('card.erasures')}
        </Anchor>
      </Stack>
      {erasing && <EraseContactDialog contact={contact} scope={scope} onClose={() => setErasing(false)} onRequested={setRequested} />}
    </Card>
  )
}

/**
 * The file's name, as the server's Content-Disposition gives it (a saved blob cannot take
 * it from there): the record's id, not the person's name, in a downloads folder.
 */
function fileNameOf(contactId: number, kind: Download): string {
  return kind === 'zip' ? `contact-${contactId}-data.zip` : `contact-${contactId}.vcf`
}
