import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { consentCalls, mergeCalls, type ContactMergePreview } from '@crm/domain'
import { apiBase } from '../../../lib/api'
import { changeLocale } from '../../../lib/i18n'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { annPreview, heading, loaded, openMerge, radioGroup } from './merge-contacts.fixtures'

afterEach(() => vi.restoreAllMocks())

describe('/contacts/duplicates/merge (issue 40 §1)', () => {
  it('shows both records, keeps the older by default, takes a chosen value from the other, confirms and lands on the kept contact', async () => {
    const { merges, previews, router, user } = openMerge(annPreview)
    await loaded()
    expect(await screen.findByRole('article', { name: 'Ann Baker, older record' })).toHaveTextContent(
      '3 interactions · 1 note · 0 events · 2 attendances · 1 relationship',
    )
    expect(previews).toEqual([{ team_id: '10', contact_id: '5', other_contact_id: '9' }])
    const anne = screen.getByRole('article', { name: 'Anne Baker, newer record' })
    expect(within(anne).getByRole('link', { name: 'Anne Baker' })).toHaveAttribute('href', '/contacts/view/9')
    expect(within(anne).getByText('Merged into the other record')).toBeInTheDocument()

    // The older record is kept by default; either may be.
    const keep = radioGroup('Record to keep')
    expect(keep.getByRole('radio', { name: 'Keep Ann Baker (older record)' })).toBeChecked()
    expect(keep.getByRole('radio', { name: 'Keep Anne Baker (newer record)' })).toBeEnabled()

    // Each value in words: lookups by their titles, choices by their labels, birth as month and year.
    expect(radioGroup('Name').getByRole('radio', { name: 'Ann Baker' })).toBeChecked()
    expect(radioGroup('Birth').getByRole('radio', { name: 'May 1980' })).toBeChecked()
    expect(radioGroup('Birth').getByRole('radio', { name: '1980' })).not.toBeChecked()
    expect(await screen.findByRole('radio', { name: 'Church member' })).toBeChecked()
    expect(radioGroup('Member status').getByRole('radio', { name: 'Visitor' })).toBeInTheDocument()
    expect(radioGroup('Marital status').getByRole('radio', { name: 'Widowed' })).toBeInTheDocument()
    expect(radioGroup('Address').getByRole('radio', { name: '9 Vine Rd, Perth, 6000, Australia' })).toBeInTheDocument()
    expect(radioGroup('Parent or carer').getByRole('radio', { name: 'Mary Baker · Mother · mary@example.org' })).toBeInTheDocument()
    expect(radioGroup('Parent or carer').getByRole('radio', { name: 'Tom Baker · Father · +61 412 555 001' })).toBeInTheDocument()
    expect(radioGroup('Consent').getByRole('radio', { name: 'Verbal · 4 Mar 2026' })).toBeInTheDocument()
    expect(radioGroup('Consent').getByRole('radio', { name: 'Photo of a signed form · 6 May 2026 · with a photo of the form' })).toBeInTheDocument()
    expect(radioGroup('Social media').getByRole('radio', { name: 'Instagram: @anne' })).toBeInTheDocument()
    expect(radioGroup('Name').getByText('From the newer record, Anne Baker')).toBeInTheDocument()

    // Anne's name is the one to keep, on Ann's (older) record.
    await user.click(radioGroup('Name').getByRole('radio', { name: 'Anne Baker' }))
    await user.click(screen.getByRole('button', { name: 'Merge records' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Merge Anne Baker into Ann Baker?' }))
    expect(
      dialog.getByText("Anne Baker's notes, interactions, events, attendance and relationships move to Ann Baker, with the details you chose."),
    ).toBeInTheDocument()
    expect(dialog.getByText("Anne Baker's record is closed, and its links open Ann Baker.")).toBeInTheDocument()
    expect(dialog.getByText("You can undo this for 30 days, from Ann Baker's page.")).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Merge' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/5'))
    expect(merges).toEqual([{ team_id: 10, contact_id: 5, other_contact_id: 9, from_other: ['name'] }])
    expect(await screen.findByText('Anne Baker was merged into this record. You can undo it here for 30 days.')).toBeInTheDocument()
  })

  it('keeps the record that signs in: the other way round is refused with the reason, and the choices follow the kept record', async () => {
    const preview = { ...annPreview, other_contact: { ...annPreview.other_contact, has_account: true } }
    const { merges, user } = openMerge(preview)
    await loaded()
    const keep = radioGroup('Record to keep')
    expect(keep.getByRole('radio', { name: 'Keep Anne Baker (newer record)' })).toBeChecked()
    const ann = keep.getByRole('radio', { name: 'Keep Ann Baker (older record)' })
    expect(ann).toBeDisabled()
    expect(keep.getByText('Anne Baker signs in to the app, so that record cannot be merged away.')).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Anne Baker, newer record' })).toHaveTextContent('Signs in to the app')
    // Anne's values by default; Ann's birth is taken from the record merged away.
    expect(radioGroup('Name').getByRole('radio', { name: 'Anne Baker' })).toBeChecked()
    await user.click(radioGroup('Birth').getByRole('radio', { name: 'May 1980' }))
    await user.click(screen.getByRole('button', { name: 'Merge records' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Merge Ann Baker into Anne Baker?' }))
    await user.click(dialog.getByRole('button', { name: 'Merge' }))
    await waitFor(() => expect(merges).toEqual([{ team_id: 10, contact_id: 9, other_contact_id: 5, from_other: ['birth'] }]))
  })

  it('says why a merge was refused: a record that signs in, or a record gone', async () => {
    const { user } = openMerge(annPreview)
    const refusals = [apiError('merge_has_account', 409, { name: 'Anne Baker' }), apiError('not_found', 404)]
    server.use(mockCall(mergeCalls.mergeContacts, () => refusals.shift() ?? apiError('internal_error', 500)))
    await loaded()
    const merge = async () => {
      await user.click(screen.getByRole('button', { name: 'Merge records' }))
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Merge' }))
      return screen.findByRole('alert')
    }
    expect(await merge()).toHaveTextContent(
      'Anne Baker signs in to the app, so that record cannot be merged away. Keep it, and merge the other record into it.',
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await merge()).toHaveTextContent('One of these records was not found: it may have been merged or removed already.')
  })

  it('says so when a record is gone, and when no pair was given', async () => {
    const gone = openMerge(() => apiError('not_found', 404))
    await heading()
    expect(await screen.findByRole('alert')).toHaveTextContent('One of these records was not found: it may have been merged or removed already.')
    gone.unmount()

    renderApp('/contacts/duplicates/merge')
    await heading()
    expect(screen.getByText('Choose a pair to merge on Possible duplicates.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to possible duplicates' })).toHaveAttribute('href', '/contacts/duplicates')
  })

  it("shows each record's photo where the group may read it, else says that it has one", async () => {
    const photos: string[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:photo-9')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    const preview: ContactMergePreview = {
      ...annPreview,
      choices: [{ group: 'photo', contact: { avatar_file_id: 31 }, other_contact: { avatar_file_id: 32 } }],
    }
    openMerge(preview)
    server.use(
      http.get(`${apiBase}${consentCalls.consentiaGetPhotoUrl.path}`, ({ request }) => {
        const query = new URL(request.url).searchParams
        photos.push(query.toString())
        // Ann is not in the selected group: her photo is refused.
        if (query.get('user_id') === '5') return HttpResponse.json({ code: 'not_found', message: 'not_found', data: { status: 404 } }, { status: 404 })
        return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } })
      }),
    )
    await loaded()
    const photo = radioGroup('Photo')
    expect(await photo.findByRole('img', { name: 'Photo of Anne Baker' })).toHaveAttribute('src', 'blob:photo-9')
    expect(photo.getAllByText('Has a photo')).toHaveLength(2)
    expect(photo.queryByRole('img', { name: 'Photo of Ann Baker' })).not.toBeInTheDocument()
    expect(photos.sort()).toEqual(['team_id=10&group_id=10&user_id=5&photo_id=31', 'team_id=10&group_id=10&user_id=9&photo_id=32'])
  })

  it('reads in Spanish, with the lookups in Spanish', async () => {
    await changeLocale('es')
    openMerge(annPreview)
    expect(await screen.findByRole('heading', { level: 1, name: 'Fusionar dos registros' }, { timeout: 5000 })).toBeInTheDocument()
    await screen.findByRole('radiogroup', { name: 'Registro que se conserva' })
    expect(radioGroup('Registro que se conserva').getByRole('radio', { name: 'Conservar a Ann Baker (registro más antiguo)' })).toBeChecked()
    expect(await screen.findByRole('radio', { name: 'Miembro de la iglesia' })).toBeChecked()
    expect(radioGroup('Estado civil').getByRole('radio', { name: 'Viudo/a' })).toBeInTheDocument()
    expect(radioGroup('Nacimiento').getByRole('radio', { name: /^may\.? 1980$/i })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Ann Baker, registro más antiguo' })).toHaveTextContent('3 interacciones · 1 nota')
  })
})
