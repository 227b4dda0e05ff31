import { and, eq, inArray } from 'drizzle-orm'
import { defaultMapTiles, type ContentPage, type Site } from '@crm/domain'
import { contentPages } from '../../db/schema/index'
import type { Executor } from '../../db/client'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { sanitizeRichText } from '../../platform/sanitize'
import { defaultContentPages } from './default-content-pages'

export const supportedLocales = ['en', 'es']

export function siteData(deps: Deps): Site {
  const { config } = deps
  return {
    site_name: config.siteName,
    support_email: config.supportEmail,
    mobile_breakpoint: config.mobileBreakpoint,
    public_url: config.publicUrl,
    locales: supportedLocales,
    captcha: config.recaptchaSecret ? 'recaptcha' : 'altcha',
    recaptcha_site_key: config.recaptchaSecret ? (config.recaptchaSiteKey ?? null) : null,
    map_tiles_url: config.mapTilesUrl ?? defaultMapTiles.url,
    map_tiles_attribution: config.mapTilesAttribution ?? defaultMapTiles.attribution,
  }
}

/** A content page in the locale asked for, else in English. */
export async function getContentPage(deps: Deps, slug: string, locale = 'en'): Promise<ContentPage> {
  const rows = await deps.db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), inArray(contentPages.locale, [locale, 'en'])))
  const page = rows.find((row) => row.locale === locale) ?? rows.find((row) => row.locale === 'en')
  if (!page) throw new AppError('not_found')
  return { slug: page.slug, title: page.title, content: page.content_html }
}

/** Inserts the default pages that are missing; edited pages are left alone. */
export async function seedContentPages(db: Executor, deps: Pick<Deps, 'config'>): Promise<void> {
  const pages = defaultContentPages(deps.config.siteName, deps.config.supportEmail)
  await db
    .insert(contentPages)
    .values(pages.map((page) => ({ ...page, content_html: sanitizeRichText(page.content_html) })))
    .onConflictDoNothing()
}
