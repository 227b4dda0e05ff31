import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { i18next } from '../lib/i18n'
import { themeInLanguage } from '../app/theme'
import { createTestQueryClient } from './render'

/** Theme, translations and a query client, without a router (hooks and plain widgets). */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider env="test" theme={themeInLanguage(i18next.t('close'))}>
      <I18nextProvider i18n={i18next}>
        <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  )
}
