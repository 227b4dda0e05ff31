import { describe, expect, it } from 'vitest'
import { capabilityNames, type Capability, type CapabilityMap } from '@crm/domain'
import { builtMenu, visibleMenu, type MenuContext, type VisibleMenuItem } from './menu'

function capabilities(...granted: Capability[]): CapabilityMap {
  return Object.fromEntries(capabilityNames.map((name) => [name, granted.includes(name)])) as CapabilityMap
}

function context(
  options: {
    team?: Capability[]
    group?: Capability[]
    conference?: boolean
    admin?: boolean
    teams?: number
    primaryGroup?: boolean
    noTeam?: boolean
  } = {},
): MenuContext {
  const { team = [], group = [], conference = false, admin = false, teams = 1, primaryGroup = true, noTeam = false } = options
  return {
    accountLoaded: true,
    accountRole: admin ? 'admin' : 'user',
    team: noTeam ? null : { id: 10, is_conference: conference, user_capabilities: capabilities(...team) },
    group: noTeam ? null : { id: primaryGroup ? 10 : 11, is_main_group: primaryGroup, user_capabilities: capabilities(...group) },
    teamsNumber: teams,
  }
}

function paths(items: VisibleMenuItem[]): string[] {
  return items.flatMap((item) => [item.path, ...paths(item.children)])
}

const shown = (ctx: MenuContext, path: string) => paths(visibleMenu(ctx)).includes(path)
const entry = (ctx: MenuContext, path: string) => {
  const find = (items: VisibleMenuItem[]): VisibleMenuItem | undefined =>
    items.find((item) => item.path === path) ?? items.map((item) => find(item.children)).find(Boolean)
  return find(visibleMenu(ctx))
}

