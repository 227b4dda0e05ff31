import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core'
import { IconDownload, IconFileImport } from '@tabler/icons-react'
import { useChurchRoster } from '../queries'
import { ImportRosterModal } from './import-roster-modal'
import { InlineLoading } from '../../../components/inline-loading'

/** The sample's header row: the columns a roster file has (church_name and member_id may be added). */
const sampleHeader = ['church_acms_id', 'first_name', 'last_name', 'email', 'phone']
const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`${sampleHeader.join(',')}\r\n`)}`

/**
 * The conference's church rosters (DESIGN.md §7), at the bottom of /team/manage-sub-teams:
 * each church with its member count, the sub-team carrying its ACMS id and the last import;
 * an import from a spreadsheet and a sample to start from. Invites to a church are checked
 * against its roster (spec 3 §5, §8 acms_not_in_church).
 */
export function ChurchRosterSection({ conferenceId }: { conferenceId: number }) {
  const { t } = useTranslation('roster')
  const roster = useChurchRoster(conferenceId)
  const [importing, setImporting] = useState(false)
  const titleId = `church-rosters-${conferenceId}`
  const items = roster.data?.items ?? []

  return (
    <Paper component="section" withBorder p={{ base: 'sm', sm: 'md' }} aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 20rem' }}>
            <Title order={2} size="h4" id={titleId}>
              {t('title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('intro')}
            </Text>
          </Stack>
          <Group gap="sm">
            <Anchor href={sampleHref} download="church-roster-sample.csv" size="sm">
              <Group gap={4} component="span" wrap="nowrap">
                <IconDownload size={16} aria-hidden="true" />
                {t('sample')}
              </Group>
            </Anchor>
            <Button variant="light" leftSection={<IconFileImport size={16} aria-hidden="true" />} onClick={() => setImporting(true)}>
              {t('import.button')}
            </Button>
          </Group>
        </Group>
        {roster.isPending ? (
          <InlineLoading text={t('loading')} />
        ) : roster.isError ? (
          <Alert color="red" role="alert">
            {t('loadFailed')}
          </Alert>
        ) : items.length === 0 ? (
          <Text size="sm">{t('nothingFound')}</Text>
        ) : (
          <ScrollArea type="auto">
            <Table striped withTableBorder fz="sm" aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('list.church')}</Table.Th>
                  <Table.Th scope="col">{t('list.acmsId')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('list.members')}
                  </Table.Th>
                  <Table.Th scope="col">{t('list.lastImported')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((church) => (
                  <Table.Tr key={church.church_acms_id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {church.sub_team_title ?? church.church_name}
                      {church.sub_team_title === null && (
                        <Text size="xs" c="dimmed" component="span" display="block">
                          {t('list.noSubTeam')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{church.church_acms_id}</Table.Td>
                    <Table.Td ta="end">{church.members}</Table.Td>
                    <Table.Td>{church.last_imported_display}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
      {importing && <ImportRosterModal conferenceId={conferenceId} onClose={() => setImporting(false)} />}
    </Paper>
  )
}
