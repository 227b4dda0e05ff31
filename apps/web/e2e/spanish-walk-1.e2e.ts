import { describeLocaleWalk } from './locale-walk'

// The state walk (locale-walk.ts) in Spanish on a 390 px phone: no English and nothing axe-core
// finds before sign-in, nor on any route, tab or what the buttons open (the phone's menu among
// them) of a church's owner and member.
const phone = { width: 390, height: 844 }
describeLocaleWalk(
  'es',
  [
    { email: 'owner@example.org', buttons: true },
    { email: 'member@example.org', buttons: true },
  ],
  { publicPages: true, viewport: phone },
)
