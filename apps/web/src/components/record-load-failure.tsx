import { Link } from 'react-router'
import { Alert, Anchor, Stack, Text } from '@mantine/core'
import { isApiError } from '../lib/api'

interface RecordLoadFailureProps {
  /** What the read failed with; null for an id that could not be one. */
  error: unknown
  texts: { notFound: string; failed: string; back: string }
  /** The record's list. */
  backTo: string
}

/**
 * A record's page whose record could not be read: not found (404, or an id the server refused)
 * said calmly, any other failure in red; either way with the way back to its list.
 */
export function RecordLoadFailure({ error, texts, backTo }: RecordLoadFailureProps) {
  const notFound = error === null || (isApiError(error) && (error.status === 404 || error.status === 400))
  return (
    <Stack gap="md">
      <Alert color={notFound ? 'gray' : 'red'} variant="light">
        {/* What is said is the page's heading: a page without one leaves a screen reader lost. */}
        <Text component="h1" size="sm" fw={400} m={0}>
          {notFound ? texts.notFound : texts.failed}
        </Text>
      </Alert>
      <Anchor component={Link} to={backTo}>
        {texts.back}
      </Anchor>
    </Stack>
  )
}
