import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { consentCalls, consentLinkBindingDelayMs, contactCalls } from '@crm/domain'
import { mockCall, server } from '../../test/server'
import { enter } from '../../test/user'
import { chooseConsent, fillAdult, makeChild, openNew, parentSection, submit, thisYear } from '../contacts/pages/contact-new-page.fixtures'

const key = 'k'.repeat(43)

/** A child of 10 with the parent's first name and email, and the given consent choice. */
async function addChild(choice: 'Upload a photo of consent' | 'Automatic (QR code or emailed link)') {
  const opened = await openNew()
  const { user } = opened
  const updates: Array<Record<string, unknown>> = []
  server.use(
    mockCall(consentCalls.consentiaEmbedUrl, { url: `http://localhost:3000/consent/${key}?embed=1` }),
    mockCall(consentCalls.consentiaQrForParent, { qr_code: 'data:image/png;base64,AAAA', url: `http://localhost:3000/consent/${key}` }),
    mockCall(contactCalls.updateUser, ({ input }) => {
      updates.push(input as Record<string, unknown>)
      return { success: true as const }
    }),
  )
  await fillAdult(user)
  await makeChild(user)
  const parent = within(parentSection()!)
  await enter(user, parent.getByRole('textbox', { name: /^Parent or carer first name/ }), 'Pat')
  await enter(user, parent.getByRole('textbox', { name: 'Parent or carer email' }), 'pat@example.test')
  await chooseConsent(user, choice)
  await user.click(submit())
  await waitFor(() => expect(opened.creates).toHaveLength(1))
  const dialog = within(await screen.findByRole('dialog', { name: 'Get parental consent' }))
  return { ...opened, updates, dialog }
}

describe('the add flow: a child with Automatic or Photo', () => {
  it('D2-4.2-08 Photo opens the request view for the new contact; completion sends the rest of the form and opens the contact', async () => {
    const { dialog, router, updates } = await addChild('Upload a photo of consent')
    expect(dialog.getByText("Until consent is on record only the child's name, gender, birth date and parent or carer are kept.")).toBeInTheDocument()
    expect(dialog.getByRole('tab', { name: 'Upload a photo' })).toHaveAttribute('aria-selected', 'true')
    const frame = (await dialog.findByTitle('Upload a photo of the signed consent form')) as HTMLIFrameElement
    expect(router.state.location.pathname).toBe('/contacts/new')
    await new Promise((resolve) => setTimeout(resolve, consentLinkBindingDelayMs + 50))
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'consent-embed-complete' }, origin: window.location.origin, source: frame.contentWindow }),
      )
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
    // What the server did not keep before consent is sent again, for the new contact.
    expect(updates).toHaveLength(1)
    expect(updates[0]).toMatchObject({
      team_id: 10,
      group_id: 10,
      user_id: 99,
      first_name: 'Mary',
      last_name: 'Jones',
      member_status: 'member',
      dob_year: thisYear - 11,
      parent_carer_first_name: 'Pat',
    })
    expect(updates[0]).not.toHaveProperty('consent_type')
    expect(router.state.location.state).toEqual({ flash: { message: 'Consent recorded.' } })
  })

  it('Automatic opens on the QR code; closing the view opens the new contact without sending anything more', async () => {
    const { dialog, router, updates, user } = await addChild('Automatic (QR code or emailed link)')
    expect(await dialog.findByRole('img', { name: 'QR code of the consent link for Pat' })).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
    expect(updates).toEqual([])
  })
})
