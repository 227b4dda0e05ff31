import type { InvitedUser, TeamDetail, TeamUser } from '@crm/domain'
import { capabilityMap, type TeamRole } from '@crm/domain'

export function buildTeamUser(overrides: Partial<TeamUser> & Pick<TeamUser, 'user_id' | 'name'>): TeamUser {
  return {
    email: `${overrides.name.toLowerCase().replace(/\s+/g, '.')}@example.test`,
    role: 'member',
    role_display_name: 'Member',
    has_wwcc: false,
    has_adsafe: false,
    hidden_in_contacts: false,
    is_self: false,
    last_login_display: null,
    ...overrides,
  }
}

export function buildInvite(overrides: Partial<InvitedUser> & Pick<InvitedUser, 'id' | 'email'>): InvitedUser {
  return {
    is_user_invite: false,
    name: '',
    role: 'member',
    role_display_name: 'Member',
    created_display: '1 Nov 2026',
    expires_display: '15 Nov 2026',
    ...overrides,
  }
}

/** The manage-team answer of a team (or group, or sub-team) with users and invites. */
export function buildTeamDetail(overrides: Partial<TeamDetail> & Pick<TeamDetail, 'id' | 'title'>, role: TeamRole = 'owner'): TeamDetail {
  return {
    description: '',
    parent_id: null,
    address_place_id: null,
    address_formatted: null,
    address_formatted_break: null,
    address_manual_input: false,
    address_street: null,
    address_city: null,
    address_state: null,
    address_postcode: null,
    address_country: null,
    address_lat: null,
    address_lng: null,
    address_directions_link: null,
    acms_id: null,
    is_group: false,
    is_conference: false,
    is_sub_team: false,
    is_public: true,
    is_empty: false,
    owner_id: null,
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
    users: [],
    invited_users: [],
    ...overrides,
  }
}
