import { describeLocaleWalk } from './locale-walk'

// The same walk in Spanish (locale-walk.ts): no English before sign-in, on any route or tab of a
// church's owner or the conference's officer, nor in what the owner's buttons open.
describeLocaleWalk('es', [{ email: 'owner@example.org', buttons: true }, { email: 'entity@example.org' }], { publicPages: true })
