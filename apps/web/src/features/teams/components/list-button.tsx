import type { ComponentPropsWithoutRef } from 'react'
import { Button, type ButtonProps } from '@mantine/core'

type ListButtonProps = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>

/** A full-width row button of the team and group lists: label on the left, badges on the right. */
export function ListButton(props: ListButtonProps) {
  return (
    <Button
      fullWidth
      size="md"
      justify="flex-start"
      styles={{ inner: { justifyContent: 'flex-start' }, label: { flexGrow: 1, textAlign: 'left' } }}
      {...props}
    />
  )
}
