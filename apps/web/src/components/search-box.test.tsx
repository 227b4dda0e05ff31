import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupUser } from '../test/user'
import { searchDebounceMs } from '@crm/domain'
import { TestProviders } from '../test/wrapper'
import { SearchBox } from './search-box'

afterEach(() => vi.useRealTimers())

describe('SearchBox', () => {
  it('searches once, 400 ms after the last keystroke (D1-9-01)', async () => {
    vi.useFakeTimers()
    const user = userEvent.setup({ delay: null })
    const onSearch = vi.fn()
    render(<SearchBox label="Search contacts" onSearch={onSearch} />, { wrapper: TestProviders })
    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'Sarah')
    expect(onSearch).not.toHaveBeenCalled()
    act(() => {
      vi.advanceTimersByTime(searchDebounceMs - 1)
    })
    expect(onSearch).not.toHaveBeenCalled()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(onSearch).toHaveBeenCalledTimes(1)
    expect(onSearch).toHaveBeenCalledWith('Sarah')
  })

  it('clears the search with its clear button', async () => {
    const user = setupUser()
    const onSearch = vi.fn()
    render(<SearchBox label="Search" defaultValue="Tom" onSearch={onSearch} />, { wrapper: TestProviders })
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('')
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith(''))
  })
})