describe('visibleMenu: the side menu table of spec 1 §2', () => {
  it('D1-2.1-01 Dashboard (/) shows once account data is loaded', () => {
    expect(shown(context(), '/')).toBe(true)
    expect(shown({ ...context(), accountLoaded: false }, '/')).toBe(false)
  })

  it('D1-2.1-02 Reports needs read_own_report', () => {
    expect(shown(context({ team: ['read_own_report'] }), '/reports')).toBe(true)
    expect(shown(context(), '/reports')).toBe(false)
  })

  it('D1-2.1-03 Transfers needs create_transfer on a conference', () => {
    expect(shown(context({ team: ['create_transfer'], conference: true }), '/transfers')).toBe(true)
    expect(shown(context({ team: ['create_transfer'] }), '/transfers')).toBe(false)
    expect(shown(context({ conference: true }), '/transfers')).toBe(false)
  })

  it('D1-2.1-04 Manage notifications needs create_notification on a conference', () => {
    expect(shown(context({ team: ['create_notification'], conference: true }), '/manage-notifications')).toBe(true)
    expect(shown(context({ team: ['create_notification'] }), '/manage-notifications')).toBe(false)
    expect(shown(context({ conference: true }), '/manage-notifications')).toBe(false)
  })

  it('D1-2.1-05 missed activities needs update_missed_interactions_notifications', () => {
    const base: Capability[] = ['create_notification']
    const path = '/manage-notifications/missed-activities'
    expect(shown(context({ team: [...base, 'update_missed_interactions_notifications'], conference: true }), path)).toBe(true)
    expect(shown(context({ team: base, conference: true }), path)).toBe(false)
  })

  it('D1-2.1-06 unassigned contacts needs update_unassigned_contacts_notifications', () => {
    const base: Capability[] = ['create_notification']
    const path = '/manage-notifications/unassigned-contacts'
    expect(shown(context({ team: [...base, 'update_unassigned_contacts_notifications'], conference: true }), path)).toBe(true)
    expect(shown(context({ team: base, conference: true }), path)).toBe(false)
  })

  it('D1-2.1-07 Contacts needs read_assigned_contact', () => {
    expect(shown(context({ team: ['read_assigned_contact'] }), '/contacts')).toBe(true)
    expect(shown(context(), '/contacts')).toBe(false)
  })

  it('D1-2.1-08 Contacts has /contacts/new and /contacts/group/switch', () => {
    const contacts = entry(context({ team: ['read_assigned_contact'] }), '/contacts')
    expect(contacts?.children.map((child) => child.path)).toEqual(['/contacts/new', '/contacts/group/switch'])
  })

  it('D1-2.1-09 /contacts/import-and-share needs read_user_import on a conference', () => {
    const path = '/contacts/import-and-share'
    expect(shown(context({ team: ['read_assigned_contact', 'read_user_import'], conference: true }), path)).toBe(true)
    expect(shown(context({ team: ['read_assigned_contact', 'read_user_import'] }), path)).toBe(false)
    expect(shown(context({ team: ['read_assigned_contact'], conference: true }), path)).toBe(false)
  })

  it('D1-2.1-10 Events and /events/new need read_event', () => {
    expect(shown(context({ team: ['read_event'] }), '/events')).toBe(true)
    expect(shown(context({ team: ['read_event'] }), '/events/new')).toBe(true)
    expect(shown(context(), '/events')).toBe(false)
    expect(shown(context(), '/events/new')).toBe(false)
  })

  it('D1-2.1-11 My team needs read_dcrm_team', () => {
    expect(shown(context({ team: ['read_dcrm_team'] }), '/team')).toBe(true)
    expect(shown(context(), '/team')).toBe(false)
  })

  it('D1-2.1-12 /team/users needs read_dcrm_team_users_names', () => {
    expect(shown(context({ team: ['read_dcrm_team', 'read_dcrm_team_users_names'] }), '/team/users')).toBe(true)
    expect(shown(context({ team: ['read_dcrm_team'] }), '/team/users')).toBe(false)
  })

  it('D1-2.1-13 /team/membership-requests needs update_team', () => {
    const path = '/team/membership-requests'
    expect(shown(context({ team: ['read_dcrm_team', 'update_team'] }), path)).toBe(true)
    expect(shown(context({ team: ['read_dcrm_team'] }), path)).toBe(false)
  })

  it('D1-2.1-14 /team/owner-requests only for an admin account', () => {
    expect(shown(context({ team: ['read_dcrm_team'], admin: true }), '/team/owner-requests')).toBe(true)
    // Every team capability does not make an owner an admin.
    expect(shown(context({ team: [...capabilityNames] }), '/team/owner-requests')).toBe(false)
  })

  it('D1-2.1-15 D3-6-10 /team/manage-sub-teams needs read_dcrm_team_users on a conference, and update_team the page needs', () => {
    const path = '/team/manage-sub-teams'
    expect(shown(context({ team: ['read_dcrm_team', 'read_dcrm_team_users', 'update_team'], conference: true }), path)).toBe(true)
    expect(shown(context({ team: ['read_dcrm_team', 'read_dcrm_team_users', 'update_team'] }), path)).toBe(false)
    // A conference leader reads the team's users but manages no sub-teams: no entry to a refusal.
    expect(shown(context({ team: ['read_dcrm_team', 'read_dcrm_team_users'], conference: true }), path)).toBe(false)
    expect(shown(context({ team: ['read_dcrm_team'], conference: true }), path)).toBe(false)
  })

  it('D1-2.1-16 /team/recent-activity needs read_own_activity_log', () => {
    expect(shown(context({ team: ['read_dcrm_team', 'read_own_activity_log'] }), '/team/recent-activity')).toBe(true)
    expect(shown(context({ team: ['read_dcrm_team'] }), '/team/recent-activity')).toBe(false)
  })

  it('D1-2.1-17 /team/switch only with more than one team', () => {
    expect(shown(context({ team: ['read_dcrm_team'], teams: 2 }), '/team/switch')).toBe(true)
    expect(shown(context({ team: ['read_dcrm_team'], teams: 1 }), '/team/switch')).toBe(false)
  })

  it('D1-2.1-18 My team has /group/switch', () => {
    const team = entry(context({ team: ['read_dcrm_team'] }), '/team')
    expect(team?.children.map((child) => child.path)).toContain('/group/switch')
  })

  it('D1-2.1-19 My group is hidden while the primary group is selected', () => {
    expect(shown(context({ primaryGroup: true }), '/group')).toBe(false)
    expect(shown(context({ primaryGroup: false }), '/group')).toBe(true)
    expect(shown(context({ noTeam: true }), '/group')).toBe(false)
  })

  it('D1-2.1-20 My group has /group/users and /group/switch', () => {
    const group = entry(context({ primaryGroup: false }), '/group')
    expect(group?.children.map((child) => child.path)).toEqual(['/group/users', '/group/switch'])
  })

  it('D1-2.1-21 /group/recent-activity needs read_own_activity_log on the group', () => {
    const path = '/group/recent-activity'
    expect(shown(context({ primaryGroup: false, group: ['read_own_activity_log'] }), path)).toBe(true)
    // The team's capability is not the group's.
    expect(shown(context({ primaryGroup: false, team: ['read_own_activity_log'] }), path)).toBe(false)
  })

  it('D1-2.1-22/23/25 Notifications, My profile and Log out always show', () => {
    for (const ctx of [context(), context({ noTeam: true, teams: 0 }), context({ team: [...capabilityNames], admin: true })]) {
      expect(shown(ctx, '/notifications')).toBe(true)
      expect(shown(ctx, '/profile')).toBe(true)
      expect(shown(ctx, '/logout')).toBe(true)
    }
  })

  it('D1-2.1-24 /profile/switch-team only with more than one team', () => {
    expect(shown(context({ teams: 2 }), '/profile/switch-team')).toBe(true)
    expect(shown(context({ teams: 1 }), '/profile/switch-team')).toBe(false)
  })

  it('D1-2.1-26/27 badges: membership requests and owner requests on their entries and on My team', () => {
    const ctx = context({ team: ['read_dcrm_team', 'update_team'], admin: true })
    expect(entry(ctx, '/team/membership-requests')?.badges).toEqual(['membership_requests'])
    expect(entry(ctx, '/team/owner-requests')?.badges).toEqual(['owner_requests'])
    expect(entry(ctx, '/team')?.badges).toEqual(['membership_requests', 'owner_requests'])
    // Without those entries My team carries no count it cannot act on.
    expect(entry(context({ team: ['read_dcrm_team'] }), '/team')?.badges).toEqual([])
  })

  it('keeps the order of the table', () => {
    const all = visibleMenu(context({ team: [...capabilityNames], conference: true, admin: true, teams: 2, primaryGroup: false }))
    expect(all.map((item) => item.path)).toEqual([
      '/',
      '/reports',
      '/transfers',
      '/manage-notifications',
      '/contacts',
      '/events',
      '/team',
      '/group',
      '/notifications',
      '/profile',
      '/logout',
    ])
  })
})

