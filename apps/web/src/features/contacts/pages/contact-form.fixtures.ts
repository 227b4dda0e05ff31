// Test data of the contact form pages (tests only).
import { contactCalls, lookupCalls, type ContactItem, type ContactRole, type ContactView, type LookupItem } from '@crm/domain'
import { http } from 'msw'
import { apiBase } from '../../../lib/api'
import { apiError, mockCall } from '../../../test/server'
import { buildContactItem as buildReaderItem, buildContactView as buildReaderView } from './contact-view.fixtures'

export const lookupItems: Record<string, LookupItem[]> = {
  'member-status-types': [
    { id: 'member', title: 'Member' },
    { id: 'baptismal-candidate', title: 'Baptismal candidate' },
    { id: 'study-in-person', title: 'Studying in person' },
    { id: 'study-correspondence', title: 'Studying by correspondence' },
    { id: 'church-attendee', title: 'Church attendee' },
    { id: 'event-interest', title: 'Interest from an event' },
    { id: 'lead-visited', title: 'Lead (visited)' },
    { id: 'lead-unvisited', title: 'Lead (not yet visited)' },
    { id: 'former-member', title: 'Former member' },
  ],
  'contact-source-types': [
    { id: 'friend-family', title: 'Friend or family' },
    { id: 'walk-in', title: 'Walked in to church' },
    { id: 'other', title: 'Other', is_other: true },
  ],
  'religion-types': [
    { id: 'adventist', title: 'Christian: Seventh-day Adventist' },
    { id: 'none', title: 'No religion' },
    { id: 'other', title: 'Other', is_other: true },
  ],
}

/** GET lookups/{list} for the three lists the form offers. */
export const lookupHandler = mockCall(lookupCalls.lookups, ({ params }) => ({ items: lookupItems[String(params['list'])] ?? [] }))

/** Every field a writer may send: the keys of the contract's contactFields. */
export const allContactFields = Object.keys(contactCalls.createUser.request.shape).filter(
  (field) => !['team_id', 'group_id', 'disregard_existing'].includes(field),
)

/** The contact the form tests edit: the reader's fixture, as Anna Lee with verbal consent. */
export function buildContactView(overrides: Partial<ContactView> = {}): ContactView {
  return buildReaderView({
    id: 42,
    name: 'Anna Lee',
    first_name: 'Anna',
    last_name: 'Lee',
    dob_month: 3,
    dob: '1990-03',
    age: 35,
    email: 'anna@example.test',
    email_is_verified: false,
    // data_edit keeps the phone as stored.
    phone: '+61412345678',
    marital_status: 'married',
    member_status: 'member',
    member_status_display: 'Member',
    source: null,
    source_display: null,
    grow_phase: 'preserve',
    grow_phase_display: 'Multiply',
    address_directions_link: null,
    expect_follow_up: true,
    consent_type: 'verbal',
    consent_date: '2026-01-10',
    consent_content: 'Agreed to follow-up visits.',
    created_display: '10/01/2026',
    ...overrides,
  })
}

/** The item the edit page loads: owned by the current team, edited by an owner with every field. */
export function buildContactItem(
  contact: ContactView | null,
  { role = 'owner', fields = allContactFields, ...overrides }: Partial<ContactItem> & { role?: ContactRole; fields?: string[] } = {},
): ContactItem {
  const { ownership, auth, ...rest } = overrides
  const item = buildReaderItem({ view: contact ?? buildContactView(), ownership, role, fields })
  return { ...item, data_view: contact, data_edit: contact, ...(auth ? { auth } : {}), ...rest }
}

/** Any other call (the pages a test navigates to) answers 404: register it first, before signing in (handlers added later win). */
export const otherCallsNotFound = http.all(`${apiBase}/*`, () => apiError('not_found', 404))
