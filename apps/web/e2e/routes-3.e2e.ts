import { describeRouteWalk } from './route-walk'

// The route × role walk (route-walk.ts): a 390 px phone.
describeRouteWalk('on a 390 px phone', { width: 390, height: 844 }, ['owner@example.org', 'member@example.org', 'entity@example.org'])
