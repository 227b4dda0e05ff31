import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { pinClock } from '../../../test/clock'
import { enter } from '../../../test/user'
import { newContactDraftKey } from '../components/form/new-contact-form'
import { draftStorageKey } from '../../../lib/drafts'
import { thisYear, openNew, field, select, submit, parentSection, chooseConsent, makeChild } from './contact-new-page.fixtures'

describe('/contacts/new: consent choices and drafts (spec 2 §4.2, §5)', () => {
  it("D2-4.2-12: 'I don't have consent yet' (and Automatic) leaves only the name and gender, and sends only those", async () => {
    const { user, creates } = await openNew()
    await enter(user, await screen.findByRole('textbox', { name: /^First name/ }), 'Sam')
    await enter(user, field('Email'), 'sam@example.test')
    await chooseConsent(user, 'Automatic (QR code or emailed link)')
    expect(screen.getByText('With no consent only name and gender can be saved.')).toBeInTheDocument()
    expect(field('Email')).toBeDisabled()
    await chooseConsent(user, "I don't have consent yet")
    expect(screen.getByText('With no consent only name and gender can be saved.')).toBeInTheDocument()
    expect(field(/^First name/)).toBeEnabled()
    expect(field(/^Last name/)).toBeEnabled()
    expect(select('Gender')).toBeEnabled()
    for (const name of ['Email', /^Phone$/, 'Facebook', 'Search for an address']) expect(field(name)).toBeDisabled()
    for (const name of [/^Member status/, /^Source/, 'Religion', 'Marital status', 'Grow cycle', 'Birth year']) expect(select(name)).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: 'Visitor' })).toBeDisabled()
    await user.selectOptions(select('Gender'), 'male')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toEqual({ team_id: 10, group_id: 10, first_name: 'Sam', gender: 'male', consent_type: 'none' })
  })

  const withoutConsent: Array<[string, string, number | null]> = [
    ['an adult', 'Automatic (QR code or emailed link)', null],
    ['an adult', "I don't have consent yet", null],
    ['a child', "I don't have consent yet", 10],
    ['a child', 'Automatic (QR code or emailed link)', 15],
  ]
  for (const [who, choice, age] of withoutConsent) {
    it(`issue #8 item 11: ${who} with '${choice}' needs no member status, sends none, and opens the new contact`, async () => {
      const { user, creates, router } = await openNew()
      await enter(user, await screen.findByRole('textbox', { name: /^First name/ }), 'Sam')
      await user.selectOptions(select('Gender'), 'male')
      if (age !== null) {
        await makeChild(user, age)
        const parent = within(parentSection()!)
        await enter(user, parent.getByRole('textbox', { name: /^Parent or carer first name/ }), 'Pat')
        await enter(user, parent.getByRole('textbox', { name: 'Parent or carer email' }), 'pat@example.test')
      }
      await chooseConsent(user, choice)
      expect(select(/^Member status/)).toBeDisabled()
      await user.click(submit())
      if (age !== null && choice.startsWith('Automatic')) {
        // A child's Automatic opens the request view for the new contact; closing it opens the contact (features/consent).
        const dialog = await screen.findByRole('dialog', { name: 'Get parental consent' })
        await user.click(within(dialog).getByRole('button', { name: 'Close' }))
      }
      await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
      expect(creates).toHaveLength(1)
      expect(creates[0]).not.toHaveProperty('member_status')
      expect(creates[0]).not.toHaveProperty('source')
      expect(creates[0]).toMatchObject({ first_name: 'Sam', gender: 'male', consent_type: choice.startsWith('Automatic') ? 'automatic' : 'none' })
      if (age !== null)
        expect(creates[0]).toMatchObject({ dob_year: thisYear - age - 1, parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.test' })
    })
  }

  it('issue #8 item 11: a draft restored without consent keeps its choice, saves, and unlocks the fields for another choice', async () => {
    window.localStorage.setItem(
      draftStorageKey(newContactDraftKey({ team_id: 10, group_id: 10 })),
      JSON.stringify({ consent_type: 'none', first_name: 'Sam', last_name: 'Lee', gender: 'male', member_status: 'member', email: 'sam@example.test' }),
    )
    const { user, creates, router } = await openNew()
    await waitFor(() => expect(field(/^First name/)).toHaveValue('Sam'))
    expect(screen.getByRole('radio', { name: "I don't have consent yet" })).toBeChecked()
    expect(field('Email')).toBeDisabled()
    // Another choice opens the locked fields with what was typed before.
    await chooseConsent(user, 'Upload a photo of consent')
    expect(field('Email')).toBeEnabled()
    expect(field('Email')).toHaveValue('sam@example.test')
    await chooseConsent(user, "I don't have consent yet")
    await user.click(submit())
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
    expect(creates).toEqual([{ team_id: 10, group_id: 10, first_name: 'Sam', last_name: 'Lee', gender: 'male', consent_type: 'none' }])
    expect(window.localStorage.getItem(draftStorageKey(newContactDraftKey({ team_id: 10, group_id: 10 })))).toBeNull()
  })

  it('issue #10 item 14: the restored draft is announced; Discard empties the form and forgets the draft', async () => {
    const key = draftStorageKey(newContactDraftKey({ team_id: 10, group_id: 10 }))
    window.localStorage.setItem(key, JSON.stringify({ first_name: 'Sam', last_name: 'Lee' }))
    const { user } = await openNew()
    await waitFor(() => expect(field(/^First name/)).toHaveValue('Sam'))
    expect(screen.getByText('Your unsaved changes were restored.').closest('[role="status"]')).not.toBeNull()
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(field(/^First name/)).toHaveValue('')
    expect(window.localStorage.getItem(key)).toBeNull()
    expect(screen.queryByText('Your unsaved changes were restored.')).not.toBeInTheDocument()
  })

  it('D2-4.2-05, D2-5-09, D1-5-09: verbal consent shows its form only after the confirmation; date (today) and content are required', async () => {
    pinClock(new Date(2026, 5, 15, 12, 0))
    const { user, creates } = await openNew()
    await enter(user, await screen.findByRole('textbox', { name: /^First name/ }), 'Mary')
    await user.selectOptions(select(/^Member status/), 'member')
    await chooseConsent(user, 'Verbal consent')
    expect(screen.getByText(/Other options should be tried first/)).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Consent date/)).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /^What was agreed/ })).not.toBeInTheDocument()
    await user.click(submit())
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'I understand and confirm that other options are unavailable' })).toHaveAccessibleDescription(
        'Confirm that the other options are unavailable.',
      ),
    )
    await user.click(screen.getByRole('checkbox', { name: 'I understand and confirm that other options are unavailable' }))
    // After a submit the form validates each change first (asynchronously), then shows it.
    const date = await screen.findByLabelText(/^Consent date/)
    expect(date).toHaveValue('2026-06-15')
    await user.clear(date)
    await user.click(submit())
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^What was agreed/ })).toHaveAccessibleDescription('This field is required.'))
    expect(screen.getByLabelText(/^Consent date/)).toHaveAccessibleDescription('This field is required.')
    expect(creates).toEqual([])
    await user.type(screen.getByLabelText(/^Consent date/), '2026-03-01')
    await enter(user, screen.getByRole('textbox', { name: /^What was agreed/ }), 'Happy to be visited.')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toMatchObject({
      consent_type: 'verbal',
      consent_verbal_confirmed: true,
      consent_date: '2026-03-01',
      consent_content: 'Happy to be visited.',
    })
  })
})
