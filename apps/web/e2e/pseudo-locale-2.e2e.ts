import { describeLocaleWalk } from './locale-walk'

// The pseudo-locale walk (locale-walk.ts), second half: the conference's officer, a church's
// leader and the site admin, each pressing every button.
describeLocaleWalk('xx', [
  { email: 'entity@example.org', buttons: true },
  { email: 'leader@example.org', buttons: true },
  { email: 'admin@example.org', buttons: true },
])
