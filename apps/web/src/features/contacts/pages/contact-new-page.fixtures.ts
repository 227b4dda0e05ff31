// The new-contact page's test setup, shared by its test files (tests only).
import { screen, within } from '@testing-library/react'
import { contactCalls, type DuplicateDetails, type Team } from '@crm/domain'
import type { InputOf, OutputOf } from '../../../lib/api'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { createElement } from 'react'
import { renderWithProviders } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { enter } from '../../../test/user'
import { allContactFields, lookupHandler, otherCallsNotFound } from './contact-form.fixtures'
import { ContactNewPage } from './contact-new-page'

export type CreateInput = InputOf<typeof contactCalls.createUser>
export type AddExistingInput = InputOf<typeof contactCalls.addExistingUser>
export type Access = OutputOf<typeof contactCalls.contactAccessForNew>
export type User = ReturnType<typeof renderWithProviders>['user']

export const grace = buildTeam({ id: 10, title: 'Grace Church', groups: [buildGroup({ id: 12, title: 'Youth', user_role: 'member' })] })
// A member of the team who leads the Youth group: may add contacts there, but not update the team's contacts.
export const graceAsMember = buildTeam({
  id: 10,
  title: 'Grace Church',
  role: 'member',
  groups: [buildGroup({ id: 12, title: 'Youth', user_role: 'leader' })],
})
export const thisYear = new Date().getFullYear()

export async function openNew(
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
  // The page alone, not the app around it: the tests are about the form.
  const view = renderWithProviders(createElement(ContactNewPage), '/contacts/new')
  await screen.findByRole('heading', { level: 1 })
  if (options.access?.can_create !== false) await screen.findByRole('button', { name: /^(Add contact|Añadir contacto)$/ })
  return { ...view, creates }
}

export const field = (name: RegExp | string) => screen.getByRole('textbox', { name })
export const alertTexts = () => screen.getAllByRole('alert').map((alert) => alert.textContent)
export const select = (name: RegExp | string) => screen.getByRole('combobox', { name })
export const submit = () => screen.getByRole('button', { name: 'Add contact' })
export const parentSection = () => screen.queryByRole('group', { name: 'Parent or carer' })

export async function chooseConsent(user: User, name: string) {
  await user.click(screen.getByRole('radio', { name }))
}

/** Consent by photo keeps every field; a name and member status make a valid contact. */
export async function fillAdult(user: User, { status = 'member' } = {}) {
  await chooseConsent(user, 'Upload a photo of consent')
  await enter(user, field(/^First name/), 'Mary')
  await enter(user, field(/^Last name/), 'Jones')
  await user.selectOptions(select(/^Member status/), status)
}

export async function makeChild(user: User, age = 10) {
  await user.selectOptions(select('Birth year'), String(thisYear - age - 1))
}

/** create-user finds a match, unless told to disregard it (then it creates id 99). */
export function matching(code: 'user_exists_in_this_team' | 'user_exists_in_other_team', details: Partial<DuplicateDetails> = {}) {
  const data: DuplicateDetails = { field: 'email', data: { id: 7, name: 'Mary Jones' }, team_id: 10, team_name: 'Grace Church', ...details }
  return (input: CreateInput) => (input.disregard_existing ? undefined : apiError(code, 409, data))
}

/** Records add-existing-user and answers with the contact id, added or awaiting the owning team's approval. */
export function mockAddExisting(answer: { id: number; is_awaiting_approval: boolean }) {
  const adds: AddExistingInput[] = []
  server.use(
    mockCall(contactCalls.addExistingUser, ({ input }) => {
      adds.push(input)
      return answer
    }),
  )
  return adds
}

export const duplicateView = () => screen.findByRole('region', { name: 'This contact may already exist' })
export const buttonsOf = (region: HTMLElement) =>
  within(region)
    .getAllByRole('button')
    .map((button) => button.textContent)
