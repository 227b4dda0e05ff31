import { render, screen, waitFor, within, fireEvent } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { consentCalls, consentPermissions, type ConsentPage } from '@crm/domain'
import { apiBase } from '../../lib/api'
import { apiError, mockCall, server } from '../../test/server'
import { enter, setupUser } from '../../test/user'
import { MantineProvider } from '@mantine/core'
import { ConsentPageAt } from './consent-app'
import { changeConsentLocale } from './consent-texts'

const key = 'A'.repeat(40) + 'b_-'
const submitUrl = `${apiBase}/submit-consent/${key}`
// The first bytes of every PNG: what the signature pad's canvas gives.
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function buildPage(overrides: Partial<ConsentPage> = {}): ConsentPage {
  return {
    purpose: 'parental',
    mode: 'signature',
    team_name: 'Hillside Church',
    requested_by_name: 'Ruth Leader',
    contact_first_name: 'Sam',
    parent: { first_name: 'Ann', last_name: 'Parent', relationship: 'mother', email: 'ann@example.com', phone: null },
    fields: [],
    decisions: [],
    permissions: [...consentPermissions],
    ...overrides,
  }
}

function openPage(page: ConsentPage | Response, search = '') {
  server.use(mockCall(consentCalls.consentPage, () => page))
  const user = setupUser()
  render(
    <MantineProvider env="test">
      <ConsentPageAt location={{ pathname: `/consent/${key}`, search }} />
    </MantineProvider>,
  )
  return user
}

/** Records the multipart body the page sends: field names and values in order, files as File. */
function recordSubmit() {
  const sent: { entries: [string, FormDataEntryValue][] }[] = []
  server.use(
    http.post(submitUrl, async ({ request }) => {
      const form = await request.formData()
      sent.push({ entries: [...form.entries()] })
      return HttpResponse.json({ success: true })
    }),
  )
  return sent
}

function drawSignature() {
  const pad = screen.getByRole('img', { name: 'Signature pad' })
  fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 })
  fireEvent.pointerMove(pad, { pointerId: 1, clientX: 60, clientY: 40 })
  fireEvent.pointerUp(pad, { pointerId: 1 })
}

