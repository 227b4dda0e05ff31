import { describeRouteWalk } from './route-walk'

// The route × role walk (route-walk.ts): 1280 px, the conference's, the site's and a pending account.
describeRouteWalk('at 1280 px', { width: 1280, height: 900 }, ['entity@example.org', 'admin@example.org', 'pending@example.org'])
