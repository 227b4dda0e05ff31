import { useEffect } from 'react'
import { useSite } from './site'

/** Sets document.title to '<site name> - <page name>' (spec 1 §1). */
export function usePageTitle(pageName: string): void {
  const siteName = useSite()?.site_name
  useEffect(() => {
    document.title = [siteName, pageName].filter(Boolean).join(' - ')
  }, [siteName, pageName])
}
