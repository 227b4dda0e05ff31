import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { mergeCalls, type ContactMergeRequest, type InputOf } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { apiError, mockCall, server } from '../../../test/server'
import { annPreview, loaded, openMerge, radioGroup } from './merge-contacts.fixtures'

// A merge other teams' owners must agree to, on the merge page (issue 40 §1).

/** Grace Church asks Hope Chapel and River Church to agree to merging Anne (9) into Ann (5), with Anne's name. */
function buildRequest(overrides: Partial<ContactMergeRequest> = {}): ContactMergeRequest {
  return {
    id: 41,
    contact_id: 5,
    other_contact_id: 9,
    contact_name: 'Ann Baker',
    other_name: 'Anne Baker',
    from_other: ['name'],
    requesting_team_id: 10,
    requesting_team_name: 'Grace Church',
    requested_by_name: 'Olivia Owner',
    created_at: '2026-11-22T01:00:00.000Z',
    status: 'pending',
    teams: [
      { team_id: 20, title: 'Hope Chapel', approved: null },
      { team_id: 30, title: 'River Church', approved: null },
    ],
    awaits_this_team: false,
    merge_id: null,
    ...overrides,
  }
}

/** The merge page with `pending` as the requests naming Ann; each request asked is recorded and then pending. */
function openWithRequests(pending: ContactMergeRequest[] = []) {
  const opened = openMerge(annPreview)
  let current = pending
  const reads: Array<InputOf<typeof mergeCalls.contactMergeRequests>> = []
  const asked: Array<InputOf<typeof mergeCalls.requestContactMerge>> = []
  const decided: Array<InputOf<typeof mergeCalls.decideContactMergeRequest>> = []
  const merges: Array<InputOf<typeof mergeCalls.mergeContacts>> = []
  server.use(
    mockCall(mergeCalls.mergeContacts, ({ input }) => {
      merges.push(input)
      return apiError('merge_other_team', 409, { teams: ['Hope Chapel', 'River Church'] })
    }),
    mockCall(mergeCalls.contactMergeRequests, ({ input }) => {
      reads.push(input)
      return { data: current }
    }),
    mockCall(mergeCalls.requestContactMerge, ({ input }) => {
      asked.push(input)
      const request = buildRequest({ from_other: input.from_other ?? [] })
      current = [request]
      return request
    }),
    mockCall(mergeCalls.decideContactMergeRequest, ({ input }) => {
      decided.push(input)
      current = []
      return buildRequest({ status: input.approve ? 'merged' : 'declined', merge_id: input.approve ? 78 : null, awaits_this_team: false })
    }),
  )
  return { ...opened, reads, asked, decided, merges }
}

