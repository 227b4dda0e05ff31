import { describeRouteWalk } from './route-walk'

// The route × role walk (route-walk.ts): 1280 px, the church's accounts.
describeRouteWalk('at 1280 px', { width: 1280, height: 900 }, ['owner@example.org', 'leader@example.org', 'member@example.org'])
