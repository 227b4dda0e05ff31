import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import { copiedMessageMs, eventCalls } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'member' })
const feedUrl = `http://localhost:3000/ical/${'T'.repeat(43)}.ics`

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** Opens the dashboard; records the ical-url queries. */
function openDashboard(answer: { url: string } | Response = { url: feedUrl }) {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const asked: unknown[] = []
  server.use(
    mockCall(eventCalls.icalUrl, ({ input }) => {
      asked.push(input)
      return answer
    }),
  )
  return { ...renderApp('/'), asked }
}

describe("the dashboard's calendar url (spec 1 §2.8)", () => {
  it("D1-2.8-06 copies the team's calendar url and says so for exactly two seconds", async () => {
    const { asked } = openDashboard()
    const button = await screen.findByRole('button', { name: 'Copy calendar url' })
    // Nothing is asked for before the button is used.
    expect(asked).toEqual([])
    const write = vi.spyOn(navigator.clipboard, 'writeText')
    // Only the clock of timeouts stands still: the mocked answer still arrives.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.click(button)
    // The answer and the clipboard settle without the clock moving.
    for (let turn = 0; turn < 100 && screen.queryByText('The calendar url was copied.') === null; turn++) {
      await act(() => vi.advanceTimersByTimeAsync(0))
    }
    expect(write).toHaveBeenCalledWith(feedUrl)
    expect(screen.getByRole('status')).toHaveTextContent('The calendar url was copied.')
    await act(() => vi.advanceTimersByTimeAsync(copiedMessageMs - 1))
    expect(screen.getByText('The calendar url was copied.')).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(screen.queryByText('The calendar url was copied.')).not.toBeInTheDocument()
    expect(asked).toEqual([{ team_id: '10' }])
    await expect(navigator.clipboard.readText()).resolves.toBe(feedUrl)
  })

  it('says why when the url cannot be had, and nothing is copied', async () => {
    openDashboard(apiError('internal_error', 500))
    const write = vi.spyOn(navigator.clipboard, 'writeText')
    fireEvent.click(await screen.findByRole('button', { name: 'Copy calendar url' }))
    expect(await screen.findByText('The calendar url could not be loaded.')).toHaveAttribute('role', 'alert')
    expect(write).not.toHaveBeenCalled()
  })

  it('shows the url to copy by hand when the browser refuses the clipboard', async () => {
    openDashboard()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'))
    fireEvent.click(await screen.findByRole('button', { name: 'Copy calendar url' }))
    expect(await screen.findByText('Your browser did not allow copying. Copy the url from the field below.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Calendar url' })).toHaveValue(feedUrl)
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    try {
      openDashboard()
      fireEvent.click(await screen.findByRole('button', { name: 'Copiar la url del calendario' }))
      expect(await screen.findByText('Se copió la url del calendario.')).toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  })
})
