import { queryOptions, useQuery } from '@tanstack/react-query'
import { siteCalls } from '@crm/domain'
import { callApi } from '../../lib/api'
import { fetchSite } from '../../lib/site'

/**
 * The site's public data, the same for everyone: GET site (under the root key itself) and the
 * content pages. It stays in the cache when the person signs out.
 */
export const siteKeys = {
  all: ['site'] as const,
  contentPage: (slug: string, locale: string) => [...siteKeys.all, 'content-page', slug, locale] as const,
}

/** GET site, loaded once per page load (app/providers.tsx gives it to useSite()). */
export function siteQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.all,
    queryFn: ({ signal }) => fetchSite(signal),
    staleTime: Infinity,
  })
}

/** Slugs the content-page call accepts. */
export const slugPattern = /^[a-z0-9-]{1,100}$/

/** GET content-page/:slug in the interface's locale. */
export function contentPageQueryOptions(slug: string, locale: string) {
  return queryOptions({
    queryKey: siteKeys.contentPage(slug, locale),
    queryFn: ({ signal }) => callApi(siteCalls.contentPage, { params: { slug }, input: { locale }, signal }),
    enabled: slugPattern.test(slug),
    staleTime: 5 * 60_000,
  })
}

export function useContentPage(slug: string, locale: string) {
  return useQuery(contentPageQueryOptions(slug, locale))
}
