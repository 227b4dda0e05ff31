import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, List, Modal, Stack, Text } from '@mantine/core'
import { IconAddressBook, IconFileZip } from '@tabler/icons-react'
import { errorText } from '../../../lib/errors'
import { saveBlob } from '../../../lib/save-file'
import { fetchTeamContactsExport, fetchTeamContactsVcard } from '../queries'

type Download = 'zip' | 'vcard'

export interface TeamExportDialogProps {
  team: { id: number; title: string }
  onClose: () => void
}

/**
 * Leave to any system (issue 41 item 5): a team's owners (delete_contact, as the server) take
 * its contacts with them, as the CSV files the contact import reads back or as vCards. The
 * dialog says what the files leave out before anything is downloaded.
 */
export function TeamExportDialog({ team, onClose }: TeamExportDialogProps) {
  const { t } = useTranslation('contact-data')
  const [busy, setBusy] = useState<Download | null>(null)
  const [failed, setFailed] = useState<string | null>(null)

  // Fetched with the session's token (a plain link could not carry it) and saved as the server names it.
  const download = async (kind: Download) => {
    setBusy(kind)
    setFailed(null)
    try {
      const blob = await (kind === 'zip' ? fetchTeamContactsExport(team.id) : fetchTeamContactsVcard(team.id))
      saveBlob(blob, kind === 'zip' ? `team-${team.id}-contacts.zip` : `team-${team.id}-contacts.vcf`)
    } catch (error) {
      setFailed(errorText(error, t('teamExport.failed')))
    } finally {
      setBusy(null)
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('teamExport.title')} size="lg" centered>
      <Stack gap="md">
        <Text>{t('teamExport.intro', { team: team.title })}</Text>
        <Stack gap={4}>
          <Button
            variant="default"
            justify="flex-start"
            leftSection={<IconFileZip size={16} aria-hidden="true" />}
            loading={busy === 'zip'}
            disabled={busy !== null && busy !== 'zip'}
            onClick={() => void download('zip')}
            data-autofocus
          >
            {t('teamExport.csv')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('teamExport.csvHint')}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Button
            variant="default"
            justify="flex-start"
            leftSection={<IconAddressBook size={16} aria-hidden="true" />}
            loading={busy === 'vcard'}
            disabled={busy !== null && busy !== 'vcard'}
            onClick={() => void download('vcard')}
          >
            {t('teamExport.vcard')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('teamExport.vcardHint')}
          </Text>
        </Stack>
        <List size="sm" spacing={4}>
          <List.Item>{t('teamExport.children')}</List.Item>
          <List.Item>{t('teamExport.consent')}</List.Item>
          <List.Item>{t('teamExport.archived')}</List.Item>
        </List>
        {failed && (
          <Text size="sm" c="red.8" role="alert">
            {failed}
          </Text>
        )}
      </Stack>
    </Modal>
  )
}

export { TeamExportDialog as default }
