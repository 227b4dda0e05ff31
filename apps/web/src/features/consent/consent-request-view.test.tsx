import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { consentCalls, consentEmbedExtraHeight, consentLinkBindingDelayMs, copiedMessageMs } from '@crm/domain'
import { changeLocale } from '../../lib/i18n'
import { buildAccount, buildTeam } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { apiError, mockCall, server } from '../../test/server'
import { signedInAs } from '../../test/session'
import { ConsentRequestView, type ConsentRequestViewProps } from './components/consent-request-view'
import type { ParentDetails } from './components/parent-details'

const scope = { team_id: 10, group_id: 10 }
const mary: ParentDetails = { firstName: 'Mary', lastName: 'Reed', relationship: 'mother', email: 'mary@example.test', phone: null }
const key = 'k'.repeat(43)

afterEach(() => vi.useRealTimers())

function openView(props: Partial<ConsentRequestViewProps> = {}) {
  signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })]), { teamId: 10, groupId: 10 })
  const onClose = vi.fn()
  const onComplete = vi.fn()
  const view = renderWithProviders(
    <ConsentRequestView opened onClose={onClose} onComplete={onComplete} contactId={5} scope={scope} parent={mary} verbalLocked={false} {...props} />,
  )
  const dialog = () => within(screen.getByRole('dialog', { name: props.opened === false ? '' : /parental consent|consentimiento parental/ }))
  return { ...view, onClose, onComplete, dialog }
}

function serveQr() {
  const sent = { qr: [] as unknown[], email: [] as unknown[] }
  server.use(
    mockCall(consentCalls.consentiaQrForParent, ({ input }) => {
      sent.qr.push(input)
      return { qr_code: 'data:image/png;base64,iVBORw0KGgo=', url: `http://localhost:3000/consent/${key}` }
    }),
    mockCall(consentCalls.emailConsentiaQrUrlToParent, ({ input }) => {
      sent.email.push(input)
      return { success: true as const }
    }),
  )
  return sent
}

function serveEmbed(kind: 'photo' | 'sign' = 'photo') {
  const call = kind === 'photo' ? consentCalls.consentiaEmbedUrl : consentCalls.consentiaEmbedUrlForParentalConsent
  const sent: unknown[] = []
  server.use(
    mockCall(call, ({ input }) => {
      sent.push(input)
      return { url: `https://crm.example.test/consent/${key}?embed=1` }
    }),
  )
  return sent
}

/** A window message as the frame (or someone else) would post it. */
function post(data: unknown, options: { origin?: string; source?: Window | null } = {}) {
  const frame = document.querySelector('iframe')
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: options.origin ?? window.location.origin,
        source: options.source === undefined ? (frame?.contentWindow ?? null) : options.source,
      }),
    )
  })
}

const bound = () => new Promise((resolve) => setTimeout(resolve, consentLinkBindingDelayMs + 50))

