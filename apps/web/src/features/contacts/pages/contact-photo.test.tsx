import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { consentCalls, contactCalls, interactionCalls, lookupCalls, type ContactItem } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { apiBase } from '../../../lib/api'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { setupUser } from '../../../test/user'
import { buildContactItem } from './contact-view.fixtures'

const youth = buildGroup({ id: 12, title: 'Youth', is_public: true })
const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [youth] })
const emptyList = { items: [], count: 0, max_pages: 1 }
const photoAddress = (photoId: number) => `/api/v1/consentia-get-photo-url?team_id=10&group_id=10&user_id=5&photo_id=${photoId}`

/** Serves the contact (whatever `current` holds when asked) and records the photo requests. */
function openContact(current: () => ContactItem) {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const photoRequests: Array<{ url: URL; authorization: string | null }> = []
  server.use(
    mockCall(contactCalls.contactAssignments, emptyList),
    mockCall(contactCalls.contactGroups, emptyList),
    mockCall(consentCalls.contactConsents, { items: [], request: null, can_update: true }),
    // An adult's page opens on Interactions.
    mockCall(interactionCalls.contactInteractions, emptyList),
    mockCall(interactionCalls.contactInteractionsStudies, { items: {}, items_other: [] }),
    mockCall(lookupCalls.lookups, { items: [] }),
    mockCall(contactCalls.contact, () => current()),
    http.get(`${apiBase}${consentCalls.consentiaGetPhotoUrl.path}`, ({ request }) => {
      photoRequests.push({ url: new URL(request.url), authorization: request.headers.get('Authorization') })
      return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } })
    }),
  )
  renderApp('/contacts/view/5')
  return { photoRequests }
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' }, { timeout: 5000 })
const withPhoto = (photoId: number | null, capabilities?: Parameters<typeof buildContactItem>[0]) =>
  buildContactItem({ view: { avatar: photoId === null ? null : photoAddress(photoId) }, ...capabilities })

let objectUrls = 0
beforeEach(() => {
  objectUrls = 0
  URL.createObjectURL = vi.fn(() => `blob:photo-${++objectUrls}`)
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => vi.restoreAllMocks())

describe("the contact's photo on the profile card (spec 2 §2.2, issue 13)", () => {
  it('D2-2.2-06 fetches the photo with the bearer token and shows it through an object URL', async () => {
    const { photoRequests } = openContact(() => withPhoto(31))
    await heading()
    const image = await screen.findByRole('img', { name: 'Photo of Ada Lovelace' }, { timeout: 5000 })
    expect(image).toHaveAttribute('src', 'blob:photo-1')
    expect(photoRequests).toHaveLength(1)
    expect(photoRequests[0]?.authorization).toMatch(/^Bearer /)
    expect(Object.fromEntries(photoRequests[0]!.url.searchParams)).toEqual({ team_id: '10', group_id: '10', user_id: '5', photo_id: '31' })
  })

  it('shows the initials and fetches nothing without a photo', async () => {
    const { photoRequests } = openContact(() => withPhoto(null))
    await heading()
    expect(screen.getByText('AL')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Photo of Ada Lovelace' })).not.toBeInTheDocument()
    expect(photoRequests).toHaveLength(0)
  })

  it('uploads a new photo as multipart (scope first, file last), reads the contact again and shows the new photo', async () => {
    let item = withPhoto(null)
    const sent: Array<[string, string]> = []
    openContact(() => item)
    server.use(
      http.post(`${apiBase}${consentCalls.uploadContactAvatar.path}`, async ({ request }) => {
        const form = await request.formData()
        for (const [name, value] of form.entries()) sent.push([name, typeof value === 'string' ? value : `file:${value.type}`])
        item = withPhoto(32)
        return HttpResponse.json({ avatar: photoAddress(32) })
      }),
    )
    await heading()
    const user = setupUser()
    await user.upload(screen.getByLabelText('Change photo'), new File(['jpeg'], 'ada.jpg', { type: 'image/jpeg' }))
    expect(await screen.findByRole('img', { name: 'Photo of Ada Lovelace' }, { timeout: 5000 })).toHaveAttribute('src', 'blob:photo-1')
    expect(screen.getByText('Photo saved.')).toHaveAttribute('role', 'status')
    expect(sent).toEqual([
      ['team_id', '10'],
      ['group_id', '10'],
      ['user_id', '5'],
      ['file', 'file:image/jpeg'],
    ])
  })

  it('D1-5-13 offers image files only, and refuses a wrong type in the browser with the reason, sending nothing', async () => {
    let uploads = 0
    openContact(() => withPhoto(null))
    server.use(http.post(`${apiBase}${consentCalls.uploadContactAvatar.path}`, () => (uploads++, HttpResponse.json({ avatar: photoAddress(1) }))))
    await heading()
    expect(screen.getByLabelText('Change photo')).toHaveAttribute('accept', 'image/jpeg,image/png,image/heic')
    // As a browser would let one pick any file ("All files"): the check is the page's, not the accept list's.
    const user = userEvent.setup({ delay: null, applyAccept: false })
    await user.upload(screen.getByLabelText('Change photo'), new File(['%PDF'], 'form.pdf', { type: 'application/pdf' }))
    expect(await screen.findByText('The photo must be a JPEG, PNG or HEIC image.')).toHaveAttribute('role', 'alert')
    expect(uploads).toBe(0)
  })

  it("shows a refused upload's field error from the server", async () => {
    openContact(() => withPhoto(null))
    server.use(
      http.post(`${apiBase}${consentCalls.uploadContactAvatar.path}`, () =>
        apiError('invalid_request', 400, { errors: { file: 'The file must be one of: JPEG, PNG, HEIC' } }),
      ),
    )
    await heading()
    await setupUser().upload(screen.getByLabelText('Change photo'), new File(['x'], 'ada.png', { type: 'image/png' }))
    expect(await screen.findByText('The file must be one of: JPEG, PNG, HEIC')).toHaveAttribute('role', 'alert')
  })

  it("offers the photo as a button in the reader's language, not the browser's 'Choose File'", async () => {
    await changeLocale('es')
    openContact(() => withPhoto(null))
    expect(await screen.findByRole('button', { name: 'Cambiar foto' }, { timeout: 5000 })).toBeVisible()
    expect(screen.queryByText(/Choose File|No file chosen/)).not.toBeInTheDocument()
    await changeLocale('en')
  })

  it('offers no Change photo to a reader without the update capability', async () => {
    openContact(() => withPhoto(31, { capabilities: { update_contact: false, update_assigned_contact: false } }))
    await heading()
    expect(screen.queryByLabelText('Change photo')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change photo' })).not.toBeInTheDocument()
  })
})
