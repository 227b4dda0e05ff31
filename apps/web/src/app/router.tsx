import type { ComponentType, ReactNode } from 'react'
import type { RouteObject } from 'react-router'
import { loadChunk } from '../lib/chunk-reload'
import { i18next, loadAllTexts } from '../lib/i18n'
import { FullPageLoader, LoadingPage, ErrorScreen, NotFoundScreen } from '../components/status-screens'
import type { RouteAccess, RouteNeeds } from './guard'
import type { BuiltPath } from '../lib/paths'
import { PublicLayout } from './public-layout'
import { RouteErrorScreen } from './route-error-screen'
import { RootLayout } from './root-layout'
import { SignInPageLoad } from './sign-in-page-load'
import type { ShellRouteHandle } from './shell/shell-layout'

type PageModule = { Component: ComponentType }
type PageLoader = () => Promise<PageModule>

/** A page whose texts are not all in the entry: it loads with the rest of the translations. */
const withAllTexts =
  (load: PageLoader): PageLoader =>
  () =>
    Promise.all([load(), loadAllTexts()]).then(([module]) => module)

// Sections load on demand; a failed load reloads the page once per session (loadChunk).
// The sign-in pages need only the texts in the entry (common, errors, auth; lib/i18n.ts).
const pages = {
  dashboard: withAllTexts(() => import('../features/dashboard/pages/dashboard-page')),
  logout: () => import('../features/auth/pages/logout-page'),
  signup: () => import('../features/auth/pages/signup-page'),
  activate: () => import('../features/auth/pages/activate-page'),
  resetPassword: () => import('../features/auth/pages/reset-password-page'),
  // Opened from a mail, often on a phone: its own English texts, not all of English (~23 KiB).
  acceptInvite: () =>
    Promise.all([import('../features/teams/pages/accept-invite-page'), import('../locales/en/teams.json')]).then(([module, teams]) => {
      i18next.addResourceBundle('en', 'teams', teams.default, true, true)
      return module
    }),
  profile: withAllTexts(() => import('../features/account/pages/profile-page')),
  content: withAllTexts(() => import('../features/site/pages/content-page')),
  switchTeam: withAllTexts(() => import('../features/teams/pages/switch-team-page')),
  switchGroup: withAllTexts(() => import('../features/teams/pages/switch-group-page')),
  contacts: withAllTexts(() => import('../features/contacts/pages/contacts-page')),
  contactView: withAllTexts(() => import('../features/contacts/pages/contact-view-page')),
  contactNew: withAllTexts(() => import('../features/contacts/pages/contact-new-page')),
  contactEdit: withAllTexts(() => import('../features/contacts/pages/contact-edit-page')),
  events: withAllTexts(() => import('../features/events/pages/events-page')),
  eventView: withAllTexts(() => import('../features/events/pages/event-view-page')),
  eventNew: withAllTexts(() => import('../features/events/pages/event-new-page')),
  eventEdit: withAllTexts(() => import('../features/events/pages/event-edit-page')),
  team: withAllTexts(() => import('../features/teams/pages/team-page')),
  teamEdit: withAllTexts(() => import('../features/teams/pages/team-edit-page')),
  teamUsers: withAllTexts(() => import('../features/teams/pages/team-users-page')),
  recentActivity: withAllTexts(() => import('../features/activity/pages/recent-activity-page')),
  membershipRequests: withAllTexts(() => import('../features/teams/pages/membership-requests-page')),
  ownerRequests: withAllTexts(() => import('../features/teams/pages/owner-requests-page')),
  manageSubTeams: withAllTexts(() => import('../features/teams/pages/manage-sub-teams-page')),
  subTeamNew: withAllTexts(() => import('../features/teams/pages/sub-team-new-page')),
  subTeamEdit: withAllTexts(() => import('../features/teams/pages/sub-team-edit-page')),
  notifications: withAllTexts(() => import('../features/notifications/pages/notifications-page')),
  manageNotifications: withAllTexts(() => import('../features/notifications/pages/manage-notifications-page')),
  missedActivities: withAllTexts(() => import('../features/notifications/pages/missed-activities-page')),
  unassignedContacts: withAllTexts(() => import('../features/notifications/pages/unassigned-contacts-page')),
  contactsMap: withAllTexts(() => import('../features/contacts/pages/contacts-map-page')),
  possibleDuplicates: withAllTexts(() => import('../features/duplicates/pages/possible-duplicates-page')),
  mergeContacts: withAllTexts(() => import('../features/duplicates/pages/merge-contacts-page')),
  contactErasures: withAllTexts(() => import('../features/contact-data/pages/contact-erasures-page')),
  importAndShare: withAllTexts(() => import('../features/user-imports/pages/import-and-share-page')),
  userImportNew: withAllTexts(() => import('../features/user-imports/pages/user-import-new-page')),
  userImportEdit: withAllTexts(() => import('../features/user-imports/pages/user-import-edit-page')),
  userImportAll: withAllTexts(() => import('../features/user-imports/pages/user-import-all-page')),
  transfers: withAllTexts(() => import('../features/transfers/pages/transfers-page')),
  transferNew: withAllTexts(() => import('../features/transfers/pages/transfer-new-page')),
  transferView: withAllTexts(() => import('../features/transfers/pages/transfer-view-page')),
  transferEdit: withAllTexts(() => import('../features/transfers/pages/transfer-edit-page')),
  reports: withAllTexts(() => import('../features/reports/pages/reports-page')),
} satisfies Record<string, PageLoader>

