import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { TransferContact } from '@crm/domain'

/** The staff's read-only view of the contacts the pastor chose (update_transfer, spec 3 §2.2). */
export function ChosenContacts({ contacts }: { contacts: TransferContact[] }) {
  const { t } = useTranslation('transfers')
  const headingId = useId()
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {t('contacts.chosenTitle')}
      </Title>
      {contacts.length === 0 ? (
        <Text c="dimmed">{t('contacts.noneSelected')}</Text>
      ) : (
        <Stack gap="xs" role="list" aria-labelledby={headingId}>
          {contacts.map((contact) => (
            <Paper key={contact.id} withBorder p="sm" role="listitem">
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <Text style={{ overflowWrap: 'anywhere' }}>{contact.name}</Text>
                <Badge variant="light" color={contact.transfer_state === 'move' ? 'blue' : 'teal'} style={{ flexShrink: 0 }}>
                  {t(`contacts.states.${contact.transfer_state}`)}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
