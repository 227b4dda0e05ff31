import { useTranslation } from 'react-i18next'
import { Box, Skeleton, Stack, Text } from '@mantine/core'

/**
 * A list's stand-in while its call runs: grey bars in its items' typography (a bold first
 * line, small lines under it), so the loaded list takes their place at the same height and
 * what is below does not jump (the dashboard's cards, issue 37). Read as one 'Loading…'.
 */
export function PlaceholderItems({ items, lines }: { items: number; lines: number }) {
  const { t } = useTranslation('common')
  const bar = (size: 'md' | 'sm', key: number) => (
    <Skeleton key={key} radius="sm" width={key === 0 ? '55%' : '80%'}>
      <Text size={size} fw={size === 'md' ? 600 : undefined}>
        {'\u00a0'}
      </Text>
    </Skeleton>
  )
  return (
    <Stack gap="xs" role="status" aria-label={t('loading')}>
      {Array.from({ length: items }, (_, item) => (
        <Box key={item} aria-hidden="true">
          {Array.from({ length: lines }, (_, line) => bar(line === 0 ? 'md' : 'sm', line))}
        </Box>
      ))}
    </Stack>
  )
}
