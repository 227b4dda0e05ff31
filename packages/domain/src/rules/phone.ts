import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'
import { defaultPhoneCountry } from '../constants'

/**
 * Phone numbers are stored in E.164 and shown in international format (spec 1 §5,
 * spec 2 §2). A number without a prefix is read in the chosen country, AU by default.
 */
export function parsePhone(value: string, country: string = defaultPhoneCountry) {
  const parsed = parsePhoneNumberFromString(value, country as CountryCode)
  return parsed && parsed.isValid() ? parsed : undefined
}

export function isPhone(value: string, country?: string): boolean {
  return parsePhone(value, country) !== undefined
}

/** E.164 form of a valid number, or undefined. */
export function toE164(value: string, country?: string): string | undefined {
  return parsePhone(value, country)?.number
}

export function formatInternational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164
}
