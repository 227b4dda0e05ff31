import { createContext, useContext } from 'react'
import { siteCalls } from '@crm/domain'
import { callApi, type OutputOf } from './api'

export type Site = OutputOf<typeof siteCalls.site>

/**
 * GET site. The app reads it through its query (features/site/queries.ts); the sign-in page
 * calls this alone, so its bundle carries no query library.
 */
export function fetchSite(signal: AbortSignal): Promise<Site> {
  return callApi(siteCalls.site, { signal })
}

/**
 * The site data of the page: the app fills it from its query cache (app/providers.tsx), the
 * sign-in page from one fetch of its own (app/sign-in-app.tsx), which keeps the query
 * library out of the sign-in bundle.
 */
export const SiteContext = createContext<Site | undefined>(undefined)

/** Site data: name, support email, mobile breakpoint (GET site); undefined until it arrives. */
export function useSite(): Site | undefined {
  return useContext(SiteContext)
}

/** Used until site data arrives and if it cannot be loaded. */
export const defaultMobileBreakpoint = 768
