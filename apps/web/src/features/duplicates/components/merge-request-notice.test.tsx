import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls, mergeCalls, type ContactMergePreview, type ContactMergeRequest, type InputOf } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildContactItem, contactPageSideCalls } from '../../contacts/pages/contact-view.fixtures'

/** Hope Chapel asks Grace Church (the reader's team) to merge Ada Byron (9) into Ada Lovelace (5). */
function buildRequest(overrides: Partial<ContactMergeRequest> = {}): ContactMergeRequest {
  return {
    id: 31,
    contact_id: 5,
    other_contact_id: 9,
    contact_name: 'Ada Lovelace',
    other_name: 'Ada Byron',
    from_other: ['name', 'email'],
    requesting_team_id: 20,
    requesting_team_name: 'Hope Chapel',
    requested_by_name: 'Olivia Owner',
    created_at: '2026-11-22T01:00:00.000Z',
    status: 'pending',
    teams: [{ team_id: 10, title: 'Grace Church', approved: null }],
    awaits_this_team: true,
    merge_id: null,
    ...overrides,
  }
}

const noCounts = { interactions: 0, notes: 0, events: 0, attendance: 0, relationships: 0 }
const preview: ContactMergePreview = {
  contact: { id: 5, name: 'Ada Lovelace', has_account: false, counts: noCounts },
  other_contact: { id: 9, name: 'Ada Byron', has_account: false, counts: noCounts },
  choices: [],
}

interface OpenOptions {
  role?: 'owner' | 'leader'
  /** The contact page opened. */
  contactId?: number
  /** What each decision answers; the requests are empty once one is not pending. */
  decide?: (input: InputOf<typeof mergeCalls.decideContactMergeRequest>) => ContactMergeRequest | Response
  /** Whether this team holds both records (the merge preview answers). */
  holdsBoth?: boolean
}

/** Opens a contact page of Grace Church with `requests` pending on it. */
function openContact(requests: ContactMergeRequest[], { role = 'owner', contactId = 5, decide, holdsBoth = true }: OpenOptions = {}) {
  signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role })]), { teamId: 10, groupId: 10 })
  let current = requests
  const asked: Array<InputOf<typeof mergeCalls.contactMergeRequests>> = []
  const decided: Array<InputOf<typeof mergeCalls.decideContactMergeRequest>> = []
  const contactReads: number[] = []
  server.use(
    ...contactPageSideCalls(),
    mockCall(contactCalls.contact, ({ params }) => {
      const id = Number(params['id'])
      contactReads.push(id)
      return id === 9 ? buildContactItem({ view: { id: 9, name: 'Ada Byron', first_name: 'Ada', last_name: 'Byron' } }) : buildContactItem()
    }),
    mockCall(mergeCalls.contactMergeRequests, ({ input }) => {
      asked.push(input)
      return { data: current }
    }),
    mockCall(mergeCalls.contactMergePreview, () => (holdsBoth ? preview : apiError('not_found', 404))),
    mockCall(mergeCalls.decideContactMergeRequest, ({ input }) => {
      decided.push(input)
      const answer = decide?.(input) ?? buildRequest({ status: input.approve ? 'merged' : 'declined', merge_id: input.approve ? 77 : null })
      // Decided (or refused as decided already): no longer pending.
      if (answer instanceof Response || answer.status !== 'pending') current = []
      return answer
    }),
  )
  return { ...renderApp(`/contacts/view/${contactId}`), asked, decided, contactReads }
}

const heading = (name = 'Ada Lovelace') => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 })
const noticeOf = async (text: RegExp | string) => (await screen.findByText(text)).closest('[role="note"]') as HTMLElement

