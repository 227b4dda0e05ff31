import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { consentCalls, contactCalls, copiedMessageMs, lookupCalls, qrDecisions, type ContactItem } from '@crm/domain'
import { changeLocale } from '../../lib/i18n'
import { buildAccount, buildGroup, buildTeam } from '../../test/fixtures'
import { renderApp } from '../../test/render'
import { apiError, mockCall, server } from '../../test/server'
import { signedInAs } from '../../test/session'
import { enter } from '../../test/user'
import { buildContactItem } from '../contacts/pages/contact-view.fixtures'

const youth = buildGroup({ id: 12, title: 'Youth', is_public: true, user_role: 'member' })
const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [youth] })
const qrAnswer = { qr_code: 'data:image/png;base64,iVBORw0KGgo=', url: `http://localhost:3000/consent/${'Q'.repeat(43)}` }
const emptyList = { items: [], count: 0, max_pages: 1 }

afterEach(() => {
  vi.useRealTimers()
})

/** Signs in to a group of Grace Church, at /contacts, and records the QR card calls. */
function openContacts(groupId = 10) {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId })
  const sent = { qr: [] as unknown[], email: [] as unknown[] }
  server.use(
    mockCall(contactCalls.contacts, emptyList),
    mockCall(contactCalls.assignedContacts, emptyList),
    mockCall(contactCalls.archivedContacts, emptyList),
    mockCall(lookupCalls.lookups, { items: [] }),
    mockCall(consentCalls.consentiaQrNew, ({ input }) => {
      sent.qr.push(input)
      return qrAnswer
    }),
    mockCall(consentCalls.emailConsentiaQrUrlToNewUser, ({ input }) => {
      sent.email.push(input)
      return { success: true as const }
    }),
  )
  return { ...renderApp('/contacts'), sent }
}

const dialog = () => within(screen.getByRole('dialog'))

describe('the QR card (consentia-qr-new)', () => {
  it("sits with the page's actions in the header, beside Switch group, not in a band of its own", async () => {
    openContacts()
    const qrCard = await screen.findByRole('button', { name: 'QR card' }, { timeout: 5000 })
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Switch group' }).parentElement).toContainElement(qrCard)
  })

  it('D2-7.3-05 D2-9-11 offers all five decisions at first, creates the card with the chosen ones and assignment, shows its QR code and link', async () => {
    const { user, sent } = openContacts()
    await user.click(await screen.findByRole('button', { name: 'QR card' }, { timeout: 5000 }))
    expect(dialog().getByRole('heading', { name: 'QR card for new people' })).toBeInTheDocument()
    const boxes = ['Follow Jesus', 'Learn more', 'Prayer', 'Serve', 'Newsletter'].map((name) => dialog().getByRole('checkbox', { name }))
    for (const box of boxes) expect(box).toBeChecked()
    expect(dialog().getByRole('checkbox', { name: 'Assign new contacts to me' })).not.toBeChecked()

    await user.click(dialog().getByRole('checkbox', { name: 'Serve' }))
    await user.click(dialog().getByRole('checkbox', { name: 'Assign new contacts to me' }))
    await user.click(dialog().getByRole('button', { name: 'Create' }))

    expect(await dialog().findByRole('img', { name: 'QR code of the link' })).toHaveAttribute('src', qrAnswer.qr_code)
    expect(dialog().getByRole('textbox', { name: 'Link' })).toHaveValue(qrAnswer.url)
    expect(sent.qr).toEqual([{ team_id: 10, group_id: 10, settings: { decisions: ['follow_jesus', 'learn_more', 'prayer', 'newsletter'], assign: 'self' } }])
  })

  it("D2-9-12 Copy says 'Copied' for two seconds; Print prints the card alone", async () => {
    const { user } = openContacts()
    await user.click(await screen.findByRole('button', { name: 'QR card' }, { timeout: 5000 }))
    await user.click(dialog().getByRole('button', { name: 'Create' }))
    await dialog().findByRole('textbox', { name: 'Link' })

    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      // While the dialog is open only the card is printed (print-card.css).
      expect(document.body).toHaveClass('qr-card-printing')
    })
    await user.click(dialog().getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledTimes(1)
    window.dispatchEvent(new Event('afterprint'))
    expect(document.body).not.toHaveClass('qr-card-printing')

    const write = vi.spyOn(navigator.clipboard, 'writeText')
    vi.useFakeTimers()
    fireEvent.click(dialog().getByRole('button', { name: 'Copy' }))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(write).toHaveBeenCalledWith(qrAnswer.url)
    expect(dialog().getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(copiedMessageMs - 1))
    expect(dialog().getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(dialog().getByRole('button', { name: 'Copy' })).toBeInTheDocument()
  })

  it('D2-7.3-07 emails the link to a name and an email, with the card’s settings; both are required', async () => {
    const { user, sent } = openContacts()
    await user.click(await screen.findByRole('button', { name: 'QR card' }, { timeout: 5000 }))
    await user.click(dialog().getByRole('button', { name: 'Create' }))
    await dialog().findByRole('textbox', { name: 'Link' })

    await user.click(dialog().getByRole('button', { name: 'Send' }))
    expect(await dialog().findByText('This field is required.')).toBeInTheDocument()
    expect(dialog().getByText('Enter a valid email address.')).toBeInTheDocument()
    expect(sent.email).toHaveLength(0)

    await enter(user, dialog().getByRole('textbox', { name: /Name/ }), 'Pat Visitor')
    await enter(user, dialog().getByRole('textbox', { name: /Email/ }), 'pat@example.com')
    await user.click(dialog().getByRole('button', { name: 'Send' }))
    expect(await dialog().findByText('The link has been sent to pat@example.com.')).toBeInTheDocument()
    expect(sent.email).toEqual([
      { team_id: 10, group_id: 10, user_name: 'Pat Visitor', user_email: 'pat@example.com', settings: { decisions: [...qrDecisions], assign: '' } },
    ])
  })

  it('a failed card says so and stays on the settings', async () => {
    const { user } = openContacts()
    server.use(mockCall(consentCalls.consentiaQrNew, () => apiError('internal_error', 500)))
    await user.click(await screen.findByRole('button', { name: 'QR card' }, { timeout: 5000 }))
    await user.click(dialog().getByRole('button', { name: 'Create' }))
    expect(await dialog().findByRole('alert')).toHaveTextContent('Error')
    expect(dialog().getByRole('checkbox', { name: 'Prayer' })).toBeInTheDocument()
  })

  it('is not offered to a caller without create_contact (a member in a group)', async () => {
    openContacts(12)
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument())
    expect(youth.user_capabilities.create_contact).not.toBe(true)
    expect(screen.queryByRole('button', { name: 'QR card' })).not.toBeInTheDocument()
  })

  it('speaks Spanish', async () => {
    await changeLocale('es')
    const { user } = openContacts()
    await user.click(await screen.findByRole('button', { name: 'Tarjeta QR' }, { timeout: 5000 }))
    expect(dialog().getByRole('checkbox', { name: 'Seguir a Jesús' })).toBeChecked()
    expect(dialog().getByRole('checkbox', { name: 'Asignarme los nuevos contactos' })).toBeInTheDocument()
    expect(dialog().getByRole('button', { name: 'Crear' })).toBeInTheDocument()
    await changeLocale('en')
  })
})

