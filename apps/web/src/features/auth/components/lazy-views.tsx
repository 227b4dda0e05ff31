import { lazy, Suspense, type ReactNode } from 'react'
import { Center, Loader } from '@mantine/core'
import { loadChunk } from '../../../lib/chunk-reload'
import type { ResetRequestFormProps } from './reset-request-form'
import type { TwoFactorStepProps } from './two-factor-step'

// The views that replace a sign-in form only when asked for load then, not with the form:
// most sign-ins never see the two-factor step (with the setup's QR view) or the reset request.
const TwoFactorStep = lazy(() => loadChunk(() => import('./two-factor-step')).then((module) => ({ default: module.TwoFactorStep })))
const ResetRequestForm = lazy(() => loadChunk(() => import('./reset-request-form')).then((module) => ({ default: module.ResetRequestForm })))

function WhileLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" />
        </Center>
      }
    >
      {children}
    </Suspense>
  )
}

/** The two-factor step, loaded on demand, with a loader while it arrives. */
export function LazyTwoFactorStep(props: TwoFactorStepProps) {
  return (
    <WhileLoading>
      <TwoFactorStep {...props} />
    </WhileLoading>
  )
}

/** The reset request form, loaded on demand, with a loader while it arrives. */
export function LazyResetRequestForm(props: ResetRequestFormProps) {
  return (
    <WhileLoading>
      <ResetRequestForm {...props} />
    </WhileLoading>
  )
}
