import type { ReactNode } from 'react'
import { Button, Group, Stack, type ButtonProps } from '@mantine/core'
import type { FormSubmission } from '../lib/form-submission'
import { FormStatus } from './form-status'

interface FormActionsProps {
  submission: Pick<FormSubmission, 'status' | 'message' | 'isProcessing'>
  submitLabel: string
  cancel?: { label: string; onClick: () => void } | undefined
  /** The submit refused for a reason of the form's own (a gate, a missing choice). */
  disabled?: boolean
  /** Busy beyond the submission's request, such as an asynchronous validation. */
  busy?: boolean
  submitVariant?: ButtonProps['variant']
  /** Red for a submit that removes something. */
  submitColor?: ButtonProps['color']
  size?: ButtonProps['size']
  /** Further buttons of the form, after submit and cancel. */
  children?: ReactNode
  /** 'modal': the status above a row that ends with Cancel, then the submit (a dialog's footer). */
  layout?: 'row' | 'modal'
}

/** A form's last row: its submit button, Cancel where it has one, and the submission's status. */
export function FormActions({
  submission,
  submitLabel,
  cancel,
  disabled = false,
  busy = false,
  submitVariant,
  submitColor,
  size,
  children,
  layout = 'row',
}: FormActionsProps) {
  const processing = submission.isProcessing || busy
  const submit = (
    <Button type="submit" variant={submitVariant} color={submitColor} size={size} loading={processing} disabled={processing || disabled}>
      {submitLabel}
    </Button>
  )
  const cancelButton = cancel && (
    <Button variant="default" size={size} onClick={cancel.onClick}>
      {cancel.label}
    </Button>
  )

  if (layout === 'modal') {
    return (
      <Stack gap="sm">
        <FormStatus submission={submission} />
        <Group justify="flex-end" gap="sm">
          {cancelButton}
          {children}
          {submit}
        </Group>
      </Stack>
    )
  }
  return (
    <Group gap="sm" wrap="wrap">
      {submit}
      {cancelButton}
      {children}
      <FormStatus submission={submission} />
    </Group>
  )
}
