import { forwardRef, useMemo, type FocusEventHandler } from 'react'
import { useTranslation } from 'react-i18next'
import { Group, NativeSelect, TextInput } from '@mantine/core'
import { defaultPhoneCountry, parsePhone } from '@crm/domain'
import { callingCodeOf, countryOptions } from '../../../../lib/country-options'

export interface PhoneFieldProps {
  label: string
  /** What was typed: an international number (+61 …) or a national one read in `country`. */
  value: string
  onChange: (value: string) => void
  /** The selected country (ISO code); AU by default. */
  country?: string
  onCountryChange: (country: string) => void
  onBlur?: FocusEventHandler<HTMLInputElement>
  name?: string
  error?: string
  required?: boolean
  disabled?: boolean
  description?: string
}

/** The number with the prefix of `from` replaced by that of `to`; an empty field takes the new prefix. */
export function switchPrefix(value: string, from: string, to: string): string {
  const oldPrefix = callingCodeOf(from)
  const newPrefix = callingCodeOf(to) ?? ''
  const typed = value.trim()
  if (typed === '' || typed === oldPrefix) return `${newPrefix} `
  if (oldPrefix && typed.startsWith(oldPrefix)) return newPrefix + typed.slice(oldPrefix.length)
  // A national number stays as typed: it is read in the new country.
  return value
}

/**
 * A phone number with a country selector (spec 1 §5): AU is the default and listed first;
 * picking a country adjusts the prefix, and typing an international number picks its
 * country. Whether the number is valid is the form's rule (isPhone).
 */
export const PhoneField = forwardRef<HTMLInputElement, PhoneFieldProps>(function PhoneField(
  { label, value, onChange, country = defaultPhoneCountry, onCountryChange, onBlur, name, error, required, disabled, description },
  ref,
) {
  const { t, i18n } = useTranslation('contact-form')
  const options = useMemo(
    () => countryOptions(i18n.language).map((option) => ({ value: option.value, label: `${option.label} ${option.callingCode}` })),
    [i18n.language],
  )

  const changeCountry = (next: string) => {
    onCountryChange(next)
    onChange(switchPrefix(value, country, next))
  }

  const changeNumber = (next: string) => {
    onChange(next)
    if (!next.trim().startsWith('+')) return
    const detected = parsePhone(next)?.country
    if (detected && detected !== country) onCountryChange(detected)
  }

  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <NativeSelect
        label={t('widgets.phone.country')}
        aria-label={t('widgets.phone.countryOf', { label })}
        data={options}
        value={country}
        disabled={disabled}
        onChange={(event) => changeCountry(event.currentTarget.value)}
        w={190}
      />
      <TextInput
        ref={ref}
        style={{ flex: 1 }}
        label={label}
        name={name}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder={`${callingCodeOf(country) ?? ''} …`}
        description={description}
        value={value}
        onChange={(event) => changeNumber(event.currentTarget.value)}
        onBlur={onBlur}
        withAsterisk={required}
        disabled={disabled}
        error={error}
      />
    </Group>
  )
})
