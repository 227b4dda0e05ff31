import { useTranslation } from 'react-i18next'
import { Button, List, Modal, Stack, Text } from '@mantine/core'
import { IconAddressBook, IconFileZip } from '@tabler/icons-react'
import { fetchTeamContactsExport, fetchTeamContactsVcard } from '../queries'
import { useDownloads } from '../use-downloads'

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
  const { failed, download, buttonOf } = useDownloads<Download>(t('teamExport.failed'))
  // Saved as the server names them.
  const downloadZip = () => download('zip', () => fetchTeamContactsExport(team.id), `team-${team.id}-contacts.zip`)
  const downloadVcard = () => download('vcard', () => fetchTeamContactsVcard(team.id), `team-${team.id}-contacts.vcf`)

  return (
    <Modal opened onClose={onClose} title={t('teamExport.title')} size="lg" centered>
      <Stack gap="md">
        <Text>{t('teamExport.intro', { team: team.title })}</Text>
        <Stack gap={4}>
          <Button
            variant="default"
            justify="flex-start"
            leftSection={<IconFileZip size={16} aria-hidden="true" />}
            {...buttonOf('zip')}
            onClick={() => void downloadZip()}
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
            {...buttonOf('vcard')}
            onClick={() => void downloadVcard()}
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
