import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactDataCalls } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { apiError, mockCall, server } from '../../../test/server'
import { buildErasure, openContactPage } from '../contact-data.fixtures'

const noticeOf = async (text: string) => (await screen.findByText(text)).closest('[role="note"]') as HTMLElement
const pendingNotice = () => noticeOf('This contact will be erased on 29 Nov 2026.')

describe("a pending erasure or de-identification on the contact's page (issue 40 §2)", () => {
  it('says when, who asked and why; Keep calls it off, says so, and the notice goes', async () => {
    const { calls, user } = await openContactPage({ erasures: [buildErasure()] })
    const notice = within(await pendingNotice())
    expect(notice.getByText('Asked by Ruth Miller on 22 Nov 2026: The person asked')).toBeInTheDocument()
    // While one is pending, the choice is not offered again.
    expect(screen.getByRole('region', { name: 'Personal data' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Erase or de-identify this contact…' })).not.toBeInTheDocument()

    await user.click(notice.getByRole('button', { name: 'Keep this contact' }))
    const kept = await screen.findByText('The erasure was called off: Ada Lovelace is kept.')
    expect(kept.closest('[role="status"]')).not.toBeNull()
    expect(calls.cancel).toEqual([{ team_id: 10, erasure_id: 3 }])
    await waitFor(() => expect(screen.queryByText(/will be erased on/)).not.toBeInTheDocument())
    expect(await screen.findByRole('button', { name: 'Erase or de-identify this contact…' })).toBeInTheDocument()
  })

  it('words a de-identification as one, and its calling off too', async () => {
    const { user } = await openContactPage({ erasures: [buildErasure({ mode: 'de_identify', reason: 'No longer needed' })] })
    const notice = within(await noticeOf('This contact will be de-identified on 29 Nov 2026.'))
    expect(notice.getByText('Asked by Ruth Miller on 22 Nov 2026: No longer needed')).toBeInTheDocument()
    expect(screen.queryByText(/will be erased/)).not.toBeInTheDocument()

    await user.click(notice.getByRole('button', { name: 'Keep this contact' }))
    expect(await screen.findByText('The de-identification was called off: Ada Lovelace is kept.')).toBeInTheDocument()
  })

  it("says the team's retention setting asked, not a person, when the schedule did", async () => {
    await openContactPage({ erasures: [buildErasure({ mode: 'de_identify', reason: '', requested_by_name: '', retention_months: 24 })] })
    const notice = within(await noticeOf('This contact will be de-identified on 29 Nov 2026.'))
    expect(notice.getByText("This team's retention setting: no activity for 24 months.")).toBeInTheDocument()
    expect(notice.queryByText(/Asked by/)).not.toBeInTheDocument()
  })

  it('says why Keep was refused, and the notice stays', async () => {
    const { user } = await openContactPage({ erasures: [buildErasure()] })
    server.use(mockCall(contactDataCalls.cancelContactErasure, () => apiError('erase_not_owner', 403)))
    await user.click(within(await pendingNotice()).getByRole('button', { name: 'Keep this contact' }))
    const refusal = await screen.findByText('Only the owners of the team that owns this contact can erase or de-identify it.')
    expect(refusal.closest('[role="alert"]')).not.toBeNull()
    expect(screen.getByText('This contact will be erased on 29 Nov 2026.')).toBeInTheDocument()
  })

  it('shows nothing for an erasure called off before', async () => {
    await openContactPage({ erasures: [buildErasure({ status: 'cancelled', cancelled_at: '2026-11-23T01:00:00.000Z', cancelled_by_name: 'Ruth Miller' })] })
    expect(await screen.findByRole('button', { name: 'Erase or de-identify this contact…' })).toBeInTheDocument()
    expect(screen.queryByText(/will be (erased|de-identified) on/)).not.toBeInTheDocument()
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    await openContactPage({ erasures: [buildErasure()] })
    expect(await screen.findByText('Este contacto se borrará el 29 nov 2026.')).toBeInTheDocument()
    expect(screen.getByText('Lo pidió Ruth Miller el 22 nov 2026: The person asked')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Conservar este contacto' })).toBeInTheDocument()
  })

  it('reads a de-identification in Spanish', async () => {
    await changeLocale('es')
    await openContactPage({ erasures: [buildErasure({ mode: 'de_identify' })] })
    expect(await screen.findByText('Este contacto se anonimizará el 29 nov 2026.')).toBeInTheDocument()
  })
})
