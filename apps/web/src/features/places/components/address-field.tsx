import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, Combobox, Fieldset, Group, InputBase, Loader, NativeSelect, Stack, TextInput, useCombobox } from '@mantine/core'
import { contactAddressFields, defaultPhoneCountry, type ContactAddress, type ContactAddressField, type PlaceSuggestion } from '@crm/domain'
import { useDebouncedValue } from '../../../lib/debounce'
import { usePlaceSuggestions } from '../queries'
import { countryOptions } from '../../../lib/country-options'

// The parts a picked place gives that nobody types: its id and position (null without one).
const placeParts = ['address_place_id', 'address_lat', 'address_lng'] as const satisfies readonly ContactAddressField[]
type PlacePart = (typeof placeParts)[number]

/**
 * An address as the address input holds it: the contract's address (spec 2 §3), its text
 * parts as strings ('' for none), the picked place's id and position as the view has them.
 */
export type AddressValue = {
  [K in ContactAddressField]: K extends PlacePart ? ContactAddress[K] : ContactAddress[K] extends boolean ? boolean : string
}

export const emptyAddress = Object.fromEntries(
  contactAddressFields.map((field) => [field, field === 'address_manual_input' ? false : (placeParts as readonly string[]).includes(field) ? null : '']),
) as AddressValue

/** A text part of the address: '' in the input for none. */
export function isAddressText(field: ContactAddressField): boolean {
  return emptyAddress[field] === ''
}

/** The address input's value of an address as the view (or a picked place) holds it. */
export function addressValueOf(address: Partial<ContactAddress>): AddressValue {
  const value: Record<string, unknown> = { ...emptyAddress }
  for (const field of contactAddressFields) {
    const part = address[field]
    if (part !== undefined) value[field] = isAddressText(field) ? (part ?? '') : part
  }
  return value as AddressValue
}

/** What only a picked place gives: the searched line and the place's parts, none when typed by hand. */
export function isPickedOnly(field: ContactAddressField): boolean {
  return field === 'address_formatted' || (placeParts as readonly string[]).includes(field)
}

/** The parts typed by hand once 'Enter the address manually' is ticked. */
export const manualAddressParts: readonly ContactAddressField[] = contactAddressFields.filter((field) => isAddressText(field) && !isPickedOnly(field))

type ManualPart = 'address_street' | 'address_city' | 'address_state' | 'address_postcode'
const manualParts: Array<[ManualPart, 'street' | 'city' | 'state' | 'postcode', string]> = [
  ['address_street', 'street', 'street-address'],
  ['address_city', 'city', 'address-level2'],
  ['address_state', 'state', 'address-level1'],
  ['address_postcode', 'postcode', 'postal-code'],
]

export interface AddressFieldProps {
  legend: string
  value: AddressValue
  onChange: (value: AddressValue) => void
  /** Leans the search towards this country (the team's). */
  countryCode?: string | null
  disabled?: boolean
  errors?: Partial<Record<keyof AddressValue, string>>
}

function newSessionToken(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random()).slice(2)
}

/**
 * An address (spec 2 §5): a place search over place-suggestions as one types (debounced
 * 400 ms), unless 'Enter the address manually' is ticked, which shows street, city, state,
 * postcode and country (Australia first).
 */
export function AddressField({ legend, value, onChange, countryCode, disabled, errors = {} }: AddressFieldProps) {
  const { t, i18n } = useTranslation('contact-form')
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  // One token per search session: the place provider bills a session, not each keystroke.
  const [sessionToken] = useState(newSessionToken)
  const [picked, setPicked] = useState(value.address_formatted)
  const search = useDebouncedValue(value.address_formatted.trim())
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language])
  const searching = !value.address_manual_input && search.length > 0 && search !== picked
  const places = usePlaceSuggestions({ search, session_token: sessionToken, locale: i18n.language, country_code: countryCode ?? undefined }, searching)
  const items = places.data?.items ?? []

  const pick = (placeId: string) => {
    const place: PlaceSuggestion | undefined = items.find((item) => item.place_id === placeId)
    if (!place) return
    setPicked(place.title)
    const { place_id, title, ...parts } = place
    onChange(addressValueOf({ ...parts, address_place_id: place_id, address_formatted: title }))
    combobox.closeDropdown()
  }

  const type = (text: string) => {
    // Typed text is no longer the picked place.
    onChange({ ...emptyAddress, address_formatted: text })
    combobox.openDropdown()
    combobox.updateSelectedOptionIndex()
  }

  const setManual = (manual: boolean) =>
    onChange({
      ...value,
      address_manual_input: manual,
      address_country: manual && !value.address_country ? defaultPhoneCountry : value.address_country,
    })

  return (
    <Fieldset legend={legend} variant="unstyled" disabled={disabled}>
      <Stack gap="xs">
        {!value.address_manual_input && (
          <Combobox store={combobox} onOptionSubmit={pick}>
            <Combobox.Target>
              <InputBase
                label={t('widgets.address.search')}
                placeholder={t('widgets.address.searchPlaceholder')}
                value={value.address_formatted}
                autoComplete="off"
                disabled={disabled}
                error={errors.address_formatted}
                onChange={(event) => type(event.currentTarget.value)}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                rightSection={places.isFetching ? <Loader size="xs" aria-hidden="true" /> : null}
              />
            </Combobox.Target>
            <Combobox.Dropdown hidden={!searching}>
              <Combobox.Options>
                {items.map((item) => (
                  <Combobox.Option value={item.place_id} key={item.place_id}>
                    {item.title}
                  </Combobox.Option>
                ))}
                {places.isSuccess && items.length === 0 && <Combobox.Empty>{t('widgets.address.nothingFound')}</Combobox.Empty>}
              </Combobox.Options>
            </Combobox.Dropdown>
          </Combobox>
        )}
        <Checkbox
          label={t('widgets.address.manual')}
          checked={value.address_manual_input}
          disabled={disabled}
          onChange={(event) => setManual(event.currentTarget.checked)}
        />
        {value.address_manual_input && (
          <>
            {manualParts.map(([part, key, autoComplete]) => (
              <TextInput
                key={part}
                label={t(`widgets.address.${key}`)}
                autoComplete={autoComplete}
                value={value[part]}
                disabled={disabled}
                error={errors[part]}
                onChange={(event) => onChange({ ...value, [part]: event.currentTarget.value })}
              />
            ))}
            <Group grow>
              <NativeSelect
                label={t('widgets.address.country')}
                autoComplete="country"
                data={countries.map((country) => ({ value: country.value, label: country.label }))}
                value={value.address_country || defaultPhoneCountry}
                disabled={disabled}
                error={errors.address_country}
                onChange={(event) => onChange({ ...value, address_country: event.currentTarget.value })}
              />
            </Group>
          </>
        )}
      </Stack>
    </Fieldset>
  )
}
