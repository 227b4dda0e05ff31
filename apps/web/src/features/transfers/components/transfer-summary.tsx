import { useTranslation } from 'react-i18next'
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { Transfer } from '@crm/domain'
import { useDateFormat } from '../../../lib/date-format'
import { transferDateText } from '../transfer-date'

/** The pastor, the from and to church with their addresses, and the date (spec 3 §2.2, §3). */
export function TransferSummary({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('transfers')
  const format = useDateFormat()
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('view.pastor')}
            </Text>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {transfer.user_name}
            </Text>
            <Anchor href={`mailto:${transfer.user_email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {transfer.user_email}
            </Anchor>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('view.date')}
            </Text>
            <Text fw={600}>{transferDateText(transfer, t, format)}</Text>
            {!transfer.date && !transfer.is_processed && (
              <Text size="sm" c="dimmed">
                {t('view.byHandHint')}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Church
          heading={t('view.from')}
          name={transfer.from_team_name}
          conference={transfer.from_conference_name}
          address={transfer.from_team_address_formatted_break}
        />
        <Church
          heading={t('view.to')}
          name={transfer.to_team_name}
          conference={transfer.to_conference_name}
          address={transfer.to_team_address_formatted_break}
        />
      </SimpleGrid>
    </Stack>
  )
}

function Church({ heading, name, conference, address }: { heading: string; name: string; conference: string; address: string | null }) {
  const { t } = useTranslation('transfers')
  return (
    <Paper withBorder p="md" component="section" aria-label={heading}>
      <Stack gap={4}>
        <Title order={2} size="h5" c="dimmed" fw={500}>
          {heading}
        </Title>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Text size="sm" c="dimmed">
          {conference}
        </Text>
        {address ? (
          // address_formatted_break holds the address over several lines.
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {address}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('view.noAddress')}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