describe('builtMenu', () => {
  const built = new Set(['/', '/team/switch', '/profile/switch-team', '/group/switch', '/logout'])
  const items = builtMenu(visibleMenu(context({ team: ['read_dcrm_team', 'read_event'], teams: 2 })), (path) => built.has(path))

  it('drops entries whose screens are not built', () => {
    expect(items.map((item) => item.path)).toEqual(['/', '/team', '/profile', '/logout'])
  })

  it('keeps an unbuilt parent with built children as a label without a link', () => {
    const team = items.find((item) => item.path === '/team')
    expect(team?.linked).toBe(false)
    expect(team?.children.map((child) => child.path)).toEqual(['/team/switch', '/group/switch'])
    expect(items.find((item) => item.path === '/')?.linked).toBe(true)
  })

  it('carries no count up from a child whose screen is not built: no badge leads nowhere', () => {
    const owner = context({ team: ['read_dcrm_team', 'update_team'], admin: true })
    const unbuilt = builtMenu(visibleMenu(owner), (path) => built.has(path)).find((item) => item.path === '/team')
    expect(unbuilt?.badges).toEqual([])
    const withRequests = new Set([...built, '/team/membership-requests'])
    const team = builtMenu(visibleMenu(owner), (path) => withRequests.has(path)).find((item) => item.path === '/team')
    expect(team?.badges).toEqual(['membership_requests'])
    expect(team?.children.find((child) => child.path === '/team/membership-requests')?.badges).toEqual(['membership_requests'])
  })
})
