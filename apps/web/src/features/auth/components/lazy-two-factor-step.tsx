import { lazy, Suspense } from 'react'
import { Center, Loader } from '@mantine/core'
import { loadChunk } from '../../../lib/chunk-reload'
import type { TwoFactorStepProps } from './two-factor-step'

// Most sign-ins never see the two-factor step: its code (with the setup's QR view) loads
// only once the server asks for a code, not with the sign-in forms.
const TwoFactorStep = lazy(() => loadChunk(() => import('./two-factor-step')).then((module) => ({ default: module.TwoFactorStep })))

/** The two-factor step, loaded on demand, with a loader while it arrives. */
export function LazyTwoFactorStep(props: TwoFactorStepProps) {
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" />
        </Center>
      }
    >
      <TwoFactorStep {...props} />
    </Suspense>
  )
}
