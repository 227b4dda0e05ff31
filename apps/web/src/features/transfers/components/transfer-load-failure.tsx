import { useTranslation } from 'react-i18next'
import { RecordLoadFailure } from '../../../components/record-load-failure'
import { NotAllowedScreen } from '../../../components/status-screens'
import { isApiError } from '../../../lib/api'

/**
 * A transfer that could not be read: 403 shows the not-allowed page (spec 3 §6, §8); 404 (or
 * a bad id) says it does not exist, as the events do; anything else that it failed.
 */
export function TransferLoadFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('transfers')
  if (isApiError(error) && error.status === 403) return <NotAllowedScreen message={t('notAllowed')} />
  return <RecordLoadFailure error={error} texts={{ notFound: t('view.notFound'), failed: t('view.loadFailed'), back: t('view.back') }} backTo="/transfers" />
}
