import { z } from 'zod'
import { defineCall } from './define'

export const siteSchema = z.object({
  site_name: z.string(),
  support_email: z.string(),
  /** Below this width in pixels the mobile menu shows (spec 1 §2). */
  mobile_breakpoint: z.number().int(),
  public_url: z.string(),
  locales: z.array(z.string()),
  captcha: z.enum(['altcha', 'recaptcha']),
  recaptcha_site_key: z.string().nullable(),
  /** The map's tile URL template ({z}/{x}/{y}) and the attribution the map shows with it. */
  map_tiles_url: z.string(),
  map_tiles_attribution: z.string(),
})
export type Site = z.infer<typeof siteSchema>

export const contentPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
})
export type ContentPage = z.infer<typeof contentPageSchema>

export const siteCalls = {
  site: defineCall({
    method: 'GET',
    path: '/site',
    request: z.object({}),
    response: siteSchema,
    summary: 'Site data: name, support email, mobile breakpoint',
  }),
  contentPage: defineCall({
    method: 'GET',
    path: '/content-page/:slug',
    params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,100}$/) }),
    request: z.object({ locale: z.string().max(10).optional() }),
    response: contentPageSchema,
    summary: 'A content page: privacy, terms, code of conduct or any slug',
  }),
}
