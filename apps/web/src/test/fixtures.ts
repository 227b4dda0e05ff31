import {
  capabilityMap,
  type Account,
  type ContactListItem,
  type ContactSearchHit,
  type Group,
  type LoginSession,
  type Site,
  type Team,
  type TeamRole,
} from '@crm/domain'
import { startSession } from '../lib/session'

export function buildSite(overrides: Partial<Site> = {}): Site {
  return {
    site_name: 'Grace CRM',
    support_email: 'support@example.test',
    mobile_breakpoint: 768,
    public_url: 'http://localhost:3000',
    locales: ['en', 'es'],
    captcha: 'altcha',
    recaptcha_site_key: null,
    map_tiles_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    map_tiles_attribution: '© OpenStreetMap contributors',
    ...overrides,
  }
}

export function buildGroup(overrides: Partial<Group> & Pick<Group, 'id' | 'title'>): Group {
  const role = overrides.user_role === undefined ? 'member' : overrides.user_role
  return {
    is_main_group: false,
    is_public: true,
    is_temp_private_group: false,
    user_role: role,
    user_role_display_name: role ?? '',
    user_capabilities: capabilityMap(role),
    ...overrides,
  }
}

interface TeamOptions extends Partial<Omit<Team, 'groups'>> {
  id: number
  title: string
  role?: TeamRole
  /** Groups besides the primary one, which is always added. */
  groups?: Group[]
}

/** A team with its primary group (same id and title) and the given other groups. */
export function buildTeam({ role = 'owner', groups = [], ...overrides }: TeamOptions): Team {
  const primary = buildGroup({
    id: overrides.id,
    title: overrides.title,
    is_main_group: true,
    user_role: role,
  })
  return {
    parent_id: null,
    user_role: role,
    user_role_display_name: role,
    is_conference: false,
    user_capabilities: capabilityMap(role),
    address_lat: null,
    address_lng: null,
    address_country: null,
    time_zone: 'Australia/Sydney',
    ...overrides,
    groups: Object.fromEntries([primary, ...groups].map((group) => [String(group.id), group])),
  }
}

export function buildAccount(teams: Team[], overrides: Partial<Account> = {}): Account {
  return {
    user_id: 7,
    name: 'Ruth Miller',
    name_initials: 'RM',
    avatar: {
      url: null,
      no_bg: false,
      srcset: null,
      webp: null,
      srcset_webp: null,
      sizes: null,
      alt: 'Ruth Miller',
      width: null,
      height: null,
    },
    avatar_data: { initials: 'RM', color: '#1c7ed6' },
    role: 'user',
    locale: 'en',
    teams: Object.fromEntries(teams.map((team) => [String(team.id), team])),
    teams_number: teams.length,
    sync_with_md: false,
    email: 'ruth@example.test',
    ...overrides,
  }
}

/** Signs the browser in, as a login would. */
export function signIn(token = 'test-token', expiresIn = 3600): void {
  startSession({ access_token: token, expires_in: expiresIn })
}

/** A login answer (signup and invite activation answer the same shape); the salt is base64. */
export function buildSession(overrides: Partial<LoginSession> = {}): LoginSession {
  return {
    access_token: 'fresh-token',
    expires_in: 3600,
    encryption_key: 'c2FsdC1vZi1ydXRoLW1pbGxlcg==',
    user_id: 7,
    two_factor_remember_id: null,
    authorization_code: null,
    ...overrides,
  }
}

/** A row of the contact lists: an adult member named as given. */
export function buildContactListItem(overrides: Partial<ContactListItem> & Pick<ContactListItem, 'id' | 'name'>): ContactListItem {
  const [first_name = '', last_name = ''] = overrides.name.split(' ')
  return {
    first_name,
    last_name,
    gender: 'female',
    dob: null,
    age: 34,
    is_child: false,
    is_restricted: false,
    email: null,
    phone: null,
    member_status: 'member',
    member_status_display: 'Member',
    grow_phase: 'cultivate',
    grow_phase_display: 'Cultivate',
    source_display: null,
    status: 'active',
    is_assigned: false,
    is_awaiting_approval: false,
    has_incomplete_interaction: false,
    last_interaction_days_ago: null,
    created_display: '3 Mar 2026',
    archived_display: null,
    ...overrides,
  }
}

/** A hit of the team's contact search, as the server names it twice (id and title, user_id and user_name). */
export function buildContactHit(id: number, name: string): ContactSearchHit {
  return { id, title: name, user_id: id, user_name: name }
}
