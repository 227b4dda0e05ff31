import type { FastifyInstance } from 'fastify'
import { placeCalls } from '@crm/domain'
import { createPlaceSuggester } from './place-suggesters'
import { addRoute, signedIn } from '../../platform/route'
import { suggestPlaces } from './places.service'

export async function placeRoutes(app: FastifyInstance) {
  // One suggester for the app's life, as the configuration chose it.
  const suggester = createPlaceSuggester(app.deps)

  addRoute(app, placeCalls.placeSuggestions, signedIn, async ({ viewer, input }) => ({
    items: await suggestPlaces(suggester, viewer, input),
  }))
}
