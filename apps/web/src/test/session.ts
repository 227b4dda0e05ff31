import { accountCalls, type Account } from '@crm/domain'
import { storeSelection } from '../lib/session'
import { signIn } from './fixtures'
import { mockCall, server } from './server'

/** Signs in as the account (GET user answers it) with the given team and group stored. */
export function signedInAs(account: Account, selection?: { teamId: number; groupId: number }): { userCalls: () => number } {
  signIn()
  if (selection) storeSelection(selection)
  let calls = 0
  server.use(
    mockCall(accountCalls.user, () => {
      calls++
      return account
    }),
  )
  return { userCalls: () => calls }
}
