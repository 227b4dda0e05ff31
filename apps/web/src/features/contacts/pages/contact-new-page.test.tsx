import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import {
  contactCalls,
  type DuplicateDetails,
  genders,
  maritalStatuses,
  parentCarerRelationships,
  sourceRequiredStatuses,
  type ChildGate,
  type Team,
} from '@crm/domain'
import type { InputOf, OutputOf } from '../../../lib/api'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { isoDate } from '../components/form/contact-form-values'
import { newContactDraftKey } from '../components/form/new-contact-form'
import { draftStorageKey } from '../../../lib/drafts'
import { allContactFields, lookupHandler, otherCallsNotFound } from './contact-form.fixtures'

type CreateInput = InputOf<typeof contactCalls.createUser>
type AddExistingInput = InputOf<typeof contactCalls.addExistingUser>
type Access = OutputOf<typeof contactCalls.contactAccessForNew>
type User = ReturnType<typeof renderApp>['user']

// The page is a lazily loaded section: load it once so each test finds it at once.
beforeAll(async () => {
  await import('./contact-new-page')
}, 30_000)

const grace = buildTeam({ id: 10, title: 'Grace Church', groups: [buildGroup({ id: 12, title: 'Youth', user_role: 'member' })] })
// A member of the team who leads the Youth group: may add contacts there, but not update the team's contacts.
const graceAsMember = buildTeam({
  id: 10,
  title: 'Grace Church',
  role: 'member',
  groups: [buildGroup({ id: 12, title: 'Youth', user_role: 'leader' })],
})
const thisYear = new Date().getFullYear()

async function openNew(
  options: { access?: Partial<Access>; groupId?: number; team?: Team; create?: (input: CreateInput) => Response | undefined } = {},
) {
  server.use(otherCallsNotFound)
  signedInAs(buildAccount([options.team ?? grace]), { teamId: 10, groupId: options.groupId ?? 10 })
  const creates: CreateInput[] = []
  server.use(
    lookupHandler,
    mockCall(contactCalls.contactAccessForNew, { can_create: true, fields: allContactFields, child_gate: null, public_notes: false, ...options.access }),
    mockCall(contactCalls.createUser, ({ input }) => {
      creates.push(input)
      return options.create?.(input) ?? { id: 99 }
    }),
  )
  const view = renderApp('/contacts/new')
  // The first render of the section takes a moment (lazy route, lookups).
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })
  if (options.access?.can_create !== false) await screen.findByRole('button', { name: /^(Add contact|Añadir contacto)$/ })
  return { ...view, creates }
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name })
const alertTexts = () => screen.getAllByRole('alert').map((alert) => alert.textContent)
const select = (name: RegExp | string) => screen.getByRole('combobox', { name })
const submit = () => screen.getByRole('button', { name: 'Add contact' })
const parentSection = () => screen.queryByRole('group', { name: 'Parent or carer' })

async function chooseConsent(user: User, name: string) {
  await user.click(screen.getByRole('radio', { name }))
}

/** Consent by photo keeps every field; a name and member status make a valid contact. */
async function fillAdult(user: User, { status = 'member' } = {}) {
  await chooseConsent(user, 'Upload a photo of consent')
  await user.type(field(/^First name/), 'Mary')
  await user.type(field(/^Last name/), 'Jones')
  await user.selectOptions(select(/^Member status/), status)
}

