import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import { useAccount } from '../../../../app/account'

/** 403 (D2-2.5-01): the spec's text, and the way to another group (spec 2 §2). */
export function AccessDenied() {
  const { t } = useTranslation('contacts')
  return (
    <Stack align="center" gap="sm" py="xl">
      <Title order={1} size="h2">
        {t('accessDenied')}
      </Title>
      <Anchor component={Link} to="/contacts/group/switch">
        {t('switchGroup')}
      </Anchor>
    </Stack>
  )
}

/** 404: the contact is not in the selected team or group (another team's contact is invisible, decisions.md). */
export function ContactNotFound() {
  const { t } = useTranslation('contact-view')
  const { hasMultipleTeams } = useAccount()
  return (
    <Stack align="center" gap="sm" py="xl">
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Group>
        <Anchor component={Link} to="/contacts">
          {t('backToContacts')}
        </Anchor>
        {hasMultipleTeams && (
          <Anchor component={Link} to="/team/switch">
            {t('notFound.switchTeam')}
          </Anchor>
        )}
      </Group>
    </Stack>
  )
}
