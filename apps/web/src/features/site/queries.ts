import { useQuery } from '@tanstack/react-query'
import { siteCalls } from '@crm/domain'
import { callApi } from '../../lib/api'

/** Slugs the content-page call accepts. */
export const slugPattern = /^[a-z0-9-]{1,100}$/

/** GET content-page/:slug in the interface's locale. */
export function useContentPage(slug: string, locale: string) {
  return useQuery({
    queryKey: ['content-page', slug, locale],
    queryFn: ({ signal }) => callApi(siteCalls.contentPage, { params: { slug }, input: { locale }, signal }),
    enabled: slugPattern.test(slug),
    staleTime: 5 * 60_000,
  })
}
