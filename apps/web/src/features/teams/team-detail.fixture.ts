import { capabilityMap, type TeamDetail, type TeamRole } from '@crm/domain'

/** GET manage-team's answer for the pages' tests. */
export function buildTeamDetail(overrides: Partial<TeamDetail> & { role?: TeamRole } = {}): TeamDetail {
  const { role = 'member', ...rest } = overrides
  return {
    id: 10,
    title: 'Grace Church',
    description: 'A church by the sea',
    parent_id: null,
    address_place_id: 'place-1',
    address_formatted: '1 Beach Road, Manly NSW 2095, Australia',
    address_formatted_break: '1 Beach Road\nManly NSW 2095\nAustralia',
    address_manual_input: false,
    address_street: null,
    address_city: null,
    address_state: null,
    address_postcode: null,
    address_country: 'AU',
    address_lat: -33.8,
    address_lng: 151.28,
    address_directions_link: 'https://www.google.com/maps/dir/?api=1&destination=-33.8,151.28',
    acms_id: null,
    is_group: false,
    is_conference: false,
    is_sub_team: false,
    is_public: true,
    is_empty: false,
    owner_id: 1,
    isolated_owner_id: null,
    user_role: role,
    user_role_display_name: role,
    user_capabilities: capabilityMap(role),
    has_owner: true,
    owner_last_login: null,
    any_member_last_login: null,
    has_md_integration: false,
    can_remove: false,
    can_leave: role !== 'owner',
    ...rest,
  }
}
