import type { ComponentType } from 'react'
import {
  IconAddressBook,
  IconArrowsExchange,
  IconBell,
  IconBellCog,
  IconCalendarEvent,
  IconChartBar,
  IconLayoutDashboard,
  IconLogout,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react'
import type { Account, Capability, Group, PendingItems, Team } from '@crm/domain'
import type en from '../../locales/en/index'

/** What the side menu's conditions read (spec 1 §2). */
export interface MenuContext {
  accountLoaded: boolean
  accountRole: Account['role'] | null
  team: Pick<Team, 'id' | 'is_conference' | 'user_capabilities'> | null
  group: Pick<Group, 'id' | 'is_main_group' | 'user_capabilities'> | null
  teamsNumber: number
}

export type BadgeKind = keyof PendingItems
export type MenuLabelKey = keyof (typeof en)['shell']['menu']

interface MenuEntry {
  id: string
  path: string
  label: MenuLabelKey
  icon?: ComponentType<{ size?: number | string; stroke?: number }>
  /** Shown when this holds; always shown without it. */
  when?: (context: MenuContext) => boolean
  /** Pending counts shown on the entry. */
  badges?: BadgeKind[]
  /** Also show the badges of the visible children (My team). */
  childBadges?: boolean
  children?: MenuEntry[]
}

export interface VisibleMenuItem {
  id: string
  path: string
  label: MenuLabelKey
  icon?: MenuEntry['icon']
  badges: BadgeKind[]
  children: VisibleMenuItem[]
}

const team = (capability: Capability) => (context: MenuContext) => context.team?.user_capabilities[capability] === true
const group = (capability: Capability) => (context: MenuContext) => context.group?.user_capabilities[capability] === true
const conference = (context: MenuContext) => context.team?.is_conference === true
const both =
  (...conditions: Array<(context: MenuContext) => boolean>) =>
  (context: MenuContext) =>
    conditions.every((condition) => condition(context))
const multipleTeams = (context: MenuContext) => context.teamsNumber > 1
const nonPrimaryGroup = (context: MenuContext) =>
  context.team !== null && context.group !== null && !context.group.is_main_group && context.group.id !== context.team.id

/** The side menu of spec 1 §2: entry, route, condition, children and badges. */
export const menuTable: readonly MenuEntry[] = [
  { id: 'dashboard', path: '/', label: 'dashboard', icon: IconLayoutDashboard, when: (context) => context.accountLoaded },
  { id: 'reports', path: '/reports', label: 'reports', icon: IconChartBar, when: team('read_own_report') },
  {
    id: 'transfers',
    path: '/transfers',
    label: 'transfers',
    icon: IconArrowsExchange,
    when: both(team('create_transfer'), conference),
  },
  {
    id: 'manage-notifications',
    path: '/manage-notifications',
    label: 'manageNotifications',
    icon: IconBellCog,
    when: both(team('create_notification'), conference),
    children: [
      {
        id: 'missed-activities',
        path: '/manage-notifications/missed-activities',
        label: 'missedActivities',
        when: team('update_missed_interactions_notifications'),
      },
      {
        id: 'unassigned-contacts',
        path: '/manage-notifications/unassigned-contacts',
        label: 'unassignedContacts',
        when: team('update_unassigned_contacts_notifications'),
      },
    ],
  },
  {
    id: 'contacts',
    path: '/contacts',
    label: 'contacts',
    icon: IconAddressBook,
    when: team('read_assigned_contact'),
    children: [
      { id: 'contacts-new', path: '/contacts/new', label: 'newContact' },
      {
        id: 'contacts-import-and-share',
        path: '/contacts/import-and-share',
        label: 'importAndShare',
        when: both(team('read_user_import'), conference),
      },
      { id: 'contacts-group-switch', path: '/contacts/group/switch', label: 'switchGroup' },
    ],
  },
  {
    id: 'events',
    path: '/events',
    label: 'events',
    icon: IconCalendarEvent,
    when: team('read_event'),
    children: [{ id: 'events-new', path: '/events/new', label: 'newEvent' }],
  },
  {
    id: 'team',
    path: '/team',
    label: 'myTeam',
    icon: IconUsersGroup,
    when: team('read_dcrm_team'),
    childBadges: true,
    children: [
      { id: 'team-users', path: '/team/users', label: 'teamUsers', when: team('read_dcrm_team_users_names') },
      {
        id: 'team-membership-requests',
        path: '/team/membership-requests',
        label: 'membershipRequests',
        when: team('update_team'),
        badges: ['membership_requests'],
      },
      {
        id: 'team-owner-requests',
        path: '/team/owner-requests',
        label: 'ownerRequests',
        when: (context) => context.accountRole === 'admin',
        badges: ['owner_requests'],
      },
      {
        id: 'team-manage-sub-teams',
        path: '/team/manage-sub-teams',
        label: 'manageSubTeams',
        // Spec 1 shows it with read_dcrm_team_users; the page and its calls need update_team
        // (spec 3 §6), so a conference leader is not offered a page that would refuse them.
        when: both(team('read_dcrm_team_users'), team('update_team'), conference),
      },
      {
        id: 'team-recent-activity',
        path: '/team/recent-activity',
        label: 'recentActivity',
        when: team('read_own_activity_log'),
      },
      { id: 'team-switch', path: '/team/switch', label: 'switchTeam', when: multipleTeams },
      { id: 'team-group-switch', path: '/group/switch', label: 'switchGroup' },
    ],
  },
  {
    id: 'group',
    path: '/group',
    label: 'myGroup',
    icon: IconUsers,
    when: nonPrimaryGroup,
    children: [
      { id: 'group-users', path: '/group/users', label: 'groupUsers' },
      {
        id: 'group-recent-activity',
        path: '/group/recent-activity',
        label: 'recentActivity',
        when: group('read_own_activity_log'),
      },
      { id: 'group-switch', path: '/group/switch', label: 'switchGroup' },
    ],
  },
  { id: 'notifications', path: '/notifications', label: 'notifications', icon: IconBell },
  {
    id: 'profile',
    path: '/profile',
    label: 'myProfile',
    icon: IconUser,
    children: [{ id: 'profile-switch-team', path: '/profile/switch-team', label: 'switchTeam', when: multipleTeams }],
  },
  { id: 'logout', path: '/logout', label: 'logout', icon: IconLogout },
]

function toVisible(entry: MenuEntry, context: MenuContext): VisibleMenuItem | null {
  if (entry.when && !entry.when(context)) return null
  const children = (entry.children ?? []).map((child) => toVisible(child, context)).filter((child): child is VisibleMenuItem => child !== null)
  const badges = new Set<BadgeKind>(entry.badges ?? [])
  if (entry.childBadges) for (const child of children) for (const badge of child.badges) badges.add(badge)
  return { id: entry.id, path: entry.path, label: entry.label, icon: entry.icon, badges: [...badges], children }
}

/** The entries and children whose conditions hold, with the badges they carry. */
export function visibleMenu(context: MenuContext, table: readonly MenuEntry[] = menuTable): VisibleMenuItem[] {
  return table.map((entry) => toVisible(entry, context)).filter((entry): entry is VisibleMenuItem => entry !== null)
}

export interface RenderedMenuItem extends Omit<VisibleMenuItem, 'children'> {
  /** False when the entry's own screen is not built yet: it only opens its children. */
  linked: boolean
  children: RenderedMenuItem[]
}

/**
 * Keeps what can be opened: entries whose screen is built, and parents whose own screen
 * is not built yet but which have built children (shown as a label that expands).
 */
export function builtMenu(items: VisibleMenuItem[], isBuilt: (path: string) => boolean): RenderedMenuItem[] {
  const rendered: RenderedMenuItem[] = []
  for (const item of items) {
    const children = builtMenu(item.children, isBuilt)
    const linked = isBuilt(item.path)
    if (!linked && children.length === 0) continue
    // A count carried up from a child that cannot be opened would lead nowhere.
    const fromChildren = new Set(item.children.flatMap((child) => child.badges))
    const openable = new Set(children.flatMap((child) => child.badges))
    const badges = item.badges.filter((badge) => !fromChildren.has(badge) || openable.has(badge))
    rendered.push({ ...item, badges, linked, children })
  }
  return rendered
}
