import { screen } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { contactCalls, contactDataCalls, retentionNoticeDays, type ContactDue, type ContactErasure, type InputOf, type RetentionMonths } from '@crm/domain'
import { buildAccount, buildTeam } from '../../test/fixtures'
import { renderApp } from '../../test/render'
import { mockCall, server } from '../../test/server'
import { signedInAs } from '../../test/session'
import { buildContactItem, contactPageSideCalls } from '../contacts/pages/contact-view.fixtures'

// A contact's page and the erasures page for the tests of a person's data on request (issue 40 §2).

/** An erasure of contact 5 (Noah Bennett) asked by Ruth Miller, pending unless told otherwise. */
export function buildErasure(overrides: Partial<ContactErasure> = {}): ContactErasure {
  return {
    id: 3,
    contact_id: 5,
    contact_name: 'Noah Bennett',
    mode: 'erase',
    reason: 'The person asked',
    retention_months: null,
    requested_by_name: 'Ruth Miller',
    requested_at: '2026-11-22T01:00:00.000Z',
    due_at: '2026-11-29T01:00:00.000Z',
    status: 'pending',
    cancelled_by_name: null,
    cancelled_at: null,
    carried_out_at: null,
    ...overrides,
  }
}

export interface ContactPageOptions {
  role?: 'owner' | 'leader'
  /** The contact's erasures; a cancel calls the pending one off. */
  erasures?: ContactErasure[]
  /** Whether the selected team owns the contact (only its owners erase it). */
  owned?: boolean
}

/** Signs in to Grace Church (team 10) as `role`, with the calls of contact 5's page answered and recorded. */
export function mockContactPage({ role = 'owner', erasures = [], owned = true }: ContactPageOptions = {}) {
  signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role })]), { teamId: 10, groupId: 10 })
  let current = erasures
  const calls = {
    erasures: [] as Array<InputOf<typeof contactDataCalls.contactErasures>>,
    erase: [] as Array<InputOf<typeof contactDataCalls.eraseContact>>,
    cancel: [] as Array<InputOf<typeof contactDataCalls.cancelContactErasure>>,
    exports: [] as Array<InputOf<typeof contactDataCalls.contactDataExport>>,
    vcards: [] as Array<InputOf<typeof contactDataCalls.contactVcard>>,
  }
  server.use(
    ...contactPageSideCalls(),
    mockCall(contactCalls.contact, buildContactItem({ ownership: { is_owned_by_current_team: owned } })),
    mockCall(contactDataCalls.contactErasures, ({ input }) => {
      calls.erasures.push(input)
      return { items: current, count: current.length, max_pages: 1 }
    }),
    mockCall(contactDataCalls.eraseContact, ({ input }) => {
      calls.erase.push(input)
      const erasure = buildErasure({ mode: input.mode, reason: String(input.reason) })
      current = [erasure, ...current]
      return erasure
    }),
    mockCall(contactDataCalls.cancelContactErasure, ({ input }) => {
      calls.cancel.push(input)
      current = current.map((erasure) =>
        erasure.id === Number(input.erasure_id)
          ? { ...erasure, status: 'cancelled', cancelled_by_name: 'Ruth Miller', cancelled_at: '2026-11-23T01:00:00.000Z' }
          : erasure,
      )
      return { success: true as const }
    }),
    mockCall(contactDataCalls.contactDataExport, ({ input }) => {
      calls.exports.push(input)
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'Content-Type': 'application/zip' } })
    }),
    mockCall(contactDataCalls.contactVcard, ({ input }) => {
      calls.vcards.push(input)
      return new HttpResponse('BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n', { headers: { 'Content-Type': 'text/vcard' } })
    }),
  )
  return calls
}

/** Opens contact 5's page (see mockContactPage) and waits for its heading. */
export async function openContactPage(options: ContactPageOptions = {}) {
  const calls = mockContactPage(options)
  const view = renderApp('/contacts/view/5')
  await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' }, { timeout: 5000 })
  return { ...view, calls }
}

/** A contact the retention schedule will de-identify: Tom Reed (contact 8), quiet since 5 Jan 2025. */
export function buildContactDue(overrides: Partial<ContactDue> = {}): ContactDue {
  return {
    id: 8,
    name: 'Tom Reed',
    last_activity_at: '2025-01-05T01:00:00.000Z',
    due_at: '2027-01-05T01:00:00.000Z',
    ...overrides,
  }
}

export interface RetentionOptions {
  /** The team's setting; off by default. */
  months?: RetentionMonths | null
  /** The contacts due, soonest first; a Keep takes one out, a new setting empties them. */
  due?: ContactDue[]
}

/** Answers the team's retention setting and its contacts due, and records the writes and the pages asked for. */
export function mockRetention({ months = null, due = [] }: RetentionOptions = {}) {
  let setting: RetentionMonths | null = months
  let current = due
  const calls = {
    dueQueries: [] as Array<InputOf<typeof contactDataCalls.contactsDueForDeIdentification>>,
    sets: [] as Array<InputOf<typeof contactDataCalls.setContactRetention>>,
    keeps: [] as Array<InputOf<typeof contactDataCalls.keepContact>>,
  }
  const answer = () => ({ months: setting, notice_days: retentionNoticeDays, due_count: current.length })
  server.use(
    mockCall(contactDataCalls.contactRetention, answer),
    mockCall(contactDataCalls.setContactRetention, ({ input }) => {
      calls.sets.push(input)
      setting = input.months
      // Contacts already told of are no longer due.
      current = []
      return answer()
    }),
    mockCall(contactDataCalls.contactsDueForDeIdentification, ({ input }) => {
      calls.dueQueries.push(input)
      return { items: current, count: current.length, max_pages: 1 }
    }),
    mockCall(contactDataCalls.keepContact, ({ input }) => {
      calls.keeps.push(input)
      current = current.filter((contact) => contact.id !== Number(input.user_id))
      return { success: true as const }
    }),
  )
  return calls
}
