import type { PlaceSuggestion } from '@crm/domain'
import type { PlaceSuggester } from './place-suggesters'
import type { Viewer } from '../../platform/access'

const suggestionLimit = 10
/** Shorter searches match too much to be useful (and would only load the service). */
const minimumSearch = 3

/** GET place-suggestions: addresses for an address field, Australian ones first. */
export async function suggestPlaces(
  suggester: PlaceSuggester,
  viewer: Viewer,
  input: { search: string; country_code?: string | undefined; locale?: string | undefined },
): Promise<PlaceSuggestion[]> {
  const search = input.search.trim()
  if (search.length < minimumSearch) return []
  return suggester.suggest({
    search,
    countryCode: input.country_code,
    locale: input.locale ?? viewer.locale,
    limit: suggestionLimit,
    personId: viewer.personId,
  })
}