beforeEach(() => {
  // jsdom draws nothing: a canvas context that takes strokes, and a PNG for its picture.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    beginPath() {},
    moveTo() {},
    lineTo() {},
    stroke() {},
    clearRect() {},
  } as unknown as CanvasRenderingContext2D)
  HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback) {
    callback(new Blob([pngBytes], { type: 'image/png' }))
  }
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('the consent page, parental, signature mode', () => {
  it('D2-3.4-03 says who asks and for whom, and lists the seven permissions with nothing chosen', async () => {
    openPage(buildPage())
    expect(await screen.findByRole('heading', { name: 'Consent for Sam' })).toBeInTheDocument()
    expect(screen.getByText('Ruth Leader of Hillside Church asks for your consent to care for Sam.')).toBeInTheDocument()
    const groups = screen.getAllByRole('radiogroup')
    expect(groups).toHaveLength(7)
    const bible = screen.getByRole('radiogroup', { name: 'Bible studies' })
    expect(bible).toHaveAccessibleDescription(/take part in Bible studies/)
    for (const group of groups) {
      for (const radio of within(group).getAllByRole('radio')) expect(radio).not.toBeChecked()
    }
    // The parent's details come prefilled.
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Ann')
    expect(screen.getByRole('combobox', { name: 'Relationship' })).toHaveValue('mother')
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.com')
  })

  it('asks for every permission and a signature before it sends anything', async () => {
    const sent = recordSubmit()
    const user = openPage(buildPage())
    await screen.findByRole('heading', { name: 'Consent for Sam' })
    await user.click(within(screen.getByRole('radiogroup', { name: 'Bible studies' })).getByRole('radio', { name: 'Grant' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the errors to continue.')
    expect(screen.getAllByText('Choose Grant or Deny.')).toHaveLength(6)
    expect(screen.getByText('Please sign before you submit.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
  })

  it('sends the answers as multipart, the signature last as a PNG, then thanks', async () => {
    const sent = recordSubmit()
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const user = openPage(buildPage())
    await screen.findByRole('heading', { name: 'Consent for Sam' })
    for (const [index, group] of screen.getAllByRole('radiogroup').entries()) {
      await user.click(within(group).getByRole('radio', { name: index % 2 === 0 ? 'Grant' : 'Deny' }))
    }
    await enter(user, screen.getByRole('textbox', { name: 'Phone' }), '0400 000 000')
    drawSignature()
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Thank you. Your answer has been sent to Hillside Church.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()

    expect(sent).toHaveLength(1)
    const entries = sent[0]!.entries
    const names = entries.map(([name]) => name)
    expect(names.at(-1)).toBe('signature')
    expect((entries.at(-1)![1] as File).type).toBe('image/png')
    // jsdom's Blob cannot be read once it went through Node's fetch: its bytes are read from
    // the FormData the page handed to fetch.
    const file = (fetchSpy.mock.calls.at(-1)![1]!.body as FormData).get('signature') as File
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pngBytes)
    const values = (name: string) => entries.filter(([field]) => field === name).map(([, value]) => value)
    expect(values('granted_permissions')).toEqual(['bible_studies', 'counseling_sessions', 'group_studies', 'electronic_messages'])
    expect(values('parent_carer_first_name')).toEqual(['Ann'])
    expect(values('parent_carer_relationship')).toEqual(['mother'])
    expect(values('parent_carer_phone')).toEqual(['0400 000 000'])
  })

  it('Clear wipes the signature', async () => {
    const sent = recordSubmit()
    const user = openPage(buildPage({ permissions: ['phone_calls'] }))
    await screen.findByRole('heading', { name: 'Consent for Sam' })
    await user.click(screen.getByRole('radio', { name: 'Deny' }))
    drawSignature()
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Please sign before you submit.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
  })

  it('shows a refused answer under its field', async () => {
    server.use(
      http.post(submitUrl, () =>
        apiError('invalid_request', 400, {
          errors: { parent_carer_email: 'This is not a valid email address.', signature: 'The file must be a PNG image.' },
        }),
      ),
    )
    const user = openPage(buildPage({ permissions: ['phone_calls'] }))
    await screen.findByRole('heading', { name: 'Consent for Sam' })
    await user.click(screen.getByRole('radio', { name: 'Grant' }))
    drawSignature()
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('This is not a valid email address.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('This is not a valid email address.')
    expect(screen.getByRole('img', { name: 'Signature pad' })).toHaveAccessibleDescription(/The file must be a PNG image\./)
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the errors to continue.')
  })
})

describe('the consent page, other keys', () => {
  it('a used, expired or unknown key shows that the link has expired under the page’s heading, and no form', async () => {
    openPage(apiError('key_invalid', 400))
    expect(await screen.findByRole('alert')).toHaveTextContent('The link has expired.')
    // A page without a level-one heading is axe's page-has-heading-one (issue 37).
    expect(screen.getByRole('heading', { level: 1, name: 'Consent' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()
  })

  it('reopening a link already answered says it was answered, not that it expired, and shows no form (issue 35 item 11)', async () => {
    openPage(apiError('key_invalid', 400, { answered: true }))
    expect(await screen.findByText('This link has already been answered. Thank you.')).toBeInTheDocument()
    expect(screen.queryByText('The link has expired.')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()
  })

  it('says it in Spanish too', async () => {
    await changeConsentLocale('es')
    try {
      openPage(apiError('key_invalid', 400, { answered: true }))
      expect(await screen.findByText('Este enlace ya fue respondido. Gracias.')).toBeInTheDocument()
    } finally {
      await changeConsentLocale('en')
    }
  })

  it('an answer sent on a link answered meanwhile (another tab) says it was answered', async () => {
    server.use(http.post(submitUrl, () => apiError('key_invalid', 400, { answered: true })))
    const user = openPage(buildPage({ permissions: ['phone_calls'] }))
    await screen.findByRole('heading', { name: 'Consent for Sam' })
    await user.click(screen.getByRole('radio', { name: 'Grant' }))
    drawSignature()
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('This link has already been answered. Thank you.')).toBeInTheDocument()
  })

  it('a path without a well-formed key shows the same, without asking the server', async () => {
    render(
      <MantineProvider env="test">
        <ConsentPageAt location={{ pathname: '/consent/short', search: '' }} />
      </MantineProvider>,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('The link has expired.')
  })

  it('D2-4.2-04 photo mode: checks the file in the browser and sends date, details, permissions and the file last', async () => {
    const sent = recordSubmit()
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const user = openPage(buildPage({ mode: 'photo', permissions: ['bible_studies', 'phone_calls'] }))
    const input = await screen.findByLabelText(/Photo or scan of the signed form/)
    expect(input).toHaveAccessibleDescription('JPEG, PNG, HEIC or PDF, at most 10 MB.')
    expect(screen.getByText(/^Upload a photo of the paper form signed by the parent or carer of/)).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Signature pad' })).not.toBeInTheDocument()

    // As a browser that ignores accept would: the page checks the type itself.
    fireEvent.change(input, { target: { files: [new File(['hello'], 'form.txt', { type: 'text/plain' })] } })
    expect(await screen.findByText('The file must be a JPEG, PNG, HEIC or PDF.')).toBeInTheDocument()
    const huge = new File(['x'], 'form.pdf', { type: 'application/pdf' })
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 })
    fireEvent.change(input, { target: { files: [huge] } })
    expect(await screen.findByText('The file may be at most 10 MB.')).toBeInTheDocument()

    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'form.pdf', { type: 'application/pdf' })] } })
    expect(screen.queryByText('The file may be at most 10 MB.')).not.toBeInTheDocument()
    await user.click(within(screen.getByRole('radiogroup', { name: 'Bible studies' })).getByRole('radio', { name: 'Grant' }))
    await user.click(within(screen.getByRole('radiogroup', { name: 'Phone calls' })).getByRole('radio', { name: 'Deny' }))
    fireEvent.change(screen.getByLabelText(/Date on the form/), { target: { value: '2026-11-20' } })
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('The consent has been recorded.')).toBeInTheDocument()

    const entries = sent[0]!.entries
    expect(entries.at(-1)![0]).toBe('photo')
    expect(((fetchSpy.mock.calls.at(-1)![1]!.body as FormData).get('photo') as File).name).toBe('form.pdf')
    expect(entries.filter(([name]) => name === 'date').map(([, value]) => value)).toEqual(['2026-11-20'])
    expect(entries.filter(([name]) => name === 'granted_permissions').map(([, value]) => value)).toEqual(['bible_studies'])
  })

  it('contact: asks only the chosen fields and the tick, and sends them', async () => {
    let body: unknown
    server.use(
      mockCall(consentCalls.submitContactUpdate, ({ input }) => {
        body = input
        return { success: true as const }
      }),
    )
    const user = openPage(buildPage({ purpose: 'contact', contact_first_name: 'Lee', parent: null, permissions: [], fields: ['email', 'phone'] }))
    expect(await screen.findByRole('heading', { name: 'Update your details' })).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /First name/ })).not.toBeInTheDocument()
    await enter(user, screen.getByRole('textbox', { name: 'Email' }), 'lee@example.com')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Tick this to agree to be contacted')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'I agree to be contacted by Hillside Church.' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Thank you. Your details have been sent to Hillside Church.')).toBeInTheDocument()
    expect(body).toEqual({ consent: true, email: 'lee@example.com' })
  })

  it('new contact (a QR card): details, decisions and the tick; then the next visitor', async () => {
    const bodies: unknown[] = []
    server.use(
      mockCall(consentCalls.submitNewContact, ({ input }) => {
        bodies.push(input)
        return { success: true as const }
      }),
    )
    const user = openPage(buildPage({ purpose: 'new_contact', contact_first_name: null, parent: null, permissions: [], decisions: ['follow_jesus', 'prayer'] }))
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument()
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('value') ?? '')).toContain('prayer')
    expect(screen.queryByRole('checkbox', { name: 'Serve' })).not.toBeInTheDocument()
    await enter(user, screen.getByRole('textbox', { name: /First name/ }), 'Jo')
    await enter(user, screen.getByRole('textbox', { name: 'Last name' }), 'Visitor')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'female')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Birth month' }), '3')
    await enter(user, screen.getByRole('spinbutton', { name: 'Birth year' }), '1990')
    await user.click(screen.getByRole('checkbox', { name: 'Prayer' }))
    await user.click(screen.getByRole('checkbox', { name: 'I agree to be contacted by Hillside Church.' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Thank you. Hillside Church will be in touch.')).toBeInTheDocument()
    expect(bodies[0]).toEqual({ consent: true, first_name: 'Jo', last_name: 'Visitor', gender: 'female', dob_month: 3, dob_year: 1990, decisions: ['prayer'] })

    await user.click(screen.getByRole('button', { name: 'Another person' }))
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('')
    expect(screen.getByRole('checkbox', { name: 'Prayer' })).not.toBeChecked()
  })
})

