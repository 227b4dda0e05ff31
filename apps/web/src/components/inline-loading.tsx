import { Group, Loader, Text } from '@mantine/core'

/** Something on its way within a page (a file read, a check, a list, a sign-in step), in words, announced. */
export function InlineLoading({ text }: { text: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" aria-hidden="true" />
      <Text size="sm">{text}</Text>
    </Group>
  )
}