describe("a merge request on the contact's page (issue 40 §1)", () => {
  it('says what another team asks, and agreeing as the last team merges: the page says so and reads the contact again', async () => {
    const { asked, decided, contactReads, user } = openContact([buildRequest()])
    await heading()
    const notice = within(await noticeOf('Hope Chapel asks to merge Ada Byron into Ada Lovelace.'))
    expect(asked).toEqual([{ team_id: '10', contact_id: '5' }])
    expect(notice.getByText('Asked by Olivia Owner on 22 Nov 2026.')).toBeInTheDocument()
    expect(
      notice.getByText(
        "This record is kept, and takes Ada Byron's notes, interactions, events, attendance and relationships. Details taken from Ada Byron: Name and Email.",
      ),
    ).toBeInTheDocument()
    // This team holds both: the merge page compares them.
    expect(await notice.findByRole('link', { name: 'Compare the two records' })).toHaveAttribute(
      'href',
      '/contacts/duplicates/merge?contact_id=5&other_contact_id=9',
    )
    const readsBefore = contactReads.length

    // Grace Church is the only answer missing: agreeing merges.
    await user.click(notice.getByRole('button', { name: 'Agree and merge Ada Byron into Ada Lovelace' }))
    expect(await screen.findByText('Ada Byron was merged into this record. You can undo it here for 30 days.')).toBeInTheDocument()
    expect(decided).toEqual([{ team_id: 10, request_id: 31, approve: true }])
    await waitFor(() => expect(screen.queryByText(/asks to merge/)).not.toBeInTheDocument())
    expect(contactReads.length).toBeGreaterThan(readsBefore)
  })

  it('declines only once confirmed, and says so; "Agree" while other teams have still to answer', async () => {
    const request = buildRequest({
      teams: [
        { team_id: 10, title: 'Grace Church', approved: null },
        { team_id: 30, title: 'River Church', approved: null },
      ],
      from_other: [],
    })
    const { decided, user } = openContact([request])
    await heading()
    const notice = within(await noticeOf('Hope Chapel asks to merge Ada Byron into Ada Lovelace.'))
    expect(notice.getByText(/Where both records have a detail, Ada Lovelace's is kept\.$/)).toBeInTheDocument()
    const teams = within(notice.getByRole('list', { name: 'Teams that must agree' }))
    expect(teams.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Grace ChurchNot answered yet', 'River ChurchNot answered yet'])
    expect(notice.getByRole('button', { name: 'Agree to merging Ada Byron into Ada Lovelace' })).toHaveTextContent(/^Agree$/)

    await user.click(notice.getByRole('button', { name: 'Decline merging Ada Byron into Ada Lovelace' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline the merge?' }))
    expect(dialog.getByText('Ada Byron and Ada Lovelace stay two records, and Hope Chapel is told that your team declined.')).toBeInTheDocument()
    // Cancelled: nothing is sent.
    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(decided).toEqual([])

    await user.click(notice.getByRole('button', { name: 'Decline merging Ada Byron into Ada Lovelace' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Decline the merge?' })).getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText('You declined merging Ada Byron into Ada Lovelace: they stay two records.')).toBeInTheDocument()
    expect(decided).toEqual([{ team_id: 10, request_id: 31, approve: false }])
    await waitFor(() => expect(screen.queryByText(/asks to merge/)).not.toBeInTheDocument())
  })

  it('says whom the merge still waits for after agreeing', async () => {
    const request = buildRequest({
      teams: [
        { team_id: 10, title: 'Grace Church', approved: null },
        { team_id: 30, title: 'River Church', approved: null },
      ],
    })
    const agreed = buildRequest({ ...request, teams: [{ ...request.teams[0]!, approved: true }, request.teams[1]!], awaits_this_team: false })
    const { user } = openContact([request], { decide: () => agreed })
    await heading()
    await user.click(await screen.findByRole('button', { name: 'Agree to merging Ada Byron into Ada Lovelace' }))
    expect(await screen.findByText('You agreed to merging Ada Byron into Ada Lovelace. They are merged once River Church agree too.')).toBeInTheDocument()
  })

  it("shows the team that asked whom it waits for, without buttons, and names a child it may not see as 'A child'", async () => {
    const mine = buildRequest({
      other_name: '',
      requesting_team_id: 10,
      requesting_team_name: 'Grace Church',
      teams: [
        { team_id: 20, title: 'Hope Chapel', approved: true },
        { team_id: 30, title: 'River Church', approved: null },
      ],
      awaits_this_team: false,
    })
    openContact([mine])
    await heading()
    const notice = within(await noticeOf('Waiting for River Church to agree to merging A child into Ada Lovelace.'))
    expect(notice.getByText('Asked by Olivia Owner on 22 Nov 2026.')).toBeInTheDocument()
    expect(notice.queryByRole('button')).not.toBeInTheDocument()
    expect(notice.queryByRole('link')).not.toBeInTheDocument()
  })

  it('moves to the record kept when the record on the page is merged away, and offers no comparison where the team holds one record', async () => {
    const { router, user } = openContact([buildRequest()], { contactId: 9, holdsBoth: false })
    await heading('Ada Byron')
    const notice = within(await noticeOf('Hope Chapel asks to merge Ada Byron into Ada Lovelace.'))
    expect(notice.getByText(/^This record is closed, and its links open Ada Lovelace\./)).toBeInTheDocument()
    await user.click(notice.getByRole('button', { name: 'Agree and merge Ada Byron into Ada Lovelace' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/5'))
    await heading()
    expect(await screen.findByText('Ada Byron was merged into this record. You can undo it here for 30 days.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Compare the two records' })).not.toBeInTheDocument()
  })

  it('says why an answer was refused, and the notice goes when the request was answered meanwhile', async () => {
    const { user } = openContact([buildRequest()], { decide: () => apiError('merge_request_decided', 409) })
    await heading()
    await user.click(await screen.findByRole('button', { name: 'Agree and merge Ada Byron into Ada Lovelace' }))
    const refusal = await screen.findByText('This merge request was answered already.')
    expect(refusal.closest('[role="alert"]')).not.toBeNull()
    // Read again, the request is gone; the page still says why.
    await waitFor(() => expect(screen.queryByText(/asks to merge/)).not.toBeInTheDocument())
    expect(screen.getByText('This merge request was answered already.')).toBeInTheDocument()
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    openContact([buildRequest()])
    const notice = within(await noticeOf('Hope Chapel pide fusionar a Ada Byron con Ada Lovelace.'))
    expect(notice.getByText('Lo pidió Olivia Owner el 22 nov 2026.')).toBeInTheDocument()
    expect(notice.getByRole('button', { name: 'Aceptar y fusionar a Ada Byron con Ada Lovelace' })).toBeInTheDocument()
    expect(notice.getByRole('button', { name: 'Rechazar la fusión de Ada Byron con Ada Lovelace' })).toBeInTheDocument()
    expect(notice.getByText(/Datos que se toman de Ada Byron: Nombre y Correo electrónico\.$/)).toBeInTheDocument()
  })

  it('is not asked for by who may not merge in the team', async () => {
    const { asked } = openContact([buildRequest()], { role: 'leader' })
    await heading()
    expect(asked).toEqual([])
    expect(screen.queryByText(/asks to merge/)).not.toBeInTheDocument()
  })
})
