import { useState, type ClipboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { TextInput } from '@mantine/core'
import { twoFactorCodeLength } from '@crm/domain'

export interface TwoFactorCodeInputProps {
  /** Called with the 6 digits as soon as they are complete (typed or pasted). */
  onComplete: (code: string) => void
  disabled?: boolean
  error?: string | null
  autoFocus?: boolean
}

const digitsOf = (text: string) => text.replace(/\D/g, '').slice(0, twoFactorCodeLength)

/**
 * The two-factor code (spec 1 §4): 6 digits in one labelled field, so a screen reader, a
 * password manager or the phone's one-time-code autofill sees one input. Typing the 6th
 * digit submits; pasting takes the first 6 characters (spaces of a grouped code dropped)
 * and submits.
 */
export function TwoFactorCodeInput({ onComplete, disabled, error, autoFocus }: TwoFactorCodeInputProps) {
  const { t } = useTranslation()
  const [value, setValue] = useState('')

  const accept = (code: string) => {
    setValue(code)
    if (code.length === twoFactorCodeLength) onComplete(code)
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const first = event.clipboardData.getData('text').replace(/\s/g, '').slice(0, twoFactorCodeLength)
    accept(digitsOf(first))
  }

  return (
    <TextInput
      label={t('twoFactor.codeLabel')}
      description={t('twoFactor.codeHint')}
      value={value}
      onChange={(event) => accept(digitsOf(event.currentTarget.value))}
      onPaste={onPaste}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={twoFactorCodeLength}
      disabled={disabled}
      error={error ?? undefined}
      // The code screen opens for this one field: focusing it saves a click, and a screen
      // reader lands on the field that replaced the password form instead of the page's top.
      // eslint-disable-next-line jsx-a11y/no-autofocus -- opt-in, only where the step is this field
      autoFocus={autoFocus}
      withAsterisk
      required
      styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums', maxWidth: 220 } }}
    />
  )
}
