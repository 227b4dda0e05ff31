// Test data of the contact form pages (tests only).
import {
  capabilityMap,
  contactCalls,
  lookupCalls,
  socialNetworks,
  type ContactItem,
  type ContactRole,
  type ContactView,
  type LookupItem,
} from '@crm/domain'
import { http } from 'msw'
import { apiBase } from '../../../lib/api'
import { apiError, mockCall } from '../../../test/server'

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

export function buildContactView(overrides: Partial<ContactView> = {}): ContactView {
  return {
    id: 42,
    name: 'Anna Lee',
    first_name: 'Anna',
    last_name: 'Lee',
    gender: 'female',
    dob_month: 3,
    dob_year: 1990,
    age: 35,
    avatar: null,
    email: 'anna@example.test',
    email_is_verified: false,
    phone: '+61412345678',
    religion: null,
    religion_display: null,
    religion_other: null,
    marital_status: 'married',
    member_status: 'member',
    member_status_display: 'Member',
    source: null,
    source_display: null,
    source_other: null,
    grow_phase: 'preserve',
    grow_phase_display: 'Multiply',
    social: Object.fromEntries(socialNetworks.map((network) => [network, null])) as ContactView['social'],
    address_place_id: null,
    address_formatted: '1 George St, Sydney NSW 2000',
    address_formatted_break: null,
    address_manual_input: false,
    address_street: '1 George St',
    address_city: 'Sydney',
    address_state: 'NSW',
    address_postcode: '2000',
    address_country: 'AU',
    address_lat: -33.86,
    address_lng: 151.2,
    address_directions_link: null,
    status: 'active',
    hidden_in_contacts: false,
    is_awaiting_approval: false,
    has_incomplete_interaction: false,
    is_assigned: false,
    is_visitor: false,
    is_new: true,
    is_existing: false,
    is_child: false,
    consent_given: true,
    consent_declined: false,
    parental_consent_declined: false,
    expect_follow_up: true,
    expect_follow_up_completed: false,
    expect_bible_study: false,
    expect_bible_study_completed: false,
    expect_baptism: false,
    expect_baptism_completed: false,
    access_from_date_display: null,
    access_to_date_display: null,
    parent_carer_first_name: null,
    parent_carer_last_name: null,
    parent_carer_name: null,
    parent_carer_relationship: null,
    parent_carer_email: null,
    parent_carer_phone: null,
    consent_type: 'verbal',
    consent_date: '2026-01-10',
    consent_content: 'Agreed to follow-up visits.',
    consent_photo: null,
    consent_url_sent: false,
    consent_url_sent_date: null,
    consent_url_sent_date_display: null,
    consent_url_viewed: false,
    consent_url_submitted: false,
    consent_url_sent_to: null,
    next_future_incomplete_interaction: null,
    last_interaction: null,
    created_display: '10/01/2026',
    ...overrides,
  }
}

export function buildContactItem(
  contact: ContactView | null,
  { role = 'owner', fields = allContactFields, ...overrides }: Partial<ContactItem> & { role?: ContactRole; fields?: string[] } = {},
): ContactItem {
  const view = contact ?? buildContactView()
  return {
    data_view: contact,
    data_view_simple: { id: view.id, name: view.name, first_name: view.first_name, last_name: view.last_name, gender: view.gender, avatar: null, is_child: view.is_child },
    data_edit: contact,
    ownership: {
      has_owner: true,
      is_owned_by_current_team: true,
      is_member_of_current_team: false,
      has_multiple_owners: false,
      primary_owner: { id: 10, title: 'Grace Church' },
      owners: [{ id: 10, title: 'Grace Church' }],
      current_team_is_awaiting_approval: false,
      other_team_is_awaiting_approval_data: [],
    },
    expect: {
      follow_up: view.expect_follow_up,
      follow_up_completed: view.expect_follow_up_completed,
      bible_study: view.expect_bible_study,
      bible_study_completed: view.expect_bible_study_completed,
      baptism: view.expect_baptism,
      baptism_completed: view.expect_baptism_completed,
    },
    auth: { user_capabilities: capabilityMap(role), user_role: role, fields },
    child_gate: null,
    parental_consent_for_current_user: null,
    most_recent_consent: null,
    ...overrides,
  }
}

/** Any other call (the pages a test navigates to) answers 404: register it first, before signing in (handlers added later win). */
export const otherCallsNotFound = http.all(`${apiBase}/*`, () => apiError('not_found', 404))
