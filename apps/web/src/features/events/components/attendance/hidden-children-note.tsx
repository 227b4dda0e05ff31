import { useTranslation } from 'react-i18next'
import { Group, Text } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'

/**
 * Under a list of the date's attendance: how many children the server left out for a caller
 * without a Working with Children Check and AdSafe training (spec 2 §5, issue 33), so the list
 * does not look smaller than the attendance was. Nothing when none were left out.
 */
export function HiddenChildrenNote({ count, alone }: { count: number | undefined; alone: boolean }) {
  const { t } = useTranslation('attendance')
  if (!count) return null
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconLock size={14} aria-hidden="true" style={{ marginTop: 3, flex: 'none' }} />
      <Text size="sm" c="dimmed">
        {alone ? t('hiddenChildren.only', { count }) : t('hiddenChildren.more', { count })}
      </Text>
    </Group>
  )
}