describe('the consent request view', () => {
  it('D2-4.2-02 without the parent or carer first name and an email or phone it says so, links to the edit page and offers no method', async () => {
    const { dialog } = openView({ parent: null })
    expect(
      await screen.findByText("The parent or carer's first name and an email or phone number are needed before consent can be requested."),
    ).toBeInTheDocument()
    expect(dialog().getByRole('link', { name: 'Add them to the contact' })).toHaveAttribute('href', '/contacts/edit/5')
    expect(dialog().queryByRole('tab')).not.toBeInTheDocument()
  })

  it('D2-4.2-03 D2-7.3-03 D2-7.3-06 D2-9-12 Automatic: the QR code, the link to copy (Copied for 2 s) and the link by email', async () => {
    const sent = serveQr()
    const { dialog, user } = openView()
    expect(await dialog().findByRole('img', { name: 'QR code of the consent link for Mary' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=')
    expect(dialog().getByRole('textbox', { name: 'Consent link' })).toHaveValue(`http://localhost:3000/consent/${key}`)
    expect(sent.qr).toEqual([{ team_id: 10, group_id: 10, user_id: 5 }])

    await user.click(dialog().getByRole('button', { name: 'Email the link to Mary' }))
    expect(await dialog().findByText('The link was sent to mary@example.test.')).toBeInTheDocument()
    expect(sent.email).toEqual([{ team_id: 10, group_id: 10, user_id: 5 }])

    const write = vi.spyOn(navigator.clipboard, 'writeText')
    vi.useFakeTimers()
    fireEvent.click(dialog().getByRole('button', { name: 'Copy' }))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(write).toHaveBeenCalledWith(`http://localhost:3000/consent/${key}`)
    expect(dialog().getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(copiedMessageMs - 1))
    expect(dialog().getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(dialog().getByRole('button', { name: 'Copy' })).toBeInTheDocument()
  })

  it('without a parent email the link cannot be mailed; a failed link says why', async () => {
    server.use(mockCall(consentCalls.consentiaQrForParent, () => apiError('internal_error', 500)))
    const { dialog } = openView({ parent: { ...mary, email: null, phone: '+61 400 000 000' } })
    expect(await dialog().findByText('The link could not be made.')).toBeInTheDocument()
    serveQr()
    await act(async () => {
      dialog().getByRole('button', { name: 'Try again' }).click()
    })
    const email = await dialog().findByRole('button', { name: 'Email the link to Mary' })
    expect(email).toBeDisabled()
    expect(dialog().getByText('There is no email address for the parent or carer.')).toBeInTheDocument()
  })

  it('D2-4.2-04 D2-4.2-09 D2-9-14 D2-7.3-01 the photo upload frame: same origin, height = reported + 600 from its own frame only, after 600 ms', async () => {
    serveQr()
    const sent = serveEmbed('photo')
    const { dialog, user } = openView()
    await user.click(dialog().getByRole('tab', { name: 'Upload a photo' }))
    const frame = await dialog().findByTitle('Upload a photo of the signed consent form')
    // The link's path on this site: the frame is same origin whatever host the link names.
    expect(frame).toHaveAttribute('src', `/consent/${key}?embed=1`)
    expect(sent).toEqual([{ team_id: 10, group_id: 10, user_id: 5 }])
    const start = frame.getAttribute('height')

    // Not bound yet: a message in the first 600 ms changes nothing.
    post({ type: 'consent-embed-height', height: 50 })
    expect(frame).toHaveAttribute('height', start)
    await bound()

    post({ type: 'consent-embed-height', height: 900 })
    expect(frame).toHaveAttribute('height', String(900 + consentEmbedExtraHeight))
    // Another origin, another window, or a message of another shape: ignored.
    post({ type: 'consent-embed-height', height: 100 }, { origin: 'https://evil.example' })
    post({ type: 'consent-embed-height', height: 100 }, { source: window })
    post({ type: 'consent-embed-height', height: 'tall' })
    expect(frame).toHaveAttribute('height', String(900 + consentEmbedExtraHeight))
  })

  it('D2-4.2-07 D2-7.3-02 completion from the signing frame closes the view; another origin cannot complete it', async () => {
    serveQr()
    serveEmbed('sign')
    const { dialog, user, onClose, onComplete } = openView()
    await user.click(dialog().getByRole('tab', { name: 'Sign on this device' }))
    await dialog().findByTitle('Consent form for the parent or carer')
    await bound()
    post({ type: 'consent-embed-complete' }, { origin: 'https://evil.example' })
    expect(onClose).not.toHaveBeenCalled()
    post({ type: 'consent-embed-complete' })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(onComplete).toHaveBeenCalledTimes(1)
  })

  it('D2-4.2-05 D2-4.2-06 D2-7.3-09 verbal shows its form only after the tick, starts unticked and prefilled, and shows the server field errors', async () => {
    serveQr()
    const sent: Array<Record<string, unknown>> = []
    let answer: 'refuse' | 'accept' = 'refuse'
    server.use(
      mockCall(consentCalls.submitParentalConsentVerbal, ({ input }) => {
        sent.push(input as Record<string, unknown>)
        return answer === 'refuse'
          ? apiError('invalid_request', 400, {
              errors: { parent_carer_email: 'Invalid email address', notes: 'Too big: expected string to have <=5000 characters' },
              error_codes: { parent_carer_email: { code: 'invalid_email', params: {} }, notes: { code: 'too_long', params: { max: 5000 } } },
            })
          : { id: 31 }
      }),
    )
    const { dialog, user, onComplete } = openView()
    await user.click(dialog().getByRole('tab', { name: 'Verbal consent' }))
    expect(
      dialog().getByText('Other options should be tried first. Use verbal consent only when automatic and photo consent are unavailable.'),
    ).toBeInTheDocument()
    expect(dialog().queryByRole('form', { name: 'Verbal consent' })).not.toBeInTheDocument()
    await user.click(dialog().getByRole('checkbox', { name: 'I understand and confirm that other options are unavailable' }))
    const form = within(await dialog().findByRole('form', { name: 'Verbal consent' }))
    for (const label of [
      'Bible studies',
      'Spiritual discussions',
      'Counselling sessions',
      'One-on-one meetings',
      'Group studies',
      'Phone calls',
      'Electronic messages',
    ]) {
      expect(form.getByRole('checkbox', { name: label })).not.toBeChecked()
    }
    expect(form.getByRole('textbox', { name: /Parent or carer first name/ })).toHaveValue('Mary')
    expect(form.getByRole('textbox', { name: 'Parent or carer email' })).toHaveValue('mary@example.test')

    // The date is required.
    await user.click(form.getByRole('button', { name: 'Record verbal consent' }))
    expect(await form.findByText('Enter a valid date.')).toBeInTheDocument()
    expect(sent).toEqual([])

    await user.click(form.getByRole('checkbox', { name: 'Bible studies' }))
    await user.click(form.getByRole('checkbox', { name: 'Phone calls' }))
    fireEvent.change(form.getByLabelText(/Consent date/), { target: { value: '2026-11-20' } })
    await user.type(form.getByRole('textbox', { name: 'Notes' }), 'Spoke on the phone')
    await user.click(form.getByRole('button', { name: 'Record verbal consent' }))
    expect(await form.findByText('Enter a valid email address.')).toBeInTheDocument()
    expect(form.getByText('At most 5000 characters.')).toBeInTheDocument()
    expect(form.getByRole('alert')).toHaveTextContent('The verbal consent could not be recorded.')
    expect(sent[0]).toEqual({
      team_id: 10,
      group_id: 10,
      user_id: 5,
      verbal_confirmed: true,
      granted_permissions: {
        bible_studies: true,
        spiritual_discussions: false,
        counseling_sessions: false,
        one_on_one_meetings: false,
        group_studies: false,
        phone_calls: true,
        electronic_messages: false,
      },
      parent_carer_first_name: 'Mary',
      parent_carer_last_name: 'Reed',
      parent_carer_relationship: 'mother',
      parent_carer_email: 'mary@example.test',
      parent_carer_phone: null,
      notes: 'Spoke on the phone',
      date: '2026-11-20',
    })

    answer = 'accept'
    await user.click(form.getByRole('button', { name: 'Record verbal consent' }))
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1))
  })

  it('D2-4.2-11 once a non-verbal consent exists, verbal is disabled', async () => {
    serveQr()
    const { dialog } = openView({ verbalLocked: true })
    expect(await dialog().findByRole('tab', { name: 'Verbal consent' })).toBeDisabled()
    expect(dialog().getByText("Consent has been given, so verbal consent and 'I don't have consent yet' are not available.")).toBeInTheDocument()
  })

  it('fills the screen on a phone, not on a desktop', async () => {
    serveQr()
    window.innerWidth = 375
    const phone = openView()
    expect((await screen.findByRole('dialog')).closest('[data-full-screen]')).not.toBeNull()
    phone.unmount()
    window.innerWidth = 1024
    openView()
    expect((await screen.findByRole('dialog')).closest('[data-full-screen]')).toBeNull()
  })

  it('speaks Spanish', async () => {
    await changeLocale('es')
    serveQr()
    const { dialog } = openView()
    expect(await dialog().findByRole('img', { name: 'Código QR del enlace de consentimiento para Mary' })).toBeInTheDocument()
    expect(dialog().getByRole('tab', { name: 'Consentimiento verbal' })).toBeInTheDocument()
    expect(dialog().getByRole('button', { name: 'Enviar el enlace por correo a Mary' })).toBeInTheDocument()
  })
})
