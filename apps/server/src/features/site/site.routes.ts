import type { FastifyInstance } from 'fastify'
import { siteCalls } from '@crm/domain'
import { addRoute, publicAccess } from '../../platform/route'
import { getContentPage, siteData } from './site.service'

export async function siteRoutes(app: FastifyInstance) {
  addRoute(app, siteCalls.site, publicAccess, ({ deps }) => siteData(deps))

  addRoute(app, siteCalls.contentPage, publicAccess, ({ deps, params, input }) => getContentPage(deps, params.slug, input.locale))
}
