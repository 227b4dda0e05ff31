import { useLocation, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Loader, Stack, Title, Typography } from '@mantine/core'
import { NotFoundScreen } from '../../../components/status-screens'
import { isApiError } from '../../../lib/api'
import { usePageTitle } from '../../../lib/page-title'
import { slugPattern, useContentPage } from '../queries'

/** /privacy, /terms, /code-of-conduct and any /:slug: a title and the server-sanitised HTML. */
export function ContentPage() {
  const { t, i18n } = useTranslation(['site', 'common'])
  const params = useParams()
  const { pathname } = useLocation()
  const slug = params.slug ?? pathname.replace(/^\/+|\/+$/g, '')
  const page = useContentPage(slug, i18n.language)
  usePageTitle(page.data?.title ?? '')

  if (!slugPattern.test(slug) || (isApiError(page.error) && page.error.status === 404)) return <NotFoundScreen />
  if (page.isPending) return <Loader role="status" aria-label={t('common:loading')} />
  if (page.isError) {
    return (
      <Alert color="red" role="alert">
        {t('contentPage.loadFailed')}
      </Alert>
    )
  }
  return (
    <Stack component="article" gap="md">
      <Title order={1}>{page.data.title}</Title>
      <Typography>
        {/* The server sanitises content pages before storing them (DESIGN.md §4). */}
        <div dangerouslySetInnerHTML={{ __html: page.data.content }} />
      </Typography>
    </Stack>
  )
}

export { ContentPage as Component }
