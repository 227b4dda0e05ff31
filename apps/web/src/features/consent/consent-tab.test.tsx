import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { consentCalls, consentLinkBindingDelayMs, contactCalls, type ContactConsents, type ContactItem, type ParentalConsentRecord } from '@crm/domain'
import { changeLocale } from '../../lib/i18n'
import { buildAccount, buildTeam } from '../../test/fixtures'
import { renderApp } from '../../test/render'
import { apiError, mockCall, server } from '../../test/server'
import { signedInAs } from '../../test/session'
import { buildContactItem } from '../contacts/pages/contact-view.fixtures'
import { activeTabStorageKey } from '../contacts/components/view/contact-tabs'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })
const key = 'k'.repeat(43)

function buildRecord(overrides: Partial<ParentalConsentRecord> & Pick<ParentalConsentRecord, 'id'>): ParentalConsentRecord {
  return {
    consentia_id: overrides.id,
    type: 'direct',
    by_name: 'Mary Reed',
    by_relationship: 'mother',
    by_email: 'mary@example.test',
    by_phone: '+61 400 000 000',
    created_display: '20 Nov 2026',
    consent_date: '20 Nov 2026',
    notes: null,
    signature: null,
    photo_evidence: null,
    to_id: 7,
    to_name: 'Ruth Miller',
    granted_permissions: [],
    denied_permissions: [],
    other_team_members: [],
    revoked_display: null,
    revoked_by_name: null,
    ...overrides,
  }
}

const child = (view: Partial<ContactItem['data_view'] & object> = {}) =>
  buildContactItem({
    role: 'leader',
    view: {
      is_child: true,
      age: 12,
      consent_given: true,
      consent_type: 'direct',
      parent_carer_first_name: 'Mary',
      parent_carer_last_name: 'Reed',
      parent_carer_email: 'mary@example.test',
      ...view,
    },
  })

/** Serves contact 5 and its consents from a list revoke changes; counts what was asked. */
function serveConsents(initial: ParentalConsentRecord[], options: { item?: ContactItem; request?: ContactConsents['request'] } = {}) {
  let items = [...initial]
  const sent = { lists: 0, contact: 0, revokes: [] as unknown[], files: [] as Array<Record<string, string>> }
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  // A child whose consent is given opens on Interactions unless Consent was the tab chosen last.
  window.localStorage.setItem(activeTabStorageKey, 'consent')
  server.use(
    mockCall(contactCalls.contact, () => {
      sent.contact++
      return options.item ?? child()
    }),
    mockCall(contactCalls.contactAssignments, { items: [], count: 0, max_pages: 1 }),
    mockCall(consentCalls.contactConsents, () => {
      sent.lists++
      return { items, request: options.request ?? null, can_update: true }
    }),
    mockCall(consentCalls.revokeParentConsent, ({ input }) => {
      sent.revokes.push(input)
      items = items.map((record) =>
        record.consentia_id === input.consentia_id ? { ...record, revoked_display: '24 Nov 2026', revoked_by_name: 'Ruth Miller' } : record,
      )
      return { success: true as const }
    }),
    mockCall(consentCalls.consentiaGetSignatureUrl, ({ input, headers }) => {
      sent.files.push({ ...(input as Record<string, string>), authorization: headers.get('authorization') ?? '' })
      return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } })
    }),
    mockCall(
      consentCalls.consentiaGetParentalConsentPhotoUrl,
      () => new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf' } }),
    ),
  )
  return { ...renderApp('/contacts/view/5'), sent }
}

const consentPanel = async () => {
  // The Consent tab is the first: it opens with the page.
  const tab = await screen.findByRole('tab', { name: 'Consent' }, { timeout: 5000 })
  expect(tab).toHaveAttribute('aria-selected', 'true')
  return within(screen.getByRole('tabpanel'))
}

