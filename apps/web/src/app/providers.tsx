import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query'
import { I18nextProvider } from 'react-i18next'
import { MantineProvider } from '@mantine/core'
import { i18next } from '../lib/i18n'
import { SiteContext } from '../lib/site'
import { siteQueryOptions } from '../features/site/queries'
import { SessionProvider } from '../features/session/session'
import { cssVariablesResolver, themeInLanguage } from './theme'

/** Everything every screen needs: theme, translations, server state and the account. */
export function Providers({
  queryClient,
  children,
  env,
}: {
  queryClient: QueryClient
  children: ReactNode
  /** 'test' turns Mantine's transitions and portals off. */
  env?: 'default' | 'test'
}) {
  // Answers carry texts and dates in the language asked for (Accept-Language): a new
  // language asks again for what is on screen.
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries()
    i18next.on('languageChanged', refetch)
    return () => i18next.off('languageChanged', refetch)
  }, [queryClient])
  const theme = useThemeInLanguage()
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <I18nextProvider i18n={i18next}>
        <QueryClientProvider client={queryClient}>
          <SiteFromServer>
            <SessionProvider>{children}</SessionProvider>
          </SiteFromServer>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  )
}

/** The theme whose dialogs name their close button in the current language. */
function useThemeInLanguage() {
  const [closeLabel, setCloseLabel] = useState(() => i18next.t('close'))
  useEffect(() => {
    const update = () => setCloseLabel(i18next.t('close'))
    i18next.on('languageChanged', update)
    return () => i18next.off('languageChanged', update)
  }, [])
  return useMemo(() => themeInLanguage(closeLabel), [closeLabel])
}

/** GET site once, through the query cache, for useSite(). */
function SiteFromServer({ children }: { children: ReactNode }) {
  const site = useQuery(siteQueryOptions()).data
  return <SiteContext value={site}>{children}</SiteContext>
}
