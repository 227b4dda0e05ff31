import {
  capabilityMap,
  consentCalls,
  contactCalls,
  interactionCalls,
  lookupCalls,
  contactFlagFields,
  contactTextFields,
  type ContactFlagField,
  type ContactItem,
  type ContactRole,
  type ContactTextField,
  type ContactView,
} from '@crm/domain'
import { mockCall } from '../../../test/server'

// Every field of the groups starts empty, so a field added to one needs no line here.
const emptyTexts = Object.fromEntries(contactTextFields.map((field) => [field, null])) as Record<ContactTextField, null>
const clearFlags = Object.fromEntries(contactFlagFields.map((field) => [field, false])) as Record<ContactFlagField, false>

/** A contact's details as GET contact/{id} serves them to a reader. */
export function buildContactView(overrides: Partial<ContactView> = {}): ContactView {
  return {
    ...emptyTexts,
    ...clearFlags,
    id: 5,
    name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    gender: 'female',
    dob_month: 12,
    dob_year: 1990,
    dob: '1990-12',
    age: 34,
    avatar: null,
    email: 'ada@example.test',
    email_is_verified: true,
    phone: '+61 412 345 678',
    religion_display: null,
    member_status: 'church-attendee',
    member_status_display: 'Church attendee',
    source: 'friend',
    source_display: 'Friend or family',
    grow_phase: 'cultivate',
    grow_phase_display: 'Cultivate',
    social: { facebook: null, instagram: null, linkedin: null, twitter: null, youtube: null },
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
    address_directions_link: 'https://maps.example.test/dir/1-george-st',
    status: 'active',
    hidden_in_contacts: false,
    is_awaiting_approval: false,
    has_incomplete_interaction: false,
    is_assigned: false,
    is_new: true,
    is_existing: false,
    is_child: false,
    consent_given: true,
    consent_declined: false,
    parental_consent_declined: false,
    interests: [],
    access_from_date_display: null,
    access_to_date_display: null,
    parent_carer_name: null,
    parent_carer_phone: null,
    consent_type: null,
    consent_date: null,
    consent_content: null,
    consent_photo: null,
    consent_url_sent: false,
    consent_url_sent_date: null,
    consent_url_sent_date_display: null,
    consent_url_viewed: false,
    consent_url_submitted: false,
    consent_url_sent_to: null,
    next_future_incomplete_interaction: null,
    last_interaction: null,
    created_display: '01/03/2024',
    ...overrides,
  }
}

interface ItemOptions extends Partial<Omit<ContactItem, 'ownership' | 'auth'>> {
  view?: Partial<ContactView>
  ownership?: Partial<ContactItem['ownership']>
  /** The caller's role on the contact; its capabilities follow (and `capabilities` overrides them). */
  role?: ContactRole
  capabilities?: Partial<ContactItem['auth']['user_capabilities']>
  /** auth.fields: the fields the caller may send (none by default: a reader). */
  fields?: string[]
}

/** The contact item answer: owned by the current team, read by a leader, unless told otherwise. */
export function buildContactItem({ view, ownership, role = 'leader', capabilities, fields = [], ...overrides }: ItemOptions = {}): ContactItem {
  const dataView = buildContactView(view)
  return {
    data_view: dataView,
    data_view_simple: {
      id: dataView.id,
      name: dataView.name,
      first_name: dataView.first_name,
      last_name: dataView.last_name,
      gender: dataView.gender,
      avatar: dataView.avatar,
      is_child: dataView.is_child,
    },
    data_edit: dataView,
    ownership: {
      has_owner: true,
      is_owned_by_current_team: true,
      is_member_of_current_team: false,
      has_multiple_owners: false,
      primary_owner: { id: 10, title: 'Grace Church' },
      owners: [{ id: 10, title: 'Grace Church' }],
      current_team_is_awaiting_approval: false,
      other_team_is_awaiting_approval_data: [],
      ...ownership,
    },
    expect: {
      follow_up: dataView.expect_follow_up,
      follow_up_completed: dataView.expect_follow_up_completed,
      bible_study: dataView.expect_bible_study,
      bible_study_completed: dataView.expect_bible_study_completed,
      baptism: dataView.expect_baptism,
      baptism_completed: dataView.expect_baptism_completed,
    },
    auth: { user_capabilities: { ...capabilityMap(role), ...capabilities }, user_role: role, fields },
    child_gate: null,
    parental_consent_for_current_user: null,
    most_recent_consent: null,
    ...overrides,
  }
}

const emptyList = { items: [], count: 0, max_pages: 1 }

/**
 * The contact page's other calls, answered empty: the tab it opens on (Interactions), the
 * lookups, the assignments, the groups and the consents. For tests of what the page adds around them.
 */
export function contactPageSideCalls() {
  return [
    mockCall(interactionCalls.contactInteractions, emptyList),
    mockCall(interactionCalls.contactInteractionsStudies, { items: {}, items_other: [] }),
    mockCall(lookupCalls.lookups, { items: [] }),
    mockCall(contactCalls.contactAssignments, emptyList),
    mockCall(contactCalls.contactGroups, emptyList),
    mockCall(consentCalls.contactConsents, { items: [], request: null, can_update: true }),
  ]
}
