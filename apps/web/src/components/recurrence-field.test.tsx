import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { defaultRecurrenceForm, recurrenceFormErrors, toRRule, type RecurrenceForm } from '@crm/domain'
import { renderWithProviders } from '../test/render'
import { wordFieldError } from '../lib/field-errors'
import { RecurrenceField } from './recurrence-field'

const start = '2026-01-06'

/** The widget as a form holds it, the rule it makes shown below. */
function Harness({ initial }: { initial: RecurrenceForm }) {
  const [value, setValue] = useState(initial)
  // The form words the domain's codes in the reader's language.
  const errors = Object.fromEntries(Object.entries(recurrenceFormErrors(value, start)).map(([part, error]) => [part, wordFieldError(error)]))
  return (
    <>
      <RecurrenceField value={value} onChange={setValue} errors={errors} />
      <output aria-label="rule">{toRRule(value) ?? 'none'}</output>
    </>
  )
}

function open(initial: Partial<RecurrenceForm> = {}) {
  return renderWithProviders(<Harness initial={{ ...defaultRecurrenceForm(start), ...initial }} />)
}

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => option.textContent)
const rule = () => screen.getByRole('status', { name: 'rule' }).textContent

describe('the recurrence widget', () => {
  it('D3-2.1-12 offers exactly never, weekly, fortnightly, monthly and yearly', async () => {
    open()
    expect(await screen.findByLabelText('Repeats')).toBeInTheDocument()
    expect(optionsOf('Repeats')).toEqual(['Does not repeat', 'Weekly', 'Fortnightly', 'Monthly', 'Yearly'])
  })

  it('D3-2.1-16 D3-2.1-13 offers intervals 1 to 8, none for fortnightly, which is every 2 weeks', async () => {
    const { user } = open()
    expect(optionsOf('Every')).toEqual(['1 week', ...[2, 3, 4, 5, 6, 7, 8].map((count) => `${count} weeks`)])
    await user.selectOptions(screen.getByLabelText('Repeats'), 'FORTNIGHTLY')
    expect(screen.queryByLabelText('Every')).not.toBeInTheDocument()
    expect(rule()).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU')
  })

  it("D3-2.1-15 without a weekday says 'Please set at least one weekday.'", async () => {
    const { user } = open()
    await user.click(screen.getByRole('checkbox', { name: 'Thursday' }))
    expect(rule()).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH')
    expect(screen.queryByText('Please set at least one weekday.')).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }))
    await user.click(screen.getByRole('checkbox', { name: 'Thursday' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please set at least one weekday.')
  })

  it('D3-2.1-14 ends never, after a number of times or on a date', async () => {
    const { user } = open()
    expect(optionsOf('Ends')).toEqual(['Never', 'After a number of times', 'On a date'])
    await user.selectOptions(screen.getByLabelText('Ends'), 'AFTER')
    const count = screen.getByLabelText('Number of times')
    await user.clear(count)
    await user.type(count, '5')
    expect(rule()).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=5')
    await user.selectOptions(screen.getByLabelText('Ends'), 'DATE')
    await user.type(screen.getByLabelText('End date of the schedule'), '2026-06-30')
    expect(rule()).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;UNTIL=20260630')
  })

  it('D3-2.1-19 monthly by day of month offers 1 to 31 and saves BYMONTHDAY', async () => {
    const { user } = open()
    await user.selectOptions(screen.getByLabelText('Repeats'), 'MONTHLY')
    expect(optionsOf('Day of the month')).toEqual(Array.from({ length: 31 }, (_, index) => String(index + 1)))
    await user.selectOptions(screen.getByLabelText('Day of the month'), '31')
    expect(rule()).toBe('FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=31')
  })

  it('D3-2.1-17 D3-2.1-18 monthly by weekday: positions 1 to 5 and Last, the 7 days and day, weekday, weekend day', async () => {
    const { user } = open()
    await user.selectOptions(screen.getByLabelText('Repeats'), 'MONTHLY')
    await user.click(screen.getByRole('radio', { name: 'A weekday of the month' }))
    expect(optionsOf('Which')).toEqual(['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Last'])
    expect(optionsOf('Day')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'day', 'weekday', 'weekend day'])
    await user.selectOptions(screen.getByLabelText('Which'), 'Last')
    await user.selectOptions(screen.getByLabelText('Day'), 'weekend day')
    expect(rule()).toBe('FREQ=MONTHLY;INTERVAL=1;BYDAY=SA,SU;BYSETPOS=-1')
  })
})
