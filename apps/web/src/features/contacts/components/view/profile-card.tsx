import { useTranslation } from 'react-i18next'
import { Anchor, Avatar, Card, Group, Stack, Text, Title } from '@mantine/core'
import { socialNetworks, type ContactView } from '@crm/domain'

type ProfileContact = Pick<ContactView, 'name' | 'first_name' | 'last_name' | 'gender' | 'avatar'> &
  Partial<Pick<ContactView, 'age' | 'social'>>

function initialsOf(contact: ProfileContact): string {
  const letters = [contact.first_name, contact.last_name].map((part) => part.trim().charAt(0)).join('')
  return (letters || contact.name.trim().charAt(0)).toUpperCase()
}

/** The profile card (spec 2 §2): name, photo or initials, gender, age and social links. */
export function ProfileCard({ contact }: { contact: ProfileContact }) {
  const { t } = useTranslation(['contact-view', 'contacts'])
  const social = contact.social
  const links = social ? socialNetworks.filter((network) => Boolean(social[network])) : []

  return (
    <Card withBorder padding="lg">
      <Group gap="lg" wrap="nowrap" align="flex-start">
        {contact.avatar ? (
          <Avatar src={contact.avatar} alt={t('profile.photo', { name: contact.name })} size={72} radius="xl" />
        ) : (
          <Avatar size={72} radius="xl" color="indigo" aria-hidden="true">
            {initialsOf(contact)}
          </Avatar>
        )}
        <Stack gap={4}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {contact.name}
          </Title>
          <Group gap="md">
            {contact.gender && <Text>{t(`contacts:gender.${contact.gender}`)}</Text>}
            {contact.age !== undefined && contact.age !== null && <Text>{t('contacts:age', { count: contact.age })}</Text>}
          </Group>
          {social && links.length > 0 && (
            <Group component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('profile.social')}>
              {links.map((network) => (
                <li key={network}>
                  <Anchor href={social[network] ?? undefined} target="_blank" rel="noopener noreferrer">
                    {t(`contacts:social.${network}`)}
                  </Anchor>
                </li>
              ))}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  )
}
