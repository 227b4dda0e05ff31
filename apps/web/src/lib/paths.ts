/**
 * The routes whose screens are built. The menu shows only these; later issues add
 * /contacts, /events, /team, /profile, /notifications and the rest as they build them
 * (app/router.tsx must then define each one: its table is typed by this list).
 */
export const builtPaths = [
  '/',
  '/login',
  '/logout',
  '/signup',
  '/activate',
  '/reset-password',
  '/accept-invite',
  '/profile',
  '/loading',
  '/error',
  '/privacy',
  '/terms',
  '/code-of-conduct',
  '/team/switch',
  '/profile/switch-team',
  '/group/switch',
  '/contacts/group/switch',
  '/contacts',
  '/contacts/new',
  '/contacts/view/:id',
  '/contacts/edit/:id',
  '/events',
  '/events/new',
  '/events/view/:id',
  '/events/edit/:id',
  '/team',
  '/group',
  '/team/edit',
  '/group/edit',
  '/team/users',
  '/group/users',
  '/team/recent-activity',
  '/group/recent-activity',
  '/team/membership-requests',
  '/team/membership-requests/:team_id',
  '/team/owner-requests',
  '/team/manage-sub-teams',
  '/team/manage-sub-teams/new',
  '/team/manage-sub-teams/edit/:id',
  '/notifications',
  '/manage-notifications',
  '/manage-notifications/missed-activities',
  '/manage-notifications/unassigned-contacts',
  '/contacts/map',
  '/contacts/duplicates',
  '/contacts/duplicates/merge',
  '/contacts/erasures',
  '/contacts/import-and-share',
  '/contacts/import-and-share/new',
  '/contacts/import-and-share/edit/:id',
  '/contacts/import-and-share/all',
  '/transfers',
  '/transfers/new',
  '/transfers/view/:id',
  '/transfers/edit/:id',
  '/reports',
] as const

export type BuiltPath = (typeof builtPaths)[number]

export function isBuiltPath(path: string): path is BuiltPath {
  return (builtPaths as readonly string[]).includes(path)
}