async function makeChild(user: User, age = 10) {
  await user.selectOptions(select('Birth year'), String(thisYear - age - 1))
}

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
    expect(within(gender).getAllByRole('option').map((option) => (option as HTMLOptionElement).value)).toEqual(['', ...genders])
    expect(within(gender).getByRole('option', { name: 'Prefer not to say' })).toHaveValue('declined')
    expect(within(select('Marital status')).getAllByRole('option').map((option) => (option as HTMLOptionElement).value)).toEqual(['', ...maritalStatuses])
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
    const { user, creates, router } = await openNew()
    await fillAdult(user)
    expect(screen.getByLabelText(/^Photo of the signed consent/)).toHaveAttribute('accept', 'image/*')
    expect(screen.getByText(/for now only the date is saved/)).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Other source' })).not.toBeInTheDocument()
    await user.selectOptions(select(/^Source/), 'other')
    await user.type(field('Other source'), 'Neighbour')
    await user.selectOptions(select('Religion'), 'other')
    await user.type(field('Other religion'), 'Bahá’í')
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
      consent_date: isoDate(new Date()),
    })
  })

  it('D1-5-03: a phone must be a valid international number; it is sent in E.164 with its country', async () => {
    const { user, creates } = await openNew()
    await fillAdult(user)
    const phone = field(/^Phone$/)
    await user.type(phone, '123')
    await user.click(submit())
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Enter a valid phone number.'))
    await user.clear(phone)
    await user.type(phone, '+61 2 9999 9999')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toMatchObject({ phone: '+61299999999', phone_country: 'AU' })
  })

  it('D2-5-05/06/07/08, D2-3.3-01: a child shows the parent or carer with its rules', async () => {
    const { user, creates } = await openNew()
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

    // Neither first name nor email or phone.
    await user.click(submit())
    await waitFor(() => expect(parent.getByRole('textbox', { name: /^Parent or carer first name/ })).toHaveAccessibleDescription('This field is required.'))
    expect(parent.getByRole('textbox', { name: 'Parent or carer email' })).toHaveAccessibleDescription(
      'Enter an email or a phone number of the parent or carer.',
    )
    expect(creates).toEqual([])

    // Phone only.
    await user.type(parent.getByRole('textbox', { name: /^Parent or carer first name/ }), 'Pat')
    await user.type(parent.getByRole('textbox', { name: 'Parent or carer phone' }), '0412 345 678')
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
    await user.type(parent.getByRole('textbox', { name: /^Parent or carer first name/ }), 'Pat')
    await user.type(parent.getByRole('textbox', { name: 'Parent or carer email' }), 'pat@example.test')
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
    await user.type(parent.getByRole('textbox', { name: /^Parent or carer first name/ }), 'Pat')
    await user.type(parent.getByRole('textbox', { name: 'Parent or carer phone' }), '0412 345 678')
    for (const name of ['Automatic (QR code or emailed link)', 'Upload a photo of consent', 'Verbal consent']) {
      expect(screen.getByRole('radio', { name })).toBeEnabled()
    }
  })

  it("D2-4.2-12: 'I don't have consent yet' (and Automatic) leaves only the name and gender, and sends only those", async () => {
    const { user, creates } = await openNew()
    await user.type(await screen.findByRole('textbox', { name: /^First name/ }), 'Sam')
    await user.type(field('Email'), 'sam@example.test')
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
      await user.type(await screen.findByRole('textbox', { name: /^First name/ }), 'Sam')
      await user.selectOptions(select('Gender'), 'male')
      if (age !== null) {
        await makeChild(user, age)
        const parent = within(parentSection()!)
        await user.type(parent.getByRole('textbox', { name: /^Parent or carer first name/ }), 'Pat')
        await user.type(parent.getByRole('textbox', { name: 'Parent or carer email' }), 'pat@example.test')
      }
      await chooseConsent(user, choice)
      expect(select(/^Member status/)).toBeDisabled()
      await user.click(submit())
      await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
      expect(creates).toHaveLength(1)
      expect(creates[0]).not.toHaveProperty('member_status')
      expect(creates[0]).not.toHaveProperty('source')
      expect(creates[0]).toMatchObject({ first_name: 'Sam', gender: 'male', consent_type: choice.startsWith('Automatic') ? 'automatic' : 'none' })
      if (age !== null) expect(creates[0]).toMatchObject({ dob_year: thisYear - age - 1, parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.test' })
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

  it('D2-4.2-05, D2-5-09, D1-5-09: verbal consent shows its form only after the confirmation; date (today) and content are required', async () => {
    const { user, creates } = await openNew()
    await user.type(await screen.findByRole('textbox', { name: /^First name/ }), 'Mary')
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
    expect(date).toHaveValue(isoDate(new Date()))
    await user.clear(date)
    await user.click(submit())
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^What was agreed/ })).toHaveAccessibleDescription('This field is required.'))
    expect(screen.getByLabelText(/^Consent date/)).toHaveAccessibleDescription('This field is required.')
    expect(creates).toEqual([])
    await user.type(screen.getByLabelText(/^Consent date/), '2026-03-01')
    await user.type(screen.getByRole('textbox', { name: /^What was agreed/ }), 'Happy to be visited.')
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    expect(creates[0]).toMatchObject({
      consent_type: 'verbal',
      consent_verbal_confirmed: true,
      consent_date: '2026-03-01',
      consent_content: 'Happy to be visited.',
    })
  })

  it('D2-2.3-07: without create_contact the page suggests the private group, with no form', async () => {
    await openNew({ access: { can_create: false, fields: [] }, groupId: 12 })
    expect(await screen.findByText(/Switch to your private group/)).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Switch group' })).toHaveAttribute('href', '/contacts/group/switch')
    expect(screen.queryByRole('button', { name: 'Add contact' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /^First name/ })).not.toBeInTheDocument()
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
        }),
    })
    await user.type(await screen.findByRole('textbox', { name: /^First name/ }), 'Sam')
    await user.type(field(/^Last name/), 'Lee')
    await chooseConsent(user, "I don't have consent yet")
    await user.click(submit())
    await waitFor(() => expect(creates).toHaveLength(1))
    await waitFor(() => expect(alertTexts()).toContain('Not saved: some details were not accepted.'))
    expect(alertTexts()).not.toContain('Error')
    // On screen and enabled: marked with what the server said, in the form's words.
    expect(field(/^Last name/)).toHaveAccessibleDescription('This is too long.')
    // Disabled without consent: named in the note instead of on a locked field.
    expect(select(/^Member status/)).not.toHaveAccessibleDescription('This field is required.')
    const note = within(screen.getByRole('alert', { name: 'Not saved' }))
    expect(note.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Member status: This field is required.',
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
    await user.type(phone, '21 123 4567')
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
    await user.type(field('Street'), '5 Queen St')
    await user.type(field('City'), 'Auckland')
    await user.type(field('State'), 'Auckland')
    await user.type(field('Postcode'), '1010')
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
    const searches: Array<InputOf<typeof contactCalls.placeSuggestions>> = []
    server.use(
      mockCall(contactCalls.placeSuggestions, ({ input }) => {
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
    expect(within(month).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '—',
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ])
    const years = within(year).getAllByRole('option').map((option) => option.textContent)
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

/** create-user finds a match, unless told to disregard it (then it creates id 99). */
function matching(code: 'user_exists_in_this_team' | 'user_exists_in_other_team', details: Partial<DuplicateDetails> = {}) {
  const data: DuplicateDetails = { field: 'email', data: { id: 7, name: 'Mary Jones' }, team_id: 10, team_name: 'Grace Church', ...details }
  return (input: CreateInput) => (input.disregard_existing ? undefined : apiError(code, 409, data))
}

/** Records add-existing-user and answers with the contact id, added or awaiting the owning team's approval. */
function mockAddExisting(answer: { id: number; is_awaiting_approval: boolean }) {
  const adds: AddExistingInput[] = []
  server.use(
    mockCall(contactCalls.addExistingUser, ({ input }) => {
      adds.push(input)
      return answer
    }),
  )
  return adds
}

const duplicateView = () => screen.findByRole('region', { name: 'This contact may already exist' })
const buttonsOf = (region: HTMLElement) => within(region).getAllByRole('button').map((button) => button.textContent)

describe('/contacts/new: a contact that already exists (spec 2 §4, §8)', () => {
  it('D2-8-04, D2-4.6-03, D2-4.6-01: a match in this team names it and offers adding it or going back, not ignoring it', async () => {
    const { user, creates, router } = await openNew({ create: matching('user_exists_in_this_team') })
    const adds = mockAddExisting({ id: 7, is_awaiting_approval: false })
    await fillAdult(user)
    await user.type(field('Email'), 'mary@example.test')
    await user.click(submit())
    const view = await duplicateView()
    expect(
      within(view).getByText('You are trying to add Mary Jones as a new user. However a user with the provided email address already exists in this team:'),
    ).toBeInTheDocument()
    expect(buttonsOf(view)).toEqual(['Add the existing contact', 'Go back'])
    expect(within(view).queryByRole('button', { name: 'Ignore and create new' })).not.toBeInTheDocument()
    await user.click(within(view).getByRole('button', { name: 'Add the existing contact' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/7'))
    expect(adds).toEqual([{ team_id: 10, group_id: 10, user_id: 7 }])
    expect(creates).toHaveLength(1)
  })

  it('D2-8-04, D2-4.6-03, D2-4.6-02: a match in another team offers Ignore and create new, which creates with disregard_existing', async () => {
    const { user, creates, router } = await openNew({
      create: matching('user_exists_in_other_team', { field: 'phone', team_id: 20, team_name: 'Hope Chapel' }),
    })
    await fillAdult(user)
    await user.type(field(/^Phone$/), '0412 345 678')
    await user.click(submit())
    const view = await duplicateView()
    expect(
      within(view).getByText('You are trying to add Mary Jones as a new user. However a user with the provided phone number already exists in another team:'),
    ).toBeInTheDocument()
    expect(within(view).getByText('Mary Jones (Hope Chapel)')).toBeInTheDocument()
    // update_contact (a team owner): the other team's contact is added, not asked for.
    expect(buttonsOf(view)).toEqual(['Add', 'Ignore and create new', 'Go back'])
    await user.click(within(view).getByRole('button', { name: 'Ignore and create new' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
    expect(creates).toHaveLength(2)
    expect(creates[1]).toEqual({ ...creates[0], disregard_existing: true })
  })

  it("D2-4.6-02: without update_contact, another team's contact is asked for; the request is confirmed", async () => {
    const { user, router } = await openNew({
      team: graceAsMember,
      groupId: 12,
      create: matching('user_exists_in_other_team', { field: 'gender', team_id: 20, team_name: 'Hope Chapel' }),
    })
    const adds = mockAddExisting({ id: 7, is_awaiting_approval: true })
    await fillAdult(user)
    await user.click(submit())
    const view = await duplicateView()
    expect(within(view).getByText(/with the provided name and gender already exists in another team:$/)).toBeInTheDocument()
    expect(buttonsOf(view)).toEqual(['Request permission', 'Ignore and create new', 'Go back'])
    await user.click(within(view).getByRole('button', { name: 'Request permission' }))
    expect(await within(view).findByText('Hope Chapel has been asked for permission to share this contact with you.')).toBeInTheDocument()
    expect(within(view).getByRole('link', { name: 'Open the contact' })).toHaveAttribute('href', '/contacts/view/7')
    expect(adds).toEqual([{ team_id: 10, group_id: 12, user_id: 7 }])
    expect(router.state.location.pathname).toBe('/contacts/new')
  })

  it("issue #8 item 1: another team's contact is added with the match token of the answer that showed it", async () => {
    const { user, router } = await openNew({
      create: matching('user_exists_in_other_team', { team_id: 20, team_name: 'Hope Chapel', match_token: 'token-of-this-match' }),
    })
    const adds = mockAddExisting({ id: 7, is_awaiting_approval: false })
    await fillAdult(user)
    await user.type(field('Email'), 'mary@example.test')
    await user.click(submit())
    const view = await duplicateView()
    await user.click(within(view).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/7'))
    expect(adds).toEqual([{ team_id: 10, group_id: 10, user_id: 7, match_token: 'token-of-this-match' }])
  })

  it("issue #8 item 1: a refused add (the token expired) says it was not saved, and Go back still works", async () => {
    const { user } = await openNew({
      create: matching('user_exists_in_other_team', { team_id: 20, team_name: 'Hope Chapel', match_token: 'old-token' }),
    })
    server.use(mockCall(contactCalls.addExistingUser, () => apiError('not_found', 404)))
    await fillAdult(user)
    await user.click(submit())
    const view = await duplicateView()
    await user.click(within(view).getByRole('button', { name: 'Add' }))
    expect(await within(view).findByText('Not saved: the contact or group was not found. It may have been removed.')).toBeInTheDocument()
    await user.click(within(view).getByRole('button', { name: 'Go back' }))
    expect(await screen.findByRole('button', { name: 'Add contact' })).toBeInTheDocument()
  })

  const hiddenMatch = { data: null, team_id: null, team_name: null }
  it('issue #8 item 3: a match the caller may not see (a child) names nobody in this team: the message, no contact to pick, Go back', async () => {
    const { user, creates } = await openNew({ create: matching('user_exists_in_this_team', { field: 'phone', ...hiddenMatch }) })
    const adds = mockAddExisting({ id: 7, is_awaiting_approval: false })
    await fillAdult(user)
    await user.clear(field(/^First name/))
    await user.type(field(/^First name/), 'Lily')
    await user.type(field(/^Phone$/), '0412 345 678')
    await user.click(submit())
    const view = await duplicateView()
    expect(
      within(view).getByText('You are trying to add Lily Jones as a new user. However a user with the provided phone number already exists in this team:'),
    ).toBeInTheDocument()
    expect(within(view).getByText('The existing contact is not shown to you.')).toBeInTheDocument()
    expect(within(view).queryByText('Mary Jones')).not.toBeInTheDocument()
    expect(buttonsOf(view)).toEqual(['Go back'])
    await user.click(within(view).getByRole('button', { name: 'Go back' }))
    expect(await screen.findByRole('button', { name: 'Add contact' })).toBeInTheDocument()
    expect(field(/^First name/)).toHaveValue('Lily')
    expect(creates).toHaveLength(1)
    expect(adds).toEqual([])
  })

  it("issue #8 item 3: a hidden match in another team offers only Ignore and create new (which creates) and Go back", async () => {
    const { user, creates, router } = await openNew({ create: matching('user_exists_in_other_team', { field: 'gender', ...hiddenMatch }) })
    await fillAdult(user)
    await user.click(submit())
    const view = await duplicateView()
    expect(
      within(view).getByText('You are trying to add Mary Jones as a new user. However a user with the provided name and gender already exists in another team:'),
    ).toBeInTheDocument()
    expect(buttonsOf(view)).toEqual(['Ignore and create new', 'Go back'])
    await user.click(within(view).getByRole('button', { name: 'Ignore and create new' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
    expect(creates[1]).toEqual({ ...creates[0], disregard_existing: true })
  })

  it('D2-4.6-04: Go back returns to the form with what was entered', async () => {
    const { user, creates } = await openNew({ create: matching('user_exists_in_this_team') })
    await fillAdult(user)
    await user.type(field('Email'), 'mary@example.test')
    await user.click(submit())
    const view = await duplicateView()
    await user.click(within(view).getByRole('button', { name: 'Go back' }))
    expect(await screen.findByRole('button', { name: 'Add contact' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'This contact may already exist' })).not.toBeInTheDocument()
    expect(field(/^First name/)).toHaveValue('Mary')
    expect(field(/^Last name/)).toHaveValue('Jones')
    expect(field('Email')).toHaveValue('mary@example.test')
    expect(select(/^Member status/)).toHaveValue('member')
    expect(creates).toHaveLength(1)
  })
})

describe('/contacts/new: adding an existing contact to the group (spec 2 §2, §5)', () => {
  const addExisting = () => within(screen.getByRole('region', { name: 'Add an existing contact' }))

  it("D2-2.3-03, D2-5-11: in a group, submitting with nothing selected says 'Please select a contact' and sends nothing", async () => {
    const { user } = await openNew({ groupId: 12 })
    const adds = mockAddExisting({ id: 31, is_awaiting_approval: false })
    expect(addExisting().getByRole('textbox', { name: /^Existing contact/ })).not.toHaveAccessibleDescription('Please select a contact')
    await user.click(addExisting().getByRole('button', { name: 'Add existing contact' }))
    await waitFor(() => expect(addExisting().getByRole('textbox', { name: /^Existing contact/ })).toHaveAccessibleDescription('Please select a contact'))
    expect(addExisting().getByText('Please correct the errors to continue.')).toBeInTheDocument()
    expect(adds).toEqual([])
  })

  it('D2-5-12, D2-2.3-03: the search leaves out the contacts already in the group (exclude_group_id); the picked one is added', async () => {
    const { user, router } = await openNew({ groupId: 12 })
    const searches: Array<InputOf<typeof contactCalls.teamContactSuggestions>> = []
    server.use(
      mockCall(contactCalls.teamContactSuggestions, ({ input }) => {
        searches.push(input)
        return { items: [{ id: 31, title: 'Peter Pan' }] }
      }),
    )
    const adds = mockAddExisting({ id: 31, is_awaiting_approval: false })
    await user.type(addExisting().getByRole('textbox', { name: /^Existing contact/ }), 'Pet')
    await user.click(await screen.findByRole('option', { name: 'Peter Pan' }))
    expect(searches.at(-1)).toEqual({ search: 'Pet', team_id: '10', group_id: '12', exclude_group_id: '12' })
    await user.click(addExisting().getByRole('button', { name: 'Add existing contact' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/31'))
    expect(adds).toEqual([{ team_id: 10, group_id: 12, user_id: 31 }])
  })
})
