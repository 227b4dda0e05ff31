import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Combobox, InputBase, Loader, useCombobox } from '@mantine/core'
import type { Suggestion } from '@crm/domain'
import type { InputOf } from '../lib/api'
import { suggestionsQueryOptions, type SuggestionsCall } from '../lib/queries'
import { useDebouncedValue } from '../lib/debounce'

export interface SuggestionInputProps<C extends SuggestionsCall> {
  call: C
  /** The call's other parameters (team_id, conference_team_id, …). */
  input: Omit<InputOf<C>, 'search'>
  label: string
  value: Suggestion | null
  /** The picked {id, title}, or null when the text no longer matches a pick. */
  onChange: (value: Suggestion | null) => void
  required?: boolean
  disabled?: boolean
  placeholder?: string
  error?: string
  /** Ids not to offer: those already picked where the field adds to a list. */
  excludeIds?: ReadonlyArray<string | number>
}

// Mantine's gap between a field and its dropdown, and that gap plus one line of error text.
const defaultOffset = 8
const errorOffset = defaultOffset + 24

/** A field that suggests matches from the server as one types (debounced 400 ms). */
export function SuggestionInput<C extends SuggestionsCall>(props: SuggestionInputProps<C>) {
  const { call, input, label, value, onChange, required, disabled, placeholder, error, excludeIds } = props
  const { t } = useTranslation()
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  const [search, setSearch] = useState(value?.title ?? '')
  const debounced = useDebouncedValue(search.trim())
  const suggestions = useQuery({
    ...suggestionsQueryOptions(call, input, debounced),
    enabled: debounced.length > 0 && debounced !== value?.title,
  })
  const excluded = new Set((excludeIds ?? []).map(String))
  const items = (suggestions.data?.items ?? []).filter((item) => !excluded.has(String(item.id)))
  // The dropdown must not cover the field's error: a new error closes it until the person
  // types again, and while an error shows the dropdown opens below the error text.
  const [shownError, setShownError] = useState(error)
  const [yieldToError, setYieldToError] = useState(false)
  if (error !== shownError) {
    setShownError(error)
    setYieldToError(Boolean(error))
  }

  const pick = (id: string) => {
    const item = items.find((candidate) => String(candidate.id) === id)
    if (!item) return
    setSearch(item.title)
    onChange(item)
    combobox.closeDropdown()
  }

  return (
    <Combobox store={combobox} onOptionSubmit={pick} offset={error ? errorOffset : defaultOffset}>
      <Combobox.Target>
        <InputBase
          label={label}
          required={required}
          withAsterisk={required}
          disabled={disabled}
          placeholder={placeholder}
          error={error}
          value={search}
          autoComplete="off"
          onChange={(event) => {
            setSearch(event.currentTarget.value)
            setYieldToError(false)
            if (value) onChange(null)
            combobox.openDropdown()
            combobox.updateSelectedOptionIndex()
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={suggestions.isFetching ? <Loader size="xs" aria-hidden="true" /> : null}
        />
      </Combobox.Target>
      {!yieldToError && (
        <Combobox.Dropdown hidden={debounced.length === 0 || debounced === value?.title}>
          <Combobox.Options>
            {items.map((item) => (
              <Combobox.Option value={String(item.id)} key={item.id}>
                {item.title}
              </Combobox.Option>
            ))}
            {suggestions.isSuccess && items.length === 0 && <Combobox.Empty>{t('nothingFound')}</Combobox.Empty>}
          </Combobox.Options>
        </Combobox.Dropdown>
      )}
    </Combobox>
  )
}
