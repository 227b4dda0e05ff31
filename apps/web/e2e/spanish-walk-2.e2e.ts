import { describeLocaleWalk } from './locale-walk'

// The state walk (locale-walk.ts) in Spanish on a 390 px phone, second half: the conference's
// officer, a church's leader, the site admin and a person waiting to be let in.
const phone = { width: 390, height: 844 }
describeLocaleWalk(
  'es',
  [
    { email: 'entity@example.org', buttons: true },
    { email: 'leader@example.org', buttons: true },
    { email: 'admin@example.org', buttons: true },
    { email: 'pending@example.org' },
  ],
  { viewport: phone },
)
