import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CloseButton, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useDebouncedValue } from '../lib/debounce'

export interface SearchBoxProps {
  label: string
  /** Called 400 ms after the last keystroke with the new search text. */
  onSearch: (value: string) => void
  defaultValue?: string
  placeholder?: string
  /** Keep the label for screen readers only. */
  hideLabel?: boolean
}

/** A search field whose searches are debounced 400 ms (spec 1 §9). */
export function SearchBox({ label, onSearch, defaultValue = '', placeholder, hideLabel }: SearchBoxProps) {
  const { t } = useTranslation()
  const [value, setValue] = useState(defaultValue)
  const debounced = useDebouncedValue(value)
  const onSearchRef = useRef(onSearch)
  const emitted = useRef(defaultValue)
  useEffect(() => {
    onSearchRef.current = onSearch
  })
  useEffect(() => {
    if (debounced === emitted.current) return
    emitted.current = debounced
    onSearchRef.current(debounced)
  }, [debounced])

  return (
    <TextInput
      type="search"
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      placeholder={placeholder}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        value ? <CloseButton size="sm" aria-label={t('clearSearch')} onClick={() => setValue('')} /> : undefined
      }
    />
  )
}
