import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { userImportTypes } from '@crm/domain'
import { usePageTitle } from '../../../lib/page-title'
import { ImportAccessDenied, useImportTeam } from '../components/import-access'
import { ImportListSection } from '../components/import-list-section'

/**
 * /contacts/import-and-share (spec 2 §2.4): the conference's Not processed and Processed
 * imports, Add new, and View all processed. Needs update_user_import on a conference team.
 */
export function ImportAndSharePage() {
  const { t } = useTranslation('import-and-share')
  const team = useImportTeam()
  usePageTitle(t('pageName'))
  if (!team) return <ImportAccessDenied title={t('pageName')} />

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={1} size="h2">
            {t('pageName')}
          </Title>
          <Group gap="md" wrap="wrap">
            <Anchor component={Link} to="/contacts/import-and-share/all">
              {t('viewAllProcessed')}
            </Anchor>
            <Button component={Link} to="/contacts/import-and-share/new" leftSection={<IconPlus size={16} aria-hidden="true" />}>
              {t('addNew')}
            </Button>
          </Group>
        </Group>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      {userImportTypes.map((type) => (
        <ImportListSection key={`${type}-${team.id}`} type={type} teamId={team.id} />
      ))}
    </Stack>
  )
}

export { ImportAndSharePage as Component }
