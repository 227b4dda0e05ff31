import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { searchDebounceMs, suggestionCalls, type Suggestion } from '@crm/domain'
import { mockCall, server } from '../test/server'
import { TestProviders } from '../test/wrapper'
import { SuggestionInput } from './suggestion-input'

afterEach(() => vi.useRealTimers())

function Field({ onPick }: { onPick: (value: Suggestion | null) => void }) {
  const [value, setValue] = useState<Suggestion | null>(null)
  return (
    <SuggestionInput
      call={suggestionCalls.teamUsers}
      input={{ team_id: 5 }}
      label="Leader"
      required
      value={value}
      onChange={(next) => {
        setValue(next)
        onPick(next)
      }}
    />
  )
}

describe('SuggestionInput', () => {
  it('asks the server once, 400 ms after typing stops, and returns the picked {id, title}', async () => {
    vi.useFakeTimers()
    const searches: unknown[] = []
    server.use(
      mockCall(suggestionCalls.teamUsers, ({ input }) => {
        searches.push(input)
        return {
          items: [
            { id: 3, title: 'John Smith' },
            { id: 4, title: 'Joan Avery' },
          ],
        }
      }),
    )
    const user = userEvent.setup({ delay: null })
    const onPick = vi.fn()
    render(<Field onPick={onPick} />, { wrapper: TestProviders })

    const field = screen.getByRole('textbox', { name: /Leader/ })
    expect(field).toBeRequired()
    await user.type(field, 'Jo')
    expect(searches).toHaveLength(0)
    await act(() => vi.advanceTimersByTimeAsync(searchDebounceMs))
    // vi.waitFor advances the fake clock while it waits for the answer to render.
    const option = await vi.waitFor(() => screen.getByRole('option', { name: 'Joan Avery' }))
    expect(searches).toEqual([{ search: 'Jo', team_id: '5' }])

    await user.click(option)
    expect(onPick).toHaveBeenLastCalledWith({ id: 4, title: 'Joan Avery' })
    expect(field).toHaveValue('Joan Avery')
  })
})
