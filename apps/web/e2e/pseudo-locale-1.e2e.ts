import { describeLocaleWalk } from './locale-walk'

// The pseudo-locale walk (locale-walk.ts), dealt to two files as the route walk is: a church's
// owner presses every button; its member walks the routes and tabs.
describeLocaleWalk('xx', [{ email: 'owner@example.org', buttons: true }, { email: 'member@example.org' }])
