import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min'
import { defaultPhoneCountry } from '@crm/domain'

export interface CountryOption {
  /** ISO 3166-1 alpha-2 code. */
  value: string
  /** The country's name in the interface language. */
  label: string
  /** '+61' */
  callingCode: string
}

const cache = new Map<string, CountryOption[]>()

/**
 * Every country with its name in the locale and its calling code: Australia first (spec 1
 * §5, §9), the rest by name. The regions are libphonenumber's, so each has a calling code.
 */
export function countryOptions(locale: string): CountryOption[] {
  const cached = cache.get(locale)
  if (cached) return cached
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })
  const collator = new Intl.Collator(locale)
  const all = getCountries().map((code) => ({
    value: code,
    label: names.of(code) ?? code,
    callingCode: `+${getCountryCallingCode(code)}`,
  }))
  const first = all.filter((option) => option.value === defaultPhoneCountry)
  const rest = all.filter((option) => option.value !== defaultPhoneCountry).sort((a, b) => collator.compare(a.label, b.label))
  const options = [...first, ...rest]
  cache.set(locale, options)
  return options
}

/** '+64' for 'NZ'; undefined for a code that is not a country. */
export function callingCodeOf(country: string): string | undefined {
  return (getCountries() as string[]).includes(country) ? `+${getCountryCallingCode(country as CountryCode)}` : undefined
}
