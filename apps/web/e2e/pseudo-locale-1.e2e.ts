import { describeLocaleWalk } from './locale-walk'

// The state walk (locale-walk.ts) at 1280 px in the pseudo-locale, dealt to two files as the
// route walk is: the pages before sign-in, and a church's owner and member, each pressing every
// button. Spanish on a 390 px phone walks the same states (spanish-walk-*.e2e.ts).
describeLocaleWalk(
  'xx',
  [
    { email: 'owner@example.org', buttons: true },
    { email: 'member@example.org', buttons: true },
  ],
  { publicPages: true },
)
