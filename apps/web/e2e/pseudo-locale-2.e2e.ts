import { describeLocaleWalk } from './locale-walk'

// The pseudo-locale walk (locale-walk.ts), second half: the conference's officer presses every
// button; a church's leader and the site admin walk the routes and tabs.
describeLocaleWalk('xx', [{ email: 'entity@example.org', buttons: true }, { email: 'leader@example.org' }, { email: 'admin@example.org' }])