const mergeButton = () => screen.queryByRole('button', { name: 'Merge records' })
const teamAnswers = () =>
  within(screen.getByRole('list', { name: 'Teams that must agree' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('a merge other teams must agree to, on the merge page (issue 40 §1)', () => {
  it('says which teams must agree when the merge is refused, and asks them with the same merge: the teams and their answers show', async () => {
    const { merges, asked, reads, user } = openWithRequests()
    await loaded()
    expect(reads).toEqual([{ team_id: '10', contact_id: '5' }])
    await user.click(radioGroup('Name').getByRole('radio', { name: 'Anne Baker' }))
    await user.click(screen.getByRole('button', { name: 'Merge records' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Merge' }))

    const refusal = (
      await screen.findByText('These records are also held by Hope Chapel and River Church, whose owners must agree before they are merged.')
    ).closest('[role="alert"]') as HTMLElement
    expect(refusal).toHaveTextContent('Ask them to agree: once every team has agreed, the records are merged as you chose here.')
    // Not the bare refusal, and no second try.
    expect(screen.queryByText(/their owners must agree first/)).not.toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(mergeButton()).not.toBeInTheDocument()

    await user.click(within(refusal).getByRole('button', { name: 'Ask them to agree' }))
    expect(
      await screen.findByText("Asked Hope Chapel and River Church. The records are merged once every team agrees; you'll get a notification."),
    ).toBeInTheDocument()
    expect(asked).toEqual(merges)
    expect(asked).toEqual([{ team_id: 10, contact_id: 5, other_contact_id: 9, from_other: ['name'] }])
    expect(screen.getByText('Asked by Olivia Owner on 22 Nov 2026.')).toBeInTheDocument()
    expect(teamAnswers()).toEqual(['Hope ChapelNot answered yet', 'River ChurchNot answered yet'])
    // What was asked stays as asked.
    expect(radioGroup('Name').getByRole('radio', { name: 'Anne Baker' })).toBeChecked()
    expect(radioGroup('Name').getByRole('radio', { name: 'Ann Baker' })).toBeDisabled()
    expect(mergeButton()).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Ask them to agree' })).not.toBeInTheDocument()
  })

  it('shows a request already waiting for the pair, either way round, instead of the Merge button', async () => {
    const waiting = buildRequest({
      contact_id: 9,
      other_contact_id: 5,
      contact_name: 'Anne Baker',
      other_name: 'Ann Baker',
      from_other: ['birth'],
      teams: [
        { team_id: 20, title: 'Hope Chapel', approved: true },
        { team_id: 30, title: 'River Church', approved: null },
      ],
    })
    // Another pair of Ann's is not this one.
    const otherPair = buildRequest({ id: 42, other_contact_id: 12, other_name: 'Annie Baker' })
    const { asked } = openWithRequests([otherPair, waiting])
    await loaded()
    expect(await screen.findByText('Waiting for River Church to agree to merging Ann Baker into Anne Baker.')).toBeInTheDocument()
    expect(teamAnswers()).toEqual(['Hope ChapelAgreed', 'River ChurchNot answered yet'])
    expect(mergeButton()).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to possible duplicates' })).toBeInTheDocument()
    // Shown as asked: Anne kept, Ann's birth.
    expect(radioGroup('Record to keep').getByRole('radio', { name: 'Keep Anne Baker (newer record)' })).toBeChecked()
    expect(radioGroup('Birth').getByRole('radio', { name: 'May 1980' })).toBeChecked()
    expect(screen.queryByText(/Annie Baker/)).not.toBeInTheDocument()
    expect(asked).toEqual([])
  })

  it('lets the team whose answer is missing agree there: the last agreement merges and lands on the kept record', async () => {
    const mine = buildRequest({
      requesting_team_id: 20,
      requesting_team_name: 'Hope Chapel',
      teams: [{ team_id: 10, title: 'Grace Church', approved: null }],
      awaits_this_team: true,
    })
    const { decided, router, user } = openWithRequests([mine])
    await loaded()
    expect(await screen.findByText('Hope Chapel asks to merge Anne Baker into Ann Baker.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Agree and merge Anne Baker into Ann Baker' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/5'))
    expect(decided).toEqual([{ team_id: 10, request_id: 41, approve: true }])
    expect(await screen.findByText('Anne Baker was merged into this record. You can undo it here for 30 days.')).toBeInTheDocument()
  })

  it('says so when no one need agree, and offers the merge again', async () => {
    const { user } = openWithRequests()
    server.use(mockCall(mergeCalls.requestContactMerge, () => apiError('merge_approval_not_needed', 409)))
    await loaded()
    await user.click(screen.getByRole('button', { name: 'Merge records' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Merge' }))
    await user.click(await screen.findByRole('button', { name: 'Ask them to agree' }))
    const refusal = await screen.findByText('You act for every team that holds these records: merge them now, without asking.')
    expect(refusal.closest('[role="alert"]')).not.toBeNull()
    expect(mergeButton()).toBeInTheDocument()
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    const { user } = openWithRequests()
    await screen.findByRole('radiogroup', { name: 'Registro que se conserva' }, { timeout: 5000 })
    await user.click(screen.getByRole('button', { name: 'Fusionar registros' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fusionar' }))
    expect(
      await screen.findByText('Estos registros también están en Hope Chapel y River Church, cuyos responsables deben estar de acuerdo antes de fusionarlos.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Pedirles su acuerdo' }))
    expect(
      await screen.findByText(
        'Se lo pidió a Hope Chapel y River Church. Los registros se fusionarán cuando todos los equipos estén de acuerdo; recibirá una notificación.',
      ),
    ).toBeInTheDocument()
    expect(screen.getAllByText('Aún no respondió')).toHaveLength(2)
  })
})
