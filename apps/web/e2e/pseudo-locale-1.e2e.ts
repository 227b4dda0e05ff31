import { describeLocaleWalk } from './locale-walk'

// The pseudo-locale walk (locale-walk.ts), dealt to two files as the route walk is: the pages
// before sign-in, and a church's owner and member, each pressing every button.
describeLocaleWalk(
  'xx',
  [
    { email: 'owner@example.org', buttons: true },
    { email: 'member@example.org', buttons: true },
  ],
  { publicPages: true },
)