const loadShell = () => Promise.all([import('./shell/shell-layout'), loadAllTexts()]).then(([module]) => ({ Component: module.ShellLayout }))

type RouteSpec =
  /** `needs`: what the selected team or group must allow; without it the not-allowed page shows. */
  | { frame: 'shell'; access: RouteAccess; page: PageLoader; needs?: RouteNeeds }
  | { frame: 'public'; page: PageLoader }
  | { frame: 'public'; element: ReactNode }
  /** Renders nothing of its own (logout; /login, which loads the sign-in page's bundle). */
  | { frame: 'none'; page: PageLoader }
  | { frame: 'none'; element: ReactNode }

const transferPlanning: RouteNeeds = { capability: 'create_transfer', conference: true }

/** Every built path and its screen (lib/paths.ts lists them for the menu). */
const routeTable: Record<BuiltPath, RouteSpec> = {
  '/': { frame: 'shell', access: 'group', page: pages.dashboard },
  '/profile': { frame: 'shell', access: 'account', page: pages.profile },
  '/team/switch': { frame: 'shell', access: 'account', page: pages.switchTeam },
  '/profile/switch-team': { frame: 'shell', access: 'account', page: pages.switchTeam },
  '/group/switch': { frame: 'shell', access: 'team', page: pages.switchGroup },
  '/contacts/group/switch': { frame: 'shell', access: 'team', page: pages.switchGroup },
  '/contacts': { frame: 'shell', access: 'group', page: pages.contacts },
  '/contacts/new': { frame: 'shell', access: 'group', page: pages.contactNew },
  '/contacts/view/:id': { frame: 'shell', access: 'group', page: pages.contactView },
  '/contacts/edit/:id': { frame: 'shell', access: 'group', page: pages.contactEdit },
  // Events are the team's (spec 3 §2.1): a team is enough.
  '/events': { frame: 'shell', access: 'team', page: pages.events },
  '/events/new': { frame: 'shell', access: 'team', page: pages.eventNew },
  '/events/view/:id': { frame: 'shell', access: 'team', page: pages.eventView },
  '/events/edit/:id': { frame: 'shell', access: 'team', page: pages.eventEdit },
  // Team administration (spec 3 §2.4): the team's pages need a team, the group's a group.
  '/team': { frame: 'shell', access: 'team', page: pages.team },
  '/group': { frame: 'shell', access: 'group', page: pages.team },
  '/team/edit': { frame: 'shell', access: 'team', page: pages.teamEdit },
  '/group/edit': { frame: 'shell', access: 'group', page: pages.teamEdit },
  '/team/users': { frame: 'shell', access: 'team', page: pages.teamUsers },
  '/group/users': { frame: 'shell', access: 'group', page: pages.teamUsers },
  '/team/recent-activity': { frame: 'shell', access: 'team', page: pages.recentActivity },
  '/group/recent-activity': { frame: 'shell', access: 'group', page: pages.recentActivity },
  '/team/membership-requests': { frame: 'shell', access: 'team', page: pages.membershipRequests },
  '/team/membership-requests/:team_id': { frame: 'shell', access: 'team', page: pages.membershipRequests },
  '/team/owner-requests': { frame: 'shell', access: 'team', page: pages.ownerRequests },
  '/team/manage-sub-teams': { frame: 'shell', access: 'team', page: pages.manageSubTeams },
  '/team/manage-sub-teams/new': { frame: 'shell', access: 'team', page: pages.subTeamNew },
  '/team/manage-sub-teams/edit/:id': { frame: 'shell', access: 'team', page: pages.subTeamEdit },
  // Notifications (spec 1 §2.10) are the account's; their management is the conference's (spec 3 §2.7).
  '/notifications': { frame: 'shell', access: 'account', page: pages.notifications },
  '/manage-notifications': { frame: 'shell', access: 'team', page: pages.manageNotifications },
  '/manage-notifications/missed-activities': { frame: 'shell', access: 'team', page: pages.missedActivities },
  '/manage-notifications/unassigned-contacts': { frame: 'shell', access: 'team', page: pages.unassignedContacts },
  // The map reads the group's contacts (contacts-for-map: read_contact in the group).
  '/contacts/map': { frame: 'shell', access: 'group', page: pages.contactsMap, needs: { capability: 'read_contact', of: 'group' } },
  // Possible duplicates (issue 40): who may remove the team's contacts may compare them (delete_contact, as the server).
  '/contacts/duplicates': { frame: 'shell', access: 'team', page: pages.possibleDuplicates, needs: { capability: 'delete_contact' } },
  // Merging two of them is the same people's (the server asks delete_contact in every team holding either).
  '/contacts/duplicates/merge': { frame: 'shell', access: 'team', page: pages.mergeContacts, needs: { capability: 'delete_contact' } },
  // The record of the team's erasures (issue 40 §2): for who may remove its contacts (delete_contact, as the server).
  '/contacts/erasures': { frame: 'shell', access: 'team', page: pages.contactErasures, needs: { capability: 'delete_contact' } },
  // Import-and-share is the conference's (spec 2 §2.4): a team is enough; each page checks the conference and update_user_import.
  '/contacts/import-and-share': { frame: 'shell', access: 'team', page: pages.importAndShare },
  '/contacts/import-and-share/new': { frame: 'shell', access: 'team', page: pages.userImportNew },
  '/contacts/import-and-share/edit/:id': { frame: 'shell', access: 'team', page: pages.userImportEdit },
  '/contacts/import-and-share/all': { frame: 'shell', access: 'team', page: pages.userImportAll },
  // Transfers are planned by a conference (create_transfer: the list, add, edit); the pastor opens one
  // from their church (read_transfer) (spec 3 §2.2, §6).
  '/transfers': { frame: 'shell', access: 'team', page: pages.transfers, needs: transferPlanning },
  '/transfers/new': { frame: 'shell', access: 'team', page: pages.transferNew, needs: transferPlanning },
  '/transfers/view/:id': { frame: 'shell', access: 'team', page: pages.transferView, needs: { capability: 'read_transfer' } },
  '/transfers/edit/:id': { frame: 'shell', access: 'team', page: pages.transferEdit, needs: transferPlanning },
  '/reports': { frame: 'shell', access: 'team', page: pages.reports },
  '/login': { frame: 'none', element: <SignInPageLoad /> },
  '/logout': { frame: 'none', page: pages.logout },
  '/signup': { frame: 'public', page: pages.signup },
  '/activate': { frame: 'public', page: pages.activate },
  '/reset-password': { frame: 'public', page: pages.resetPassword },
  '/accept-invite': { frame: 'public', page: pages.acceptInvite },
  '/loading': { frame: 'public', element: <LoadingPage /> },
  '/error': { frame: 'public', element: <ErrorScreen /> },
  '/privacy': { frame: 'public', page: pages.content },
  '/terms': { frame: 'public', page: pages.content },
  '/code-of-conduct': { frame: 'public', page: pages.content },
}

function toRoute(path: string, spec: RouteSpec): RouteObject {
  const location = path === '/' ? { index: true as const } : { path: path.slice(1) }
  const content = 'element' in spec ? { element: spec.element } : { lazy: () => loadChunk(spec.page) }
  const handle: ShellRouteHandle | undefined = spec.frame === 'shell' ? { access: spec.access, needs: spec.needs } : undefined
  return { ...location, ...content, handle } as RouteObject
}

const entries = Object.entries(routeTable) as Array<[BuiltPath, RouteSpec]>
const routesIn = (frame: RouteSpec['frame']) => entries.filter(([, spec]) => spec.frame === frame).map(([path, spec]) => toRoute(path, spec))

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      ...routesIn('none'),
      // The signed-in frame (menu, drawer, app shell) loads with the first signed-in page.
      { lazy: () => loadChunk(loadShell), children: routesIn('shell') },
      {
        element: <PublicLayout />,
        children: [
          ...routesIn('public'),
          // Any other single-segment path is a content page; deeper unknown paths are not found.
          { path: ':slug', lazy: () => loadChunk(pages.content) },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
]
