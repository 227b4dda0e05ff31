import { createContext } from 'react'
import { defaultTimeZone } from '@crm/domain'

/**
 * The selected team's time zone; the session provides it (the default zone without a team).
 * Apart from lib/date-format.ts, so the session (in every page's first JavaScript) does not
 * bring the formatters.
 */
export const TeamTimeZoneContext = createContext<string>(defaultTimeZone)
