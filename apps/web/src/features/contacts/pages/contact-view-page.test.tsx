import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { contactCalls, type ContactItem } from '@crm/domain'
import { apiBase } from '../../../lib/api'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server, type RecordedCall } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildContactItem, contactPageSideCalls } from './contact-view.fixtures'

const youth = buildGroup({ id: 12, title: 'Youth', is_public: true })
const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [youth] })
const hope = buildTeam({ id: 20, title: 'Hope Chapel', role: 'leader' })
const emptyList = { items: [], count: 0, max_pages: 1 }

/** Signs in to Grace Church (primary group) and serves the contact item; answers what was asked. */
function openContact(item: ContactItem | (() => ContactItem | Response), path = '/contacts/view/5') {
  signedInAs(buildAccount([grace, hope]), { teamId: 10, groupId: 10 })
  const requests: Array<RecordedCall<typeof contactCalls.contact>> = []
  server.use(
    // The tab the page opens on: Interactions for an adult (tabs are tested in contact-tabs.test.tsx).
    ...contactPageSideCalls(),
    mockCall(contactCalls.contact, (request) => {
      requests.push(request)
      return typeof item === 'function' ? item() : item
    }),
  )
  return { ...renderApp(path), requests }
}

// The first render loads the page's chunk: more than findBy's default second on a busy machine.
const heading = (name = 'Ada Lovelace') => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 })
const actions = () => within(screen.getByRole('group', { name: 'Contact actions' }))
/** The value of an info or summary row, by its label. */
const rowValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement

