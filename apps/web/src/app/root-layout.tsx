import { Outlet, ScrollRestoration, useNavigation } from 'react-router'
import { Progress } from '@mantine/core'
import { pageTransitionMs } from '@crm/domain'
import { useDebouncedValue } from '../lib/debounce'

/**
 * The root of every route: a thin bar while a section loads, once the spec's page-transition
 * delay (400 ms) has passed, so a quick change of page does not flash it.
 */
export function RootLayout() {
  const loading = useNavigation().state === 'loading'
  const showLoading = useDebouncedValue(loading, pageTransitionMs) && loading
  return (
    <>
      {showLoading && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1000 }}
          aria-hidden="true"
          data-testid="page-loading"
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  )
}
