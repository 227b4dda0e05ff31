import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Stack, Text, Title } from '@mantine/core'
import type { Team } from '@crm/domain'
import { useSession } from '../../session/session'

/** Import-and-share needs update_user_import on a conference team (spec 2 §2.4, §6). */
export function mayImportAndShare(team: Pick<Team, 'is_conference' | 'user_capabilities'> | null): boolean {
  return team?.is_conference === true && team.user_capabilities.update_user_import === true
}

/**
 * The selected team when it may import and share; otherwise null, and the page shows
 * <ImportAccessDenied />. The server refuses the same callers (403).
 */
export function useImportTeam() {
  const { team } = useSession()
  return mayImportAndShare(team) ? team : null
}

/** The spec's access-denied page (spec 2 §2 "Access-denied page"), under the page's heading. */
export function ImportAccessDenied({ title }: { title: ReactNode }) {
  const { t } = useTranslation('import-and-share')
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text fw={600} py="xl" ta="center" role="alert">
        {t('accessDenied')}
      </Text>
    </Stack>
  )
}