/** Signs in to Grace Church's primary group at the contact's page; records the update-link calls. */
function openContact(item: ContactItem) {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const sent = { qr: [] as unknown[], email: [] as unknown[] }
  server.use(
    mockCall(contactCalls.contactAssignments, emptyList),
    mockCall(contactCalls.contactGroups, emptyList),
    mockCall(consentCalls.contactConsents, { items: [], request: null, can_update: true }),
    mockCall(contactCalls.contact, item),
    mockCall(consentCalls.consentiaQrForUser, ({ input }) => {
      sent.qr.push(input)
      return qrAnswer
    }),
    mockCall(consentCalls.emailConsentiaQrUrlToUser, ({ input }) => {
      sent.email.push(input)
      return { success: true as const }
    }),
  )
  return { ...renderApp('/contacts/view/5'), sent }
}

describe('asking an adult contact to update details (consentia-qr-for-user)', () => {
  it('D2-5-16 D2-7.3-04 D2-7.3-08 Create stays disabled until a field is chosen; the link goes by QR, copy or mail to the contact', async () => {
    const { user, sent } = openContact(buildContactItem({ view: { email: 'ada@example.com' } }))
    await user.click(await screen.findByRole('button', { name: 'Ask to update details' }, { timeout: 5000 }))
    const create = dialog().getByRole('button', { name: 'Create' })
    expect(create).toBeDisabled()
    expect(create).toHaveAccessibleDescription('Choose at least one field.')
    await user.click(dialog().getByRole('checkbox', { name: 'Phone' }))
    await user.click(dialog().getByRole('checkbox', { name: 'Email' }))
    expect(create).toBeEnabled()
    await user.click(create)

    expect(await dialog().findByRole('img', { name: 'QR code of the link' })).toBeInTheDocument()
    // Sent in the list's order, whatever the order they were ticked in.
    expect(sent.qr).toEqual([{ team_id: 10, group_id: 10, user_id: 5, fields: ['email', 'phone'] }])
    expect(dialog().getByRole('textbox', { name: /Name/ })).toHaveValue('Ada Lovelace')
    expect(dialog().getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example.com')
    await user.click(dialog().getByRole('button', { name: 'Send' }))
    expect(await dialog().findByText('The link has been sent to ada@example.com.')).toBeInTheDocument()
    expect(sent.email).toEqual([
      { team_id: 10, group_id: 10, user_id: 5, user_name: 'Ada Lovelace', user_email: 'ada@example.com', fields: ['email', 'phone'] },
    ])
  })

  it('is not offered for a child', async () => {
    openContact(buildContactItem({ view: { is_child: true, age: 12 } }))
    expect(await screen.findByRole('group', { name: 'Contact actions' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Ask to update details' })).not.toBeInTheDocument()
  })
})
