import { useMemo } from 'react'
import type { TransferEdit } from '@crm/domain'
import { useSession } from '../../session/session'
import { useLookup } from '../../lookups/queries'
import type { ConferenceChoice } from './transfer-form'

/**
 * The conferences the form offers (docs/decisions.md "Transfers", as the server checks them):
 * from, the selected conference that plans it; to, that one or another the caller plans
 * transfers in (create_transfer there); a site admin may send a pastor to any conference.
 * A stored transfer's conferences stay choices.
 */
export function useTransferConferences(stored: TransferEdit | null = null) {
  const { account, team, teams } = useSession()
  const isSiteAdmin = account?.role === 'admin'
  const all = useLookup('conferences', { enabled: isSiteAdmin })
  return useMemo(() => {
    const from = new Map<number, string>()
    const to = new Map<number, string>()
    if (team) {
      from.set(team.id, team.title)
      to.set(team.id, team.title)
    }
    if (stored) {
      from.set(stored.from_conference_id, stored.from_conference_name)
      to.set(stored.to_conference_id, stored.to_conference_name)
    }
    for (const other of teams) if (other.is_conference && other.user_capabilities.create_transfer === true) to.set(other.id, other.title)
    if (isSiteAdmin) for (const item of all.data ?? []) if (Number(item.id) > 0) to.set(Number(item.id), item.title)
    const list = (choices: Map<number, string>): ConferenceChoice[] => [...choices].map(([id, title]) => ({ id, title }))
    return { from: list(from), to: list(to) }
  }, [team, teams, stored, isSiteAdmin, all.data])
}
