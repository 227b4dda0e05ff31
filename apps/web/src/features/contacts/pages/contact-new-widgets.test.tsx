import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { placeCalls } from '@crm/domain'
import type { InputOf } from '../../../lib/api'
import { mockCall, server } from '../../../test/server'
import { enter } from '../../../test/user'
import { thisYear, openNew, field, select, submit, fillAdult } from './contact-new-page.fixtures'

describe('/contacts/new: the phone, address and birth date widgets (spec 1 §5, spec 2 §3, §5)', () => {
  it('D1-5-04: the phone country is Australia (+61) by default and listed first; choosing New Zealand gives +64', async () => {
    const { user, creates } = await openNew()
    await fillAdult(user)
    const country = select('Phone country code')
    const phone = field(/^Phone$/)
    expect(country).toHaveValue('AU')
    expect(within(country).getAllByRole('option')[0]).toHaveTextContent(/^Australia \+61$/)
    expect(phone).toHaveAttribute('placeholder', '+61 …')
    await user.selectOptions(country, 'NZ')
    expect(country).toHaveValue('NZ')
    expect(phone).toHaveValue('+64 ')
    await enter(user, phone, '21 123 4567')
    // A prefix typed over the country's is adjusted too.
    await user.selectOptions(country, 'AU')
    expect(phone).toHaveValue('+61 21 123 4567')
    await user.selectOptions(country, 'NZ')
    expect(phone).toHaveValue('+64 21 123 4567')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toMatchObject({ phone: '+64211234567', phone_country: 'NZ' })
  })

  it('D2-5-10: manual entry replaces the place search with street, city, state, postcode and country (Australia first)', async () => {
    const { user, creates } = await openNew()
    await fillAdult(user)
    const manual = screen.getByRole('checkbox', { name: 'Enter the address manually' })
    const parts = ['Street', 'City', 'State', 'Postcode']
    const partsShown = () => [
      ...parts.filter((name) => screen.queryByRole('textbox', { name })),
      ...(screen.queryByRole('combobox', { name: 'Country' }) ? ['Country'] : []),
    ]
    expect(field('Search for an address')).toBeInTheDocument()
    expect(partsShown()).toEqual([])

    await user.click(manual)
    expect(partsShown()).toEqual([...parts, 'Country'])
    expect(screen.queryByRole('textbox', { name: 'Search for an address' })).not.toBeInTheDocument()
    expect(select('Country')).toHaveValue('AU')
    expect(within(select('Country')).getAllByRole('option')[0]).toHaveTextContent(/^Australia$/)

    await user.click(manual)
    expect(partsShown()).toEqual([])
    expect(field('Search for an address')).toBeInTheDocument()

    await user.click(manual)
    await enter(user, field('Street'), '5 Queen St')
    await enter(user, field('City'), 'Auckland')
    await enter(user, field('State'), 'Auckland')
    await enter(user, field('Postcode'), '1010')
    await user.selectOptions(select('Country'), 'NZ')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toMatchObject({
      address_manual_input: true,
      address_street: '5 Queen St',
      address_city: 'Auckland',
      address_state: 'Auckland',
      address_postcode: '1010',
      address_country: 'NZ',
    })
    expect(creates[0]).not.toHaveProperty('address_place_id')
  })

  it('D2-5-10: the place search asks place-suggestions as one types, and the picked place is sent', async () => {
    const { user, creates } = await openNew()
    const searches: Array<InputOf<typeof placeCalls.placeSuggestions>> = []
    server.use(
      mockCall(placeCalls.placeSuggestions, ({ input }) => {
        searches.push(input)
        return {
          items: [
            {
              place_id: 'place-1',
              title: '1 George St, Sydney NSW 2000',
              address_street: '1 George St',
              address_city: 'Sydney',
              address_state: 'NSW',
              address_postcode: '2000',
              address_country: 'AU',
              address_lat: -33.86,
              address_lng: 151.2,
            },
          ],
        }
      }),
    )
    await fillAdult(user)
    await user.type(field('Search for an address'), 'George')
    await user.click(await screen.findByRole('option', { name: '1 George St, Sydney NSW 2000' }))
    expect(searches.at(-1)).toMatchObject({ search: 'George', locale: 'en' })
    expect(field('Search for an address')).toHaveValue('1 George St, Sydney NSW 2000')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toMatchObject({
      address_place_id: 'place-1',
      address_formatted: '1 George St, Sydney NSW 2000',
      address_street: '1 George St',
      address_city: 'Sydney',
      address_country: 'AU',
      address_lat: -33.86,
      address_lng: 151.2,
    })
    expect(creates[0]).not.toHaveProperty('address_manual_input')
  })

  it('D2-3.1-03: the birth date is a month (January to December) and a year, sent as dob_month and dob_year', async () => {
    const { user, creates } = await openNew()
    await fillAdult(user)
    const month = select('Birth month')
    const year = select('Birth year')
    expect(
      within(month)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['—', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'])
    const years = within(year)
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(years.slice(0, 3)).toEqual(['—', String(thisYear), String(thisYear - 1)])
    expect(years.at(-1)).toBe('1900')
    await user.selectOptions(month, 'March')
    await user.selectOptions(year, '1990')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toMatchObject({ dob_month: 3, dob_year: 1990 })
    expect(creates[0]).not.toHaveProperty('age')
  })
})
