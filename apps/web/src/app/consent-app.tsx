import { MantineProvider } from '@mantine/core'
import { ConsentPageAt } from '../features/consent-page/consent-app'
import { cssVariablesResolver, theme } from './theme'

/** The consent bundle's app (consent-main.tsx): the theme and the page of the URL it was opened at. */
export function ConsentApp({ location }: { location: Pick<Location, 'pathname' | 'search'> }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <ConsentPageAt location={location} />
    </MantineProvider>
  )
}