describe('contact view: loading and access', () => {
  it('asks GET contact/{id} in the selected team and group, in the interface language', async () => {
    const { requests } = openContact(buildContactItem())
    await heading()
    expect(requests[0]?.params).toEqual({ id: '5' })
    expect(requests[0]?.input).toEqual({ team_id: '10', group_id: '10', locale: 'en' })
    await waitFor(() => expect(document.title).toBe('Grace CRM - Ada Lovelace'))
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to contacts' })).toHaveAttribute('href', '/contacts')
  })

  it("D2-2.5-01 a 403 shows 'You do not have permission to access this page.' with Switch group", async () => {
    openContact(() => apiError('forbidden', 403))
    expect(await screen.findByRole('heading', { name: 'You do not have permission to access this page.' }, { timeout: 5000 })).toBeInTheDocument()
    const main = within(screen.getByRole('main'))
    expect(main.getByRole('link', { name: 'Switch group' })).toHaveAttribute('href', '/contacts/group/switch')
  })

  it('a record merged into another (404 contact_merged) opens the kept contact at its address (issue 40)', async () => {
    const { requests, router } = openContact(
      (() => {
        let reads = 0
        return () => (reads++ === 0 ? apiError('contact_merged', 404, { contact_id: 8 }) : buildContactItem({ view: { id: 8 } }))
      })(),
      '/contacts/view/9',
    )
    await heading()
    expect(router.state.location.pathname).toBe('/contacts/view/8')
    expect(requests.map((request) => request.params['id'])).toEqual(['9', '8'])
    // Back returns before the old link, not to it (the address was replaced).
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('a merged record whose kept contact the caller may not open is not found', async () => {
    openContact(() => apiError('contact_merged', 404))
    expect(await screen.findByRole('heading', { name: 'Contact not found' }, { timeout: 5000 })).toBeInTheDocument()
  })

  it('a 404 (a contact outside the current team) shows the not-found state', async () => {
    openContact(() => apiError('not_found', 404))
    expect(await screen.findByRole('heading', { name: 'Contact not found' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to contacts' })).toHaveAttribute('href', '/contacts')
  })
})

describe('contact view: header actions', () => {
  it('D2-2.2-03 Edit shows for an owned contact who is not a team member, to a caller who may update', async () => {
    openContact(buildContactItem({ role: 'assigned_member' }))
    await heading()
    expect(actions().getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/contacts/edit/5')
  })

  it.each([
    ['owned by another team', buildContactItem({ ownership: { is_owned_by_current_team: false } })],
    ['a member of the team', buildContactItem({ ownership: { is_member_of_current_team: true } })],
    ['a caller without update', buildContactItem({ role: 'member' })],
  ])('D2-2.2-03 Edit is hidden for a contact %s', async (_case, item) => {
    openContact(item)
    await heading()
    expect(actions().queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
  })

  it("D2-2.2-04 Relinquish shows only for a role beginning with 'assigned_'", async () => {
    openContact(buildContactItem({ role: 'leader' }))
    await heading()
    expect(actions().queryByRole('button', { name: 'Relinquish' })).not.toBeInTheDocument()
  })

  it('D2-2.1-11 D2-6-01 Relinquish asks, relinquishes and goes to /contacts', async () => {
    // /contacts is another page: whatever it asks for is answered empty.
    server.use(http.get(`${apiBase}/*`, () => HttpResponse.json(emptyList)))
    let relinquished: unknown
    const { user, router } = openContact(buildContactItem({ role: 'assigned_member' }))
    server.use(
      mockCall(contactCalls.relinquish, ({ params, input }) => {
        relinquished = { params, input }
        return { success: true as const }
      }),
    )
    await heading()
    await user.click(actions().getByRole('button', { name: 'Relinquish' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Relinquish this contact?' }))
    expect(dialog.getByText('Ada Lovelace will no longer be assigned to you.')).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Relinquish' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'))
    expect(relinquished).toEqual({ params: { id: '5' }, input: { team_id: 10, group_id: 10 } })
    expect(await screen.findByText('Ada Lovelace is no longer assigned to you.')).toBeInTheDocument()
  })

  it("D3-8-01 Relinquish failing closes the dialog, shows 'Error' and stays", async () => {
    const { user, router } = openContact(buildContactItem({ role: 'assigned_leader' }))
    server.use(mockCall(contactCalls.relinquish, () => apiError('internal_error', 500)))
    await heading()
    await user.click(actions().getByRole('button', { name: 'Relinquish' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Relinquish this contact?' }))
    await user.click(dialog.getByRole('button', { name: 'Relinquish' }))
    // The dialog closes at once and the page says what failed.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(actions().getByRole('alert')).toHaveTextContent(/^Error$/)
    expect(router.state.location.pathname).toBe('/contacts/view/5')
  })

  it('D2-2.2-05 Add new links to /contacts/new', async () => {
    openContact(buildContactItem({ role: 'member' }))
    await heading()
    expect(actions().getByRole('link', { name: 'Add new' })).toHaveAttribute('href', '/contacts/new')
  })
})

describe('contact view: Archive and Restore in the header (issue #10 item 14)', () => {
  it('D2-6-08 without delete_contact the header offers neither', async () => {
    openContact(buildContactItem({ role: 'leader' }))
    await heading()
    expect(actions().queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument()
    expect(actions().queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument()
  })

  const cases = [
    [
      'Archive',
      'active',
      contactCalls.archiveUser,
      'Archive Ada Lovelace? An archived contact is removed after 12 months without interactions.',
      'Ada Lovelace was archived.',
    ],
    ['Restore', 'archive', contactCalls.unarchiveUser, 'Restore Ada Lovelace to the active contacts?', 'Ada Lovelace was restored.'],
  ] as const

  for (const [label, status, call, question, outcome] of cases) {
    it(`D2-2.1-13/14 ${label} asks with the edit page's words, goes to /contacts and says what happened there`, async () => {
      server.use(http.get(`${apiBase}/*`, () => HttpResponse.json(emptyList)))
      const sent: unknown[] = []
      const { user, router } = openContact(buildContactItem({ role: 'owner', view: { status } }))
      server.use(
        mockCall(call, ({ input }) => {
          sent.push(input)
          return { success: true as const }
        }),
      )
      await heading()
      await user.click(actions().getByRole('button', { name: label }))
      const dialog = within(await screen.findByRole('dialog', { name: label }))
      expect(dialog.getByText(question)).toBeInTheDocument()
      await user.click(dialog.getByRole('button', { name: label }))
      await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'))
      expect(sent).toEqual([{ user_id: 5, team_id: 10, group_id: 10 }])
      expect((await screen.findByText(outcome)).closest('[role="status"]')).not.toBeNull()
      // Said once: the history entry no longer carries it.
      await waitFor(() => expect(router.state.location.state).toBeNull())
      expect(screen.getByText(outcome)).toBeInTheDocument()
    })
  }

  it("D2-8-06 D3-8-01 Archive failing closes the dialog, shows 'Error' and stays on the page", async () => {
    const { user, router } = openContact(buildContactItem({ role: 'owner' }))
    server.use(mockCall(contactCalls.archiveUser, () => apiError('internal_error', 500)))
    await heading()
    await user.click(actions().getByRole('button', { name: 'Archive' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Archive' }))
    await user.click(dialog.getByRole('button', { name: 'Archive' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(
      actions()
        .getByText(/^Error$/)
        .closest('[role="alert"]'),
    ).not.toBeNull()
    expect(router.state.location.pathname).toBe('/contacts/view/5')
  })
})

describe('contact view: profile card', () => {
  it("D2-2.2-06 shows the name, initials for no photo, gender and 'N years old'", async () => {
    openContact(buildContactItem())
    await heading()
    expect(screen.getByText('AL')).toBeInTheDocument()
    expect(screen.getByText('Female')).toBeInTheDocument()
    expect(screen.getByText('34 years old')).toBeInTheDocument()
  })

  // The photo itself (fetched with the token): contact-photo.test.tsx.
  it("D2-2.2-06 shows '1 year old'", async () => {
    openContact(buildContactItem({ view: { age: 1, gender: 'male' } }))
    await heading()
    expect(screen.getByText('1 year old')).toBeInTheDocument()
    expect(screen.getByText('Male')).toBeInTheDocument()
  })

  it('D2-2.2-07 links the social profiles that are set, and only those', async () => {
    const social = { facebook: 'https://facebook.com/ada', instagram: null, linkedin: 'https://linkedin.com/in/ada', twitter: null, youtube: null }
    openContact(buildContactItem({ view: { social } }))
    await heading()
    const links = within(screen.getByRole('list', { name: 'Social links' }))
    expect(links.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://facebook.com/ada')
    expect(links.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://linkedin.com/in/ada')
    expect(links.getAllByRole('link')).toHaveLength(2)
  })
})

describe('contact view: info rows', () => {
  it('D2-2.2-09..12 shows status, member status, grow cycle, phone, email, address with directions and source', async () => {
    openContact(buildContactItem())
    await heading()
    const details = within(screen.getByRole('region', { name: 'Details' }))
    expect(rowValue('Status')).toHaveTextContent('Active')
    expect(rowValue('Member status')).toHaveTextContent('Church attendee')
    expect(rowValue('Grow cycle')).toHaveTextContent('Cultivate')
    expect(details.getByRole('link', { name: '+61 412 345 678' })).toHaveAttribute('href', 'tel:+61412345678')
    expect(rowValue('Email')).toHaveTextContent('ada@example.test')
    expect(rowValue('Email')).toHaveTextContent('Verified')
    expect(rowValue('Address')).toHaveTextContent('1 George St, Sydney NSW 2000')
    const directions = details.getByRole('link', { name: /Directions/ })
    expect(directions).toHaveAttribute('href', 'https://maps.example.test/dir/1-george-st')
    expect(directions).toHaveAttribute('target', '_blank')
    expect(rowValue('Source')).toHaveTextContent('Friend or family')
    expect(screen.queryByText('Expecting follow up')).not.toBeInTheDocument()
  })

  it("D2-2.2-08 D2-2.2-11 'Archived', 'Unverified' and preserve shown as 'Multiply'", async () => {
    openContact(buildContactItem({ view: { status: 'archive', email_is_verified: false, grow_phase: 'preserve' } }))
    await heading()
    expect(rowValue('Status')).toHaveTextContent('Archived')
    expect(rowValue('Email')).toHaveTextContent('Unverified')
    expect(rowValue('Grow cycle')).toHaveTextContent('Multiply')
  })

  it("D2-2.2-13 marks each expectation held as 'Completed' or 'Not completed'", async () => {
    openContact(
      buildContactItem({
        view: { expect_follow_up: true, expect_follow_up_completed: true, expect_baptism: true, expect_baptism_completed: false },
      }),
    )
    await heading()
    expect(rowValue('Expecting follow up')).toHaveTextContent(/^Completed$/)
    expect(rowValue('Expecting baptism')).toHaveTextContent(/^Not completed$/)
    expect(screen.queryByText('Expecting bible study')).not.toBeInTheDocument()
  })
})

describe('contact view: notes area', () => {
  it("D2-2.2-14..16 upcoming interaction, hours since the last, 'Showing data from' and 'Access available till'", async () => {
    openContact(
      buildContactItem({
        view: {
          next_future_incomplete_interaction: {
            date_display: '12/06/2025',
            type_display: 'Visit',
            bible_study: null,
            bible_study_display: null,
            content: null,
          },
          last_interaction: { days_ago: 0, hours_ago: 5 },
          access_from_date_display: '01/02/2024',
          access_to_date_display: '31/12/2025',
        },
      }),
    )
    await heading()
    within(screen.getByRole('region', { name: 'Summary' }))
    expect(rowValue('Upcoming interaction')).toHaveTextContent('12/06/2025 · Visit')
    expect(rowValue('Since the last interaction')).toHaveTextContent(/^5 hours$/)
    expect(rowValue('Showing data from')).toHaveTextContent('01/02/2024')
    expect(rowValue('Access available till')).toHaveTextContent('31/12/2025')
  })

  it("D2-2.2-15 a day or more since the last interaction reads in days; no access end, no 'till' row", async () => {
    openContact(buildContactItem({ view: { last_interaction: { days_ago: 3, hours_ago: 75 }, access_from_date_display: '01/02/2024' } }))
    await heading()
    expect(rowValue('Since the last interaction')).toHaveTextContent(/^3 days$/)
    expect(screen.queryByText('Access available till')).not.toBeInTheDocument()
  })
})

describe('contact view: banners', () => {
  it('D2-2.2-23 shows the declined-consent banner', async () => {
    openContact(buildContactItem({ view: { consent_declined: true, consent_given: false } }))
    await heading()
    expect(screen.getByText('This person has declined consent.')).toBeInTheDocument()
  })

  it('D2-2.2-24 D2-4.3-03 awaiting approval shows only the banner and the simple data', async () => {
    const item = buildContactItem({ ownership: { current_team_is_awaiting_approval: true, has_owner: true, is_owned_by_current_team: false } })
    openContact({ ...item, data_view: null, data_edit: null })
    await heading()
    expect(screen.getByText('Awaiting approval')).toBeInTheDocument()
    expect(screen.getByText('Female')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Contact actions' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Details' })).not.toBeInTheDocument()
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
  })

  it.each([
    ['accept', 'Accept', 'Accept the request?', contactCalls.acceptOwnershipApprovalRequest],
    ['reject', 'Reject', 'Reject the request?', contactCalls.rejectOwnershipApprovalRequest],
  ] as const)('D2-2.2-25 D2-4.3-04/05 the owner may %s a request after confirming; the contact is refreshed', async (_answer, button, title, call) => {
    const request = { team: { id: 20, title: 'Hope Chapel' }, requested_by: { id: 31, name: 'Sam Carter' } }
    let answered: unknown
    const { user, requests } = openContact(() => buildContactItem({ ownership: { other_team_is_awaiting_approval_data: answered ? [] : [request] } }))
    server.use(
      mockCall(call, ({ params, input }) => {
        answered = { params, input }
        return { success: true as const }
      }),
    )
    await heading()
    expect(screen.getByText('Hope Chapel asks to use this contact.')).toBeInTheDocument()
    expect(screen.getByText('Requested by Sam Carter.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: button }))
    const dialog = within(await screen.findByRole('dialog', { name: title }))
    await user.click(dialog.getByRole('button', { name: button }))
    await waitFor(() => expect(screen.queryByText('Hope Chapel asks to use this contact.')).not.toBeInTheDocument())
    expect(answered).toEqual({ params: { id: '5' }, input: { team_id: 10, group_id: 10, requesting_team_id: 20 } })
    expect(requests).toHaveLength(2)
  })

  it('D2-8-13 D3-8-01 a failing answer to an approval request is silent: no error text; the dialog closes and the request still waits', async () => {
    const request = { team: { id: 20, title: 'Hope Chapel' }, requested_by: null }
    const { user } = openContact(buildContactItem({ ownership: { other_team_is_awaiting_approval_data: [request] } }))
    let tried = 0
    server.use(
      mockCall(contactCalls.acceptOwnershipApprovalRequest, () => {
        tried++
        return apiError('internal_error', 500)
      }),
    )
    await heading()
    await user.click(screen.getByRole('button', { name: 'Accept' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept the request?' }))
    await user.click(dialog.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(tried).toBe(1))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByText('Error')).not.toBeInTheDocument()
    expect(screen.queryByText(/went wrong/)).not.toBeInTheDocument()
    // The request still waits for an answer.
    expect(screen.getAllByText('Hope Chapel asks to use this contact.').length).toBeGreaterThan(0)
  })

  it.each([
    [['wwcc', 'adsafe'], 'You need a Working with Children Check and AdSafe training to add or view the details of a child.'],
    [['wwcc'], 'You need a Working with Children Check to add or view the details of a child.'],
    [['adsafe'], 'You need AdSafe training to add or view the details of a child.'],
  ] as const)('D2-5-17/18/21 the child-check notice names what is missing (%s) and mails the primary owner', async (missing, text) => {
    const item = buildContactItem({
      view: { is_child: true, age: 12 },
      child_gate: { missing: [...missing], primary_owner_name: 'Grace Owner', primary_owner_email: 'owner@grace.test' },
    })
    // The server names no child to a caller under the gate (issue 33): the page says 'A child'.
    const simple = { ...item.data_view_simple, name: '', first_name: '', last_name: '', gender: null, avatar: null }
    openContact({ ...item, data_view: null, data_edit: null, data_view_simple: simple })
    await heading('A child')
    expect(screen.getByText("A child's details are protected")).toBeInTheDocument()
    expect(screen.getByText(text)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Email Grace Owner' })).toHaveAttribute('href', 'mailto:owner@grace.test')
    expect(screen.queryByRole('region', { name: 'Details' })).not.toBeInTheDocument()
  })

  it('D2-5-19/20 a reader the gate lets through sees the child with the needs-consent notice (D2-2.2-28)', async () => {
    openContact(buildContactItem({ view: { is_child: true, age: 12, consent_given: false } }))
    await heading()
    expect(screen.queryByText("A child's details are protected")).not.toBeInTheDocument()
    expect(screen.getByText('This contact is a child and needs the consent of a parent or carer.')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Details' })).toBeInTheDocument()
  })

  it("D2-2.2-26 a contact another of the caller's teams holds: the 404 names it and the banner switches to it", async () => {
    const { user, requests } = openContact(() =>
      requests.length > 1 ? buildContactItem() : apiError('not_found', 404, { contact_team: { id: 20, title: 'Hope Chapel', user_has_access: true } }),
    )
    const banner = 'This contact is in Hope Chapel, not in the selected team.'
    expect(await screen.findByText(banner, {}, { timeout: 5000 })).toBeInTheDocument()
    // The banner is the page's heading (issue 37: every page has a level-one heading).
    expect(screen.getByRole('heading', { level: 1, name: banner })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Contact not found' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Switch to Hope Chapel' }))
    await waitFor(() => expect(requests.at(-1)?.input).toMatchObject({ team_id: '20', group_id: '20' }))
    expect(await heading()).toBeInTheDocument()
    expect(screen.queryByText(banner)).not.toBeInTheDocument()
  })

  it('D2-2.2-27 shows no switch button for a team the caller has only asked to join', async () => {
    openContact(() => apiError('not_found', 404, { contact_team: { id: 20, title: 'Hope Chapel', user_has_access: false } }))
    expect(await screen.findByText('This contact is in Hope Chapel, not in the selected team.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Switch to Hope Chapel' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to contacts' })).toHaveAttribute('href', '/contacts')
  })

  it('a 404 naming no team of the caller offers no switch at all', async () => {
    openContact(() => apiError('not_found', 404))
    expect(await screen.findByRole('heading', { name: 'Contact not found' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Switch/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Switch team/ })).not.toBeInTheDocument()
  })
})

describe('contact view in Spanish', () => {
  it('speaks Spanish and asks the server in Spanish', async () => {
    await changeLocale('es')
    const { requests } = openContact(
      buildContactItem({
        view: { status: 'archive', grow_phase: 'preserve', age: 1, expect_follow_up: true, last_interaction: { days_ago: 3, hours_ago: 75 } },
      }),
    )
    await heading()
    expect(requests[0]?.input).toMatchObject({ locale: 'es' })
    expect(rowValue('Estado')).toHaveTextContent('Archivado')
    expect(rowValue('Ciclo de crecimiento')).toHaveTextContent('Multiplicar')
    expect(rowValue('Espera seguimiento')).toHaveTextContent('No completado')
    expect(rowValue('Desde la última interacción')).toHaveTextContent('3 días')
    expect(screen.getByText('1 año')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Acciones del contacto' })).getByRole('link', { name: 'Añadir' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Propiedad' })).toBeInTheDocument()
  })
})
