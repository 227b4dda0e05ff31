import { useTranslation } from 'react-i18next'
import { Alert, Stack, Title } from '@mantine/core'
import { FullPageLoader } from '../../../components/status-screens'
import { usePageTitle } from '../../../lib/page-title'
import { ResetCalendarUrls } from '../../calendar/components/reset-calendar-urls'
import { ProfileForm } from '../components/profile-form'
import { RemoveAccount } from '../components/remove-account'
import { TwoFactorSettings } from '../components/two-factor-settings'
import { useProfile } from '../queries'

/** /profile (spec 3 §2.6): the signed-in person's profile, two-factor sign-in, calendar links and account removal. */
export function ProfilePage() {
  const { t } = useTranslation('account')
  const profile = useProfile()
  usePageTitle(t('profile.pageName'))

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('profile.title')}</Title>
      {profile.isPending && <FullPageLoader />}
      {profile.isError && (
        <Alert color="red" role="alert">
          {t('profile.loadFailed')}
        </Alert>
      )}
      {profile.data && (
        <>
          <ProfileForm profile={profile.data} />
          <TwoFactorSettings profile={profile.data} onChanged={() => profile.refetch()} />
          <ResetCalendarUrls />
          <RemoveAccount twoFactorEnabled={profile.data.two_factor_enabled} />
        </>
      )}
    </Stack>
  )
}

export { ProfilePage as Component }
