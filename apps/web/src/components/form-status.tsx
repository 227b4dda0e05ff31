import { Box, Text } from '@mantine/core'
import type { FormSubmission } from '../lib/form-submission'

/** The success or error text of a form submission, announced to screen readers. */
export function FormStatus({ submission }: { submission: Pick<FormSubmission, 'status' | 'message'> }) {
  const isError = submission.status === 'error'
  const text = submission.message ?? ''
  // Both live regions stay mounted so a change of text is announced.
  return (
    <Box>
      <Text size="sm" c="teal.8" fw={500} role="status">
        {isError ? '' : text}
      </Text>
      <Text size="sm" c="red.8" fw={500} role="alert">
        {isError ? text : ''}
      </Text>
    </Box>
  )
}
