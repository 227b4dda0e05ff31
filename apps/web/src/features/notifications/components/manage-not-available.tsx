import { useTranslation } from 'react-i18next'
import { Stack, Text, Title } from '@mantine/core'

/** Notification management is the conference's; a church, or a person without the capability, reads why. */
export function ManageNotAvailable({ title, isConference }: { title: string; isConference: boolean }) {
  const { t } = useTranslation('manage-notifications')
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text fw={600} py="xl" ta="center">
        {isConference ? t('notAllowed') : t('notAvailable')}
      </Text>
    </Stack>
  )
}
