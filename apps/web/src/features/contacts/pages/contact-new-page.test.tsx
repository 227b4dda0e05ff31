import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls, genders, maritalStatuses, sourceRequiredStatuses } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { pinClock } from '../../../test/clock'
import { apiError, mockCall, server } from '../../../test/server'
import { enter } from '../../../test/user'
import { openNew, field, alertTexts, select, submit, parentSection, chooseConsent, fillAdult } from './contact-new-page.fixtures'

describe('/contacts/new (spec 2 §2, §3, §5)', () => {
  it('D2-2.3-01/03/04, D2-3.1-02/03/06: the consent options, the add-existing form and the sections', async () => {
    await openNew()
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a contact' })).toBeInTheDocument()
    const consent = within(screen.getByRole('radiogroup', { name: /How was consent given/ }))
    expect(consent.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Automatic (QR code or emailed link)',
      'Upload a photo of consent',
      'Verbal consent',
      "I don't have consent yet",
    ])
    // Each choice says what it saves before it is chosen.
    expect(consent.getByRole('radio', { name: "I don't have consent yet" })).toHaveAccessibleDescription(
      'Only the name and gender are saved (for a child also the birth date and the parent or carer).',
    )
    expect(consent.getByRole('radio', { name: 'Upload a photo of consent' })).toHaveAccessibleDescription(
      'A photo of the signed consent form. Every detail is saved.',
    )
    // The primary group holds every contact of the team already (a group offers the form, below).
    expect(screen.queryByRole('region', { name: 'Add an existing contact' })).not.toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Additional information' })).toBeInTheDocument()
    const gender = select('Gender')
    expect(
      within(gender)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['', ...genders])
    expect(within(gender).getByRole('option', { name: 'Prefer not to say' })).toHaveValue('declined')
    expect(
      within(select('Marital status'))
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['', ...maritalStatuses])
    // The birth date is a month and a year, no day.
    const dob = within(screen.getByRole('group', { name: 'Date of birth' }))
    expect(dob.getAllByRole('combobox').map((box) => box.getAttribute('aria-label') ?? box.id)).toHaveLength(2)
    expect(within(select('Birth month')).getAllByRole('option')).toHaveLength(13)
    expect(within(select('Grow cycle')).getByRole('option', { name: 'Multiply' })).toHaveValue('preserve')
    for (const network of ['Facebook', 'Instagram', 'LinkedIn', 'X (Twitter)', 'YouTube']) expect(field(network)).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Expecting follow up' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Follow up completed' })).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: 'Visitor' })).toBeInTheDocument()
    expect(parentSection()).not.toBeInTheDocument()
  })

  it("D2-5-01/02: first name and member status are required; 'Please correct the errors to continue.', no request", async () => {
    const { user, creates } = await openNew()
    await chooseConsent(user, 'Upload a photo of consent')
    await user.click(await screen.findByRole('button', { name: 'Add contact' }))
    expect(await screen.findByText('Please correct the errors to continue.')).toBeInTheDocument()
    expect(field(/^First name/)).toHaveAccessibleDescription('This field is required.')
    expect(select(/^Member status/)).toHaveAccessibleDescription('This field is required.')
    expect(creates).toEqual([])
  })

  it('D2-5-03: the source is required for each of the seven statuses', async () => {
    const { user, creates } = await openNew()
    await fillAdult(user)
    for (const status of sourceRequiredStatuses) {
      await user.selectOptions(select(/^Member status/), status)
      await user.click(submit())
      await waitFor(() => expect(select(/^Source/)).toHaveAccessibleDescription('This field is required.'))
    }
    expect(creates).toEqual([])
    await user.selectOptions(select(/^Source/), 'walk-in')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toMatchObject({ member_status: sourceRequiredStatuses.at(-1), source: 'walk-in' })
  })

  it('D2-5-04: any other status needs no source; the new contact opens', async () => {
    const { user, creates, router } = await openNew()
    await fillAdult(user)
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).not.toHaveProperty('source')
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
  })

  it("'other' source and religion reveal a free text; a photo consent sends its date only", async () => {
    // The consent date starts at today.
    pinClock(new Date(2026, 5, 15, 12, 0))
    const { user, creates, router } = await openNew()
    await fillAdult(user)
    expect(screen.getByText("Save, then upload the photo of the signed form from the contact's Consent tab.")).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Other source' })).not.toBeInTheDocument()
    await user.selectOptions(select(/^Source/), 'other')
    await enter(user, field('Other source'), 'Neighbour')
    await user.selectOptions(select('Religion'), 'other')
    await enter(user, field('Other religion'), 'Bahá’í')
    await user.selectOptions(select('Gender'), 'declined')
    await user.click(submit())
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
    expect(creates[0]).toEqual({
      team_id: 10,
      group_id: 10,
      first_name: 'Mary',
      last_name: 'Jones',
      gender: 'declined',
      member_status: 'member',
      source: 'other',
      source_other: 'Neighbour',
      religion: 'other',
      religion_other: 'Bahá’í',
      is_visitor: false,
      expect_follow_up: false,
      expect_follow_up_completed: false,
      expect_bible_study: false,
      expect_bible_study_completed: false,
      expect_baptism: false,
      expect_baptism_completed: false,
      consent_type: 'photo',
      consent_date: '2026-06-15',
    })
  })

  it('D1-5-03: a phone must be a valid international number; it is sent in E.164 with its country', async () => {
    const { user, creates } = await openNew()
    await fillAdult(user)
    const phone = field(/^Phone$/)
    await enter(user, phone, '123')
    await user.click(submit())
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Enter a valid phone number.'))
    await user.clear(phone)
    await enter(user, phone, '+61 2 9999 9999')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toMatchObject({ phone: '+61299999999', phone_country: 'AU' })
  })

  it('D2-2.3-07: without create_contact the page suggests the private group, with no form', async () => {
    await openNew({ access: { can_create: false, fields: [] }, groupId: 12 })
    expect(await screen.findByText(/Switch to your private group/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Switch group' })).toHaveAttribute('href', '/contacts/group/switch')
    expect(screen.queryByRole('button', { name: 'Add contact' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /^First name/ })).not.toBeInTheDocument()
  })

  it("D2-8-05: another failure shows the form's error, which says it was not saved (never only 'Error')", async () => {
    const { user, router } = await openNew({ create: () => apiError('internal_error', 500) })
    await fillAdult(user)
    await user.click(submit())
    await waitFor(() => expect(alertTexts()).toContain('Not saved. Please try again.'))
    expect(alertTexts()).not.toContain('Error')
    expect(router.state.location.pathname).toBe('/contacts/new')
  })

  it('D2-8-05: a failure with a code the form knows says why (no permission, no connection)', async () => {
    let answer = () => apiError('forbidden', 403)
    const { user } = await openNew({ create: () => answer() })
    await fillAdult(user)
    await user.click(submit())
    await waitFor(() => expect(alertTexts()).toContain('Not saved: you do not have permission to do this.'))
    answer = () => Response.error()
    await user.click(submit())
    await waitFor(() => expect(alertTexts()).toContain('Not saved: the server could not be reached. Check the connection and try again.'))
  })

  it("issue #8 item 11: the server's field errors are marked on the fields on screen; the others are named above the buttons", async () => {
    const { user, creates, router } = await openNew({
      create: () =>
        apiError('invalid_request', 400, {
          errors: {
            member_status: 'Invalid input: expected string, received undefined',
            last_name: 'Too big: expected string to have <=100 characters',
            source: 'Choose a value from the list.',
            _: 'Unexpected end of JSON input',
          },
          // The codes are what the form words; '_' has none (an older server) and keeps its message.
          error_codes: {
            member_status: { code: 'required', params: {} },
            last_name: { code: 'too_long', params: { max: 100 } },
            source: { code: 'not_in_list', params: {} },
          },
        }),
    })
    await enter(user, await screen.findByRole('textbox', { name: /^First name/ }), 'Sam')
    await enter(user, field(/^Last name/), 'Lee')
    await chooseConsent(user, "I don't have consent yet")
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    await waitFor(() => expect(alertTexts()).toContain('Not saved: some details were not accepted.'))
    expect(alertTexts()).not.toContain('Error')
    // On screen and enabled: marked with what the server said, in the form's words.
    expect(field(/^Last name/)).toHaveAccessibleDescription('At most 100 characters.')
    // Disabled without consent: named in the note instead of on a locked field.
    expect(select(/^Member status/)).not.toHaveAccessibleDescription('Required')
    const note = within(screen.getByRole('alert', { name: 'Not saved' }))
    expect(note.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Member status: Required',
      'Source: Choose a value from the list.',
      'Unexpected end of JSON input',
    ])
    expect(router.state.location.pathname).toBe('/contacts/new')

    // The next save starts afresh: the note goes once the contact is saved.
    server.use(mockCall(contactCalls.createUser, { id: 99 }))
    await user.click(submit())
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
  })

  it('renders in Spanish', async () => {
    await changeLocale('es')
    await openNew()
    expect(await screen.findByRole('heading', { level: 1, name: 'Añadir un contacto' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Aún no tengo el consentimiento' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).toBeInTheDocument()
    expect(within(select('Género')).getByRole('option', { name: 'Prefiere no decirlo' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Añadir contacto' })).toBeInTheDocument()
  })
})