describe('the consent page, embedded and in Spanish', () => {
  it('D2-4.2-09 posts its height on load and on resize, and its completion, to its own origin only; no page chrome', async () => {
    let resized: ResizeObserverCallback | undefined
    const original = window.ResizeObserver
    window.ResizeObserver = class {
      constructor(callback: ResizeObserverCallback) {
        resized = callback
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver
    const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined)
    try {
      recordSubmit()
      const user = openPage(buildPage({ permissions: ['phone_calls'] }), '?embed=1')
      await screen.findByRole('heading', { name: 'Consent for Sam' })
      expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument()
      expect(post).toHaveBeenCalledWith({ type: 'consent-embed-height', height: 0 }, window.location.origin)

      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 812.4 } as DOMRect)
      resized?.([], {} as ResizeObserver)
      expect(post).toHaveBeenLastCalledWith({ type: 'consent-embed-height', height: 813 }, window.location.origin)

      await user.click(screen.getByRole('radio', { name: 'Grant' }))
      drawSignature()
      await user.click(screen.getByRole('button', { name: 'Submit' }))
      await waitFor(() => expect(post).toHaveBeenCalledWith({ type: 'consent-embed-complete' }, window.location.origin))
      for (const call of post.mock.calls) expect(call[1]).toBe(window.location.origin)
    } finally {
      window.ResizeObserver = original
    }
  })

  it('speaks Spanish, and the language switch changes it', async () => {
    const user = openPage(buildPage())
    await screen.findByRole('heading', { name: 'Consent for Sam' })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es')
    expect(await screen.findByRole('heading', { name: 'Consentimiento para Sam' })).toBeInTheDocument()
    expect(screen.getByRole('radiogroup', { name: 'Estudios bíblicos' })).toBeInTheDocument()
    expect(screen.getAllByRole('radio', { name: 'Conceder' })).toHaveLength(7)
    expect(document.cookie).toContain('locale=es')
    await changeConsentLocale('en')
  })

  it("an adult's own signed form: the page names no parent or carer", async () => {
    openPage(buildPage({ mode: 'photo', contact_first_name: 'Adam', parent: null }))
    expect(
      await screen.findByText('Upload a photo of the consent form Adam signed, with the details and permissions as ticked on the form.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/parent or carer of/)).not.toBeInTheDocument()
  })
})
