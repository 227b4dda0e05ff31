import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Center, Loader, Pagination, Text } from '@mantine/core'

/** What a tab list shows while loading, on failure and when empty; else its items. */
export function TabListState({ isPending, isError, count, children }: { isPending: boolean; isError: boolean; count: number; children: ReactNode }) {
  const { t } = useTranslation(['contact-view', 'contacts', 'common'])
  if (isPending)
    return (
      <Center py="md">
        <Loader size="sm" role="status" aria-label={t('common:loading')} />
      </Center>
    )
  if (isError)
    return (
      <Alert color="red" role="alert">
        {t('tabs.loadFailed')}
      </Alert>
    )
  if (count === 0) return <Text>{t('contacts:nothingFound')}</Text>
  return <>{children}</>
}

/** Pages of a tab list, only when there is more than one. */
export function TabPagination({ page, maxPages, onChange }: { page: number; maxPages: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('contact-view')
  if (maxPages <= 1) return null
  return <Pagination total={maxPages} value={page} onChange={onChange} aria-label={t('pagination')} size="sm" />
}
