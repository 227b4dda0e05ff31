import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import type { ContactTeam } from '@crm/domain'
import { NotInTeamBanner } from './banners'

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

/**
 * 404: the selected team or group does not hold the contact. When another of the caller's
 * teams holds it the server names that team, and the banner offers the switch (spec 2 §2).
 */
export function ContactNotFound({ contactTeam = null }: { contactTeam?: ContactTeam | null }) {
  const { t } = useTranslation('contact-view')
  const back = (
    <Anchor component={Link} to="/contacts">
      {t('backToContacts')}
    </Anchor>
  )
  if (contactTeam) {
    return (
      <Stack gap="lg" py="md">
        <NotInTeamBanner contactTeam={contactTeam} />
        <Group>{back}</Group>
      </Stack>
    )
  }
  return (
    <Stack align="center" gap="sm" py="xl">
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      {back}
    </Stack>
  )
}
