import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Text } from '@mantine/core'
import { IconBuildingChurch } from '@tabler/icons-react'
import type { Team } from '@crm/domain'

interface ConferenceChurchesProps {
  /** The caller's teams under the selected conference. */
  churches: Team[]
  onSelect: (teamId: number) => void
}

/**
 * At a conference: the churches' contacts are kept by each church, so the way to them is
 * to switch to the church (issue #10 item 7). Nothing shows without a church to go to.
 */
export function ConferenceChurches({ churches, onSelect }: ConferenceChurchesProps) {
  const { t } = useTranslation('contacts')
  if (churches.length === 0) return null
  return (
    <Alert variant="light" color="blue" icon={<IconBuildingChurch size={18} aria-hidden="true" />} title={t('conference.title')}>
      <Text size="sm" mb="sm">
        {t('conference.hint')}
      </Text>
      <Group gap="xs">
        {churches.map((church) => (
          <Button key={church.id} size="xs" variant="default" onClick={() => onSelect(church.id)}>
            {church.title}
          </Button>
        ))}
      </Group>
    </Alert>
  )
}
