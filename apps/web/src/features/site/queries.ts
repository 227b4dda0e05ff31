import { useQuery } from '@tanstack/react-query'
import { siteCalls } from '@crm/domain'
import { callApi } from '../../lib/api'
import { siteQuery } from '../../lib/site'

/**
 * The site's public data, the same for everyone: GET site (lib/site.ts, under the root key
 * itself) and the content pages. It stays in the cache when the person signs out.
 */
export const siteKeys = {
  all: siteQuery.queryKey,
  contentPage: (slug: string, locale: string) => [...siteKeys.all, 'content-page', slug, locale] as const,
}

/** Slugs the content-page call accepts. */
export const slugPattern = /^[a-z0-9-]{1,100}$/

/** GET content-page/:slug in the interface's locale. */
export function useContentPage(slug: string, locale: string) {
  return useQuery({
    queryKey: siteKeys.contentPage(slug, locale),
    queryFn: ({ signal }) => callApi(siteCalls.contentPage, { params: { slug }, input: { locale }, signal }),
    enabled: slugPattern.test(slug),
    staleTime: 5 * 60_000,
  })
}
