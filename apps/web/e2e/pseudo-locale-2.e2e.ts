import { describeLocaleWalk } from './locale-walk'

// The state walk (locale-walk.ts) at 1280 px in the pseudo-locale, second half: the
// conference's officer, a church's leader and the site admin, each pressing every button, and
// a person still waiting to be let into a team.
describeLocaleWalk('xx', [
  { email: 'entity@example.org', buttons: true },
  { email: 'leader@example.org', buttons: true },
  { email: 'admin@example.org', buttons: true },
  { email: 'pending@example.org' },
])
