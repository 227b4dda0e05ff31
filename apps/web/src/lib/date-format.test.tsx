import { act, renderHook, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { buildAccount, buildTeam } from '../test/fixtures'
import { renderWithProviders } from '../test/render'
import { signedInAs } from '../test/session'
import { TestProviders } from '../test/wrapper'
import { dateFormatFor, useDateFormat } from './date-format'
import { TeamTimeZoneContext } from './team-time-zone'
import { i18next } from './i18n'

// Intl may put a narrow no-break space before am/pm; these read any space as one.
const spaced = (text: string) => text.replace(/\s/gu, ' ')

// 11:28 pm on 28 November in Sydney; 8:28 pm in Perth; 7:28 am on the 28th in New York.
const lateInSydney = new Date('2026-11-28T12:28:00Z')

function MomentText() {
  const format = useDateFormat()
  return <p>{format.dateTime(lateInSydney)}</p>
}

describe('the date format', () => {
  const browserZone = process.env.TZ
  afterEach(() => {
    if (browserZone === undefined) delete process.env.TZ
    else process.env.TZ = browserZone
  })

  it('writes each kind in English on the 12-hour clock and in Spanish on the 24-hour one', () => {
    const en = dateFormatFor('en')
    expect(en.uses12HourClock).toBe(true)
    expect(en.date('2026-11-26')).toBe('26 Nov 2026')
    expect(en.weekdayDate('2026-11-26')).toBe('Thursday 26 Nov 2026')
    expect(spaced(en.time('19:00'))).toBe('7:00 pm')
    expect(spaced(en.dateTime(lateInSydney))).toBe('28 Nov 2026, 11:28 pm')
    expect(en.monthYear('2026-11')).toBe('Nov 2026')
    expect(en.month(11)).toBe('November')

    const es = dateFormatFor('es')
    expect(es.uses12HourClock).toBe(false)
    expect(es.date('2026-11-26')).toBe('26 nov 2026')
    expect(es.weekdayDate('2026-11-26')).toBe('jueves, 26 de nov de 2026')
    expect(es.time('19:00')).toBe('19:00')
    expect(es.dateTime(lateInSydney)).toBe('28 nov 2026, 23:28')
    expect(es.monthYear('2026-11')).toBe('nov 2026')
    expect(es.month(11)).toBe('noviembre')
  })

  it('never shifts a calendar date a day, whatever the zones', () => {
    process.env.TZ = 'Pacific/Honolulu'
    for (const zone of ['Australia/Sydney', 'Pacific/Honolulu', 'Pacific/Kiritimati']) {
      expect(dateFormatFor('en', zone).date('2026-03-01')).toBe('1 Mar 2026')
      expect(dateFormatFor('es', zone).weekdayDate('2026-03-01')).toBe('domingo, 1 de mar de 2026')
    }
  })

  it('follows the reader language and the team time zone it is given', async () => {
    const { result } = renderHook(() => useDateFormat(), {
      wrapper: ({ children }) => (
        <TestProviders>
          <TeamTimeZoneContext.Provider value="Australia/Perth">{children}</TeamTimeZoneContext.Provider>
        </TestProviders>
      ),
    })
    expect(spaced(result.current.dateTime(lateInSydney))).toBe('28 Nov 2026, 8:28 pm')
    await act(() => i18next.changeLanguage('es'))
    expect(result.current.dateTime(lateInSydney)).toBe('28 nov 2026, 20:28')
  })

  it('shows a moment near midnight in the selected team time zone, not the browser one', async () => {
    process.env.TZ = 'America/New_York'
    expect(lateInSydney.getDate()).toBe(28)
    expect(lateInSydney.getHours()).toBe(7) // what the browser's own clock would show
    signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church' })]), { teamId: 10, groupId: 10 })
    renderWithProviders(<MomentText />)
    expect(spaced((await screen.findByText(/28 Nov 2026/)).textContent ?? '')).toBe('28 Nov 2026, 11:28 pm')
  })

  it('uses the zone of the team selected, when the team has one', async () => {
    signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', time_zone: 'Australia/Perth' })]), { teamId: 10, groupId: 10 })
    renderWithProviders(<MomentText />)
    expect(spaced((await screen.findByText(/8:28/)).textContent ?? '')).toBe('28 Nov 2026, 8:28 pm')
  })
})
