import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowsExchange, IconMap } from '@tabler/icons-react'
import type { Group as TeamGroup } from '@crm/domain'

export const switchGroupPath = '/contacts/group/switch'

interface ContactsHeaderProps {
  group: TeamGroup
  /** A public group other than the primary group (D2-2.1-01). */
  isPublicGroup: boolean
  /** The page's other actions (the QR card), beside Map and Switch group rather than in a band of their own. */
  actions?: ReactNode
}

/** 'Contacts' in a public group, 'My contacts' otherwise; the group's title and Switch group (spec 2 §2). */
export function ContactsHeader({ group, isPublicGroup, actions }: ContactsHeaderProps) {
  const { t } = useTranslation(['contacts', 'map'])
  const location = useLocation()
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Title order={1}>{isPublicGroup ? t('list.titlePublic') : t('list.titleOwn')}</Title>
        <Text c="dimmed">
          {t('list.groupLabel')}{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {group.title}
          </Text>
        </Text>
      </Stack>
      <Group gap="sm">
        {group.user_capabilities.read_contact && (
          // The map of the same contacts, under the list's search and filters (spec 1 §2.9).
          <Button
            component={Link}
            to={{ pathname: '/contacts/map', search: location.search }}
            variant="default"
            leftSection={<IconMap size={16} aria-hidden="true" />}
          >
            {t('map:pageName')}
          </Button>
        )}
        <Button component={Link} to={switchGroupPath} variant="default" leftSection={<IconArrowsExchange size={16} aria-hidden="true" />}>
          {t('switchGroup')}
        </Button>
        {actions}
      </Group>
    </Group>
  )
}