let created = 0
beforeEach(() => {
  created = 0
  URL.createObjectURL = vi.fn(() => `blob:file-${++created}`)
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => vi.useRealTimers())

describe('the Consent tab', () => {
  it('D2-2.2-18 D2-3.4-01 D2-3.4-02 D2-3.4-03 D2-7.3-10 D2-7.3-11 lists each record: type, by whom, date, granted and denied permissions, notes, the signature and the photo', async () => {
    const { sent } = serveConsents([
      buildRecord({
        id: 2,
        granted_permissions: ['bible_studies', 'phone_calls'],
        denied_permissions: ['counseling_sessions', 'one_on_one_meetings', 'group_studies', 'spiritual_discussions', 'electronic_messages'],
        notes: 'Happy for Sunday school follow-up',
        signature: 41,
        other_team_members: ['Joan Avery'],
      }),
      buildRecord({ id: 1, type: 'photo', photo_evidence: 42, granted_permissions: ['group_studies'], denied_permissions: [] }),
    ])
    const panel = await consentPanel()
    const [signed, photo] = await panel.findAllByRole('article')
    const record = within(signed!)
    expect(record.getByText('Signed online')).toBeInTheDocument()
    expect(record.getByText('Mary Reed, Mother')).toBeInTheDocument()
    expect(record.getByText('mary@example.test')).toBeInTheDocument()
    expect(record.getByText('Ruth Miller')).toBeInTheDocument()
    expect(record.getByText('Joan Avery')).toBeInTheDocument()
    expect(record.getByText('Happy for Sunday school follow-up')).toBeInTheDocument()
    const permissions = within(record.getByRole('list', { name: 'Permissions' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    // Granted and denied say so in words, not by colour alone.
    expect(permissions).toEqual([
      'Granted: Bible studies',
      'Denied: Spiritual discussions',
      'Denied: Counselling sessions',
      'Denied: One-on-one meetings',
      'Denied: Group studies',
      'Granted: Phone calls',
      'Denied: Electronic messages',
    ])
    // The signature is fetched with the session's token and shown through an object URL.
    expect(await record.findByRole('img', { name: 'Signature of Mary Reed' })).toHaveAttribute('src', expect.stringMatching(/^blob:file-/))
    expect(sent.files[0]).toMatchObject({ team_id: '10', group_id: '10', consentia_id: '2', signature_id: '41', authorization: 'Bearer test-token' })
    // A PDF photo is a download link.
    expect(within(photo!).getByText('Photo of a signed form')).toBeInTheDocument()
    expect(await within(photo!).findByRole('link', { name: 'Download the signed form (PDF)' })).toHaveAttribute('href', expect.stringMatching(/^blob:file-/))
  })

  it('D2-4.2-03 shows the latest link: its status, its dates and where it was sent', async () => {
    serveConsents([], {
      item: child({ consent_given: false, consent_type: null }),
      request: {
        status: 'viewed',
        sent_to: 'mary@example.test',
        created_display: '20 Nov 2026',
        sent_display: '20 Nov 2026',
        viewed_display: '21 Nov 2026',
        submitted_display: null,
        expires_display: '20 Dec 2026',
      },
    })
    const panel = await consentPanel()
    const link = within(await panel.findByRole('region', { name: 'Consent link' }))
    expect(link.getByText('Viewed')).toBeInTheDocument()
    expect(link.getByText('Sent 20 Nov 2026 · Viewed 21 Nov 2026')).toBeInTheDocument()
    expect(link.getByText('Sent to mary@example.test')).toBeInTheDocument()
    expect(link.getByText('The link works until 20 Dec 2026.')).toBeInTheDocument()
    expect(panel.getByText('Nothing found.')).toBeInTheDocument()
  })

  it('D2-4.2-10 revokes a record after confirmation; it stays, greyed, with the date and who revoked it', async () => {
    const { user, sent } = serveConsents([buildRecord({ id: 3, granted_permissions: ['bible_studies'] })])
    const panel = await consentPanel()
    await user.click(await panel.findByRole('button', { name: 'Revoke' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this consent?' }))
    expect(dialog.getByText('The record stays, marked as revoked. The contact will need parental consent again.')).toBeInTheDocument()
    expect(sent.revokes).toEqual([])
    const listsBefore = sent.lists
    const contactBefore = sent.contact
    await user.click(dialog.getByRole('button', { name: 'Revoke consent' }))
    await waitFor(() => expect(sent.revokes).toEqual([{ team_id: 10, group_id: 10, user_id: 5, consentia_id: 3 }]))
    // The tab and the contact are read again.
    expect(await panel.findByText('Revoked on 24 Nov 2026 by Ruth Miller')).toBeInTheDocument()
    expect(sent.lists).toBeGreaterThan(listsBefore)
    expect(sent.contact).toBeGreaterThan(contactBefore)
    expect(panel.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument()
  })

  it('D3-8-01 a failed revoke closes the dialog; the tab says why and the record stands', async () => {
    const { user, sent } = serveConsents([buildRecord({ id: 3, granted_permissions: ['bible_studies'] })])
    server.use(
      mockCall(consentCalls.revokeParentConsent, ({ input }) => {
        sent.revokes.push(input)
        return apiError('internal_error', 500)
      }),
    )
    const panel = await consentPanel()
    await user.click(await panel.findByRole('button', { name: 'Revoke' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this consent?' }))
    await user.click(dialog.getByRole('button', { name: 'Revoke consent' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(panel.getByRole('alert')).toHaveTextContent('The consent could not be revoked.')
    expect(sent.revokes).toHaveLength(1)
    expect(panel.getByRole('button', { name: 'Revoke' })).toBeInTheDocument()
    // Asking again starts afresh.
    await user.click(panel.getByRole('button', { name: 'Revoke' }))
    expect(await screen.findByRole('dialog', { name: 'Revoke this consent?' })).toBeInTheDocument()
    expect(panel.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('D2-4.2-01 D2-4.2-07 a minor with no consent: the notice opens the request view; completion closes it and reads the contact and tab again', async () => {
    const { user, sent } = serveConsents([], { item: child({ consent_given: false, consent_type: null }) })
    server.use(mockCall(consentCalls.consentiaEmbedUrl, { url: `http://localhost:3000/consent/${key}?embed=1` }))
    server.use(mockCall(consentCalls.consentiaQrForParent, { qr_code: 'data:image/png;base64,AAAA', url: `http://localhost:3000/consent/${key}` }))
    await consentPanel()
    const notice = screen
      .getByText('This contact is a child and needs the consent of a parent or carer.')
      .closest('[role="alert"], .mantine-Alert-root') as HTMLElement
    await user.click(within(notice).getByRole('button', { name: 'Get parental consent' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Get parental consent' }))
    await user.click(dialog.getByRole('tab', { name: 'Upload a photo' }))
    const frame = (await dialog.findByTitle('Upload a photo of the signed consent form')) as HTMLIFrameElement
    await new Promise((resolve) => setTimeout(resolve, consentLinkBindingDelayMs + 50))
    const listsBefore = sent.lists
    const contactBefore = sent.contact
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'consent-embed-complete' }, origin: window.location.origin, source: frame.contentWindow }),
      )
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Get parental consent' })).not.toBeInTheDocument())
    await waitFor(() => expect(sent.contact).toBeGreaterThan(contactBefore))
    await waitFor(() => expect(sent.lists).toBeGreaterThan(listsBefore))
  })

  it("D2-4.2-11 the tab's request view offers verbal only while no non-verbal consent stands", async () => {
    server.use(mockCall(consentCalls.consentiaQrForParent, { qr_code: 'data:image/png;base64,AAAA', url: `http://localhost:3000/consent/${key}` }))
    // A signed answer that declined: consent may be asked again, but not verbally.
    const signed = serveConsents([buildRecord({ id: 4 }), buildRecord({ id: 3, type: 'verbal' })], {
      item: child({ consent_given: false, consent_declined: true, parental_consent_declined: true }),
    })
    let panel = await consentPanel()
    await signed.user.click(await panel.findByRole('button', { name: 'Get parental consent' }))
    let dialog = within(await screen.findByRole('dialog', { name: 'Get parental consent' }))
    expect(dialog.getByRole('tab', { name: 'Verbal consent' })).toBeDisabled()
    signed.unmount()

    // A revoked photo consent no longer stands.
    const revoked = serveConsents([buildRecord({ id: 4, type: 'photo', revoked_display: '1 Nov 2026', revoked_by_name: 'Ruth Miller' })], {
      item: child({ consent_given: false, consent_type: null }),
    })
    panel = await consentPanel()
    await revoked.user.click(await panel.findByRole('button', { name: 'Get parental consent' }))
    dialog = within(await screen.findByRole('dialog', { name: 'Get parental consent' }))
    expect(dialog.getByRole('tab', { name: 'Verbal consent' })).toBeEnabled()
  })

  it("issue 35 item 11: an adult's verbal consent given when they were added shows on the tab, not 'Nothing found'", async () => {
    const adult = buildContactItem({
      role: 'leader',
      view: { is_child: false, age: 40, consent_given: true, consent_type: 'verbal', consent_date: '2026-02-03', consent_content: 'Happy to be contacted.' },
      most_recent_consent: {
        ...buildRecord({ id: 0 }),
        id: null,
        consentia_id: null,
        type: 'verbal',
        by_name: 'Ada Lovelace',
        by_relationship: null,
        by_email: 'ada@example.test',
        created_display: '3 Feb 2026',
        consent_date: '3 Feb 2026',
        notes: 'Happy to be contacted.',
        to_id: null,
        to_name: null,
        date: '2026-02-03',
        content: 'Happy to be contacted.',
      },
    })
    serveConsents([], { item: adult })
    const panel = await consentPanel()
    const record = within(await panel.findByRole('article', { name: 'Verbal' }))
    expect(record.getByText('Ada Lovelace')).toBeInTheDocument()
    expect(record.getByText('3 Feb 2026')).toBeInTheDocument()
    expect(record.getByText('Happy to be contacted.')).toBeInTheDocument()
    expect(record.getByText("Recorded with the contact's details.")).toBeInTheDocument()
    // Nothing on record to revoke: the consent is the contact's own.
    expect(record.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument()
    expect(panel.queryByText('Nothing found.')).not.toBeInTheDocument()
  })

  it("issue 35 item 11: once a child's consent is given, neither the tab nor the page offers 'Get parental consent'", async () => {
    serveConsents([buildRecord({ id: 3, type: 'verbal', granted_permissions: ['bible_studies'] })])
    const panel = await consentPanel()
    expect(await panel.findByRole('article', { name: 'Verbal' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Get parental consent' })).not.toBeInTheDocument()
  })

  it('issue 35 item 10: an adult saved without consent shows the needs-consent notice, whose action records consent in the contact form', async () => {
    const adult = buildContactItem({ role: 'leader', view: { is_child: false, age: 40, consent_given: false, consent_type: null } })
    serveConsents([], { item: adult })
    const text = await screen.findByText('This contact has not given consent yet, so only their name and gender are kept.', {}, { timeout: 5000 })
    const notice = text.closest('.mantine-Alert-root') as HTMLElement
    expect(within(notice).getByText('Consent')).toBeInTheDocument()
    expect(within(notice).getByRole('link', { name: 'Record consent' })).toHaveAttribute('href', '/contacts/edit/5')
    expect(screen.queryByRole('button', { name: 'Get parental consent' })).not.toBeInTheDocument()
  })

  it('issue 35 item 10: the notice names no action to a reader who may not edit the contact, and speaks Spanish', async () => {
    await changeLocale('es')
    const adult = buildContactItem({ role: 'member', view: { is_child: false, age: 40, consent_given: false, consent_type: null } })
    serveConsents([], { item: adult })
    expect(
      await screen.findByText('Este contacto aún no ha dado su consentimiento, así que solo se guardan su nombre y su género.', {}, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Registrar el consentimiento' })).not.toBeInTheDocument()
  })

  it('issue 35 item 10: with consent declined, an adult shows the declined banner, not the needs-consent notice', async () => {
    serveConsents([], { item: buildContactItem({ role: 'leader', view: { consent_given: false, consent_declined: true } }) })
    expect(await screen.findByText('This person has declined consent.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByText(/has not given consent yet/)).not.toBeInTheDocument()
  })

  it('revokes the object URL of a file when it leaves the screen', async () => {
    const { unmount } = serveConsents([buildRecord({ id: 2, signature: 41 })])
    const panel = await consentPanel()
    await panel.findByRole('img', { name: 'Signature of Mary Reed' })
    unmount()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file-1')
  })

  it('speaks Spanish', async () => {
    await changeLocale('es')
    serveConsents([
      buildRecord({
        id: 3,
        type: 'verbal',
        granted_permissions: ['bible_studies'],
        denied_permissions: ['phone_calls'],
        revoked_display: '24 nov 2026',
        revoked_by_name: 'Ruth Miller',
      }),
    ])
    await screen.findByRole('tab', { name: 'Consentimiento' }, { timeout: 5000 })
    const panel = within(screen.getByRole('tabpanel'))
    expect(await panel.findByText('Revocado el 24 nov 2026 por Ruth Miller')).toBeInTheDocument()
    // The relationship is stored as its code and read in the reader's language (issue 36).
    expect(panel.getByText('Mary Reed, Madre')).toBeInTheDocument()
    expect(panel.getByText('Concedido')).toBeInTheDocument()
    expect(panel.getByText(': Estudios bíblicos', { exact: false })).toBeInTheDocument()
    expect(panel.getByText('Denegado')).toBeInTheDocument()
  })

  it("an adult's own signed form chosen in the contact form is uploaded from the tab, through the embedded photo form", async () => {
    const adult = buildContactItem({ role: 'leader', view: { is_child: false, age: 40, consent_given: true, consent_type: 'photo' } })
    const embeds: unknown[] = []
    server.use(
      mockCall(consentCalls.consentiaEmbedUrl, ({ input }) => {
        embeds.push(input)
        return { url: `http://crm.test/consent/${key}?embed=1` }
      }),
    )
    const { user } = serveConsents([], { item: adult })
    const panel = await consentPanel()
    expect(await panel.findByText('The signed form is not uploaded yet.')).toBeInTheDocument()
    await user.click(panel.getByRole('button', { name: 'Upload the signed form' }))
    const view = await screen.findByRole('dialog', { name: 'Get consent' })
    const frame = await within(view).findByTitle('Upload a photo of the signed consent form')
    expect(frame).toHaveAttribute('src', `/consent/${key}?embed=1`)
    expect(embeds).toEqual([{ team_id: 10, group_id: 10, user_id: 5 }])
  })

  it('offers no upload once the photo is on record', async () => {
    const adult = buildContactItem({ role: 'leader', view: { is_child: false, age: 40, consent_given: true, consent_type: 'photo' } })
    serveConsents([buildRecord({ id: 3, type: 'photo', photo_evidence: 9 })], { item: adult })
    const panel = await consentPanel()
    expect(await panel.findByText('Photo of a signed form')).toBeInTheDocument()
    expect(panel.queryByRole('button', { name: 'Upload the signed form' })).not.toBeInTheDocument()
  })
})
