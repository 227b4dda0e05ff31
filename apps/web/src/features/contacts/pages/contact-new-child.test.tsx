import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { parentCarerRelationships, type ChildGate } from '@crm/domain'
import { apiError } from '../../../test/server'
import { enter } from '../../../test/user'
import { thisYear, openNew, submit, parentSection, fillAdult, makeChild } from './contact-new-page.fixtures'

describe('/contacts/new: a child (spec 2 §3.3, §4.2, §5)', () => {
  it('D2-5-05/08, D2-3.3-01: a child shows the parent or carer section, with every relationship', async () => {
    const { user } = await openNew()
    await fillAdult(user)
    expect(parentSection()).not.toBeInTheDocument()
    await makeChild(user)
    const parent = within(parentSection()!)
    expect(parent.getByText('Note: An email or phone number is required.')).toBeInTheDocument()
    expect(
      within(parent.getByRole('combobox', { name: 'Relationship' }))
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['', ...parentCarerRelationships])
    expect(parent.getByRole('option', { name: 'Uncle or aunt' })).toHaveValue('uncle_aunt')
  })

  it("D2-5-05/06/07: a child's parent or carer needs a first name and an email or phone; a phone alone will do", async () => {
    const { user, creates } = await openNew()
    await fillAdult(user)
    await makeChild(user)
    const parent = within(parentSection()!)

    // Neither first name nor email or phone.
    await user.click(submit())
    await waitFor(() => expect(parent.getByRole('textbox', { name: /^Parent or carer first name/ })).toHaveAccessibleDescription('This field is required.'))
    expect(parent.getByRole('textbox', { name: 'Parent or carer email' })).toHaveAccessibleDescription(
      'Enter an email or a phone number of the parent or carer.',
    )
    expect(creates).toEqual([])

    // Phone only.
    await enter(user, parent.getByRole('textbox', { name: /^Parent or carer first name/ }), 'Pat')
    await enter(user, parent.getByRole('textbox', { name: 'Parent or carer phone' }), '0412 345 678')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toMatchObject({ dob_year: thisYear - 11, parent_carer_first_name: 'Pat', parent_carer_phone: '+61412345678' })
    expect(creates[0]).not.toHaveProperty('parent_carer_email')
  })

  it('D2-5-07: a child with the parent email only is accepted', async () => {
    const { user, creates } = await openNew()
    await fillAdult(user)
    await user.clear(screen.getByRole('spinbutton', { name: /^Age/ }))
    await user.type(screen.getByRole('spinbutton', { name: /^Age/ }), '17')
    const parent = within(parentSection()!)
    await enter(user, parent.getByRole('textbox', { name: /^Parent or carer first name/ }), 'Pat')
    await enter(user, parent.getByRole('textbox', { name: 'Parent or carer email' }), 'pat@example.test')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toMatchObject({ age: 17, parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.test' })
  })

  it('D2-4.2-02: for a child the three methods wait for the parent first name and an email or phone', async () => {
    const { user } = await openNew()
    await screen.findByRole('combobox', { name: 'Birth year' })
    await makeChild(user)
    for (const name of ['Automatic (QR code or emailed link)', 'Upload a photo of consent', 'Verbal consent']) {
      expect(screen.getByRole('radio', { name })).toBeDisabled()
    }
    expect(screen.getByRole('radio', { name: "I don't have consent yet" })).toBeEnabled()
    expect(screen.getByText(/to choose Automatic, Photo or Verbal consent/)).toBeInTheDocument()
    const parent = within(parentSection()!)
    await enter(user, parent.getByRole('textbox', { name: /^Parent or carer first name/ }), 'Pat')
    await enter(user, parent.getByRole('textbox', { name: 'Parent or carer phone' }), '0412 345 678')
    for (const name of ['Automatic (QR code or emailed link)', 'Upload a photo of consent', 'Verbal consent']) {
      expect(screen.getByRole('radio', { name })).toBeEnabled()
    }
  })

  const gateCases: Array<[ChildGate['missing'], RegExp]> = [
    [['wwcc'], /^You need a Working with Children Check to add/],
    [['adsafe'], /^You need AdSafe training to add/],
    [['wwcc', 'adsafe'], /^You need a Working with Children Check and AdSafe training/],
  ]
  for (const [missing, text] of gateCases) {
    it(`D2-5-17/18/21: a child without ${missing.join(' and ')} names it, links to the primary owner and blocks submit`, async () => {
      const gate: ChildGate = { missing, primary_owner_name: 'Olivia Owner', primary_owner_email: 'olivia@example.test' }
      const { user, creates } = await openNew({ access: { child_gate: gate } })
      await fillAdult(user)
      expect(screen.queryByText(text)).not.toBeInTheDocument()
      await makeChild(user)
      expect(screen.getByText(text)).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Email Olivia Owner' })).toHaveAttribute('href', 'mailto:olivia@example.test')
      expect(submit()).toBeDisabled()
      expect(creates).toEqual([])
    })
  }

  it('D2-5-19/20: the server refusing a child (403 child_data_gate) shows the same notice', async () => {
    const gate: ChildGate = { missing: ['adsafe'], primary_owner_name: null, primary_owner_email: 'owner@example.test' }
    const { user } = await openNew({ create: () => apiError('child_data_gate', 403, gate) })
    await fillAdult(user)
    await user.click(submit())
    expect(await screen.findByText(/^You need AdSafe training to add/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: "Email the team's primary owner" })).toHaveAttribute('href', 'mailto:owner@example.test')
  })
})
