import { Outlet, ScrollRestoration, useNavigation } from 'react-router'
import { Progress } from '@mantine/core'

/** The root of every route: a thin bar while a section loads. */
export function RootLayout() {
  const loading = useNavigation().state === 'loading'
  return (
    <>
      {loading && (
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
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  )
}
