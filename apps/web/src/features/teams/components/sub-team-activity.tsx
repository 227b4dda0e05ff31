import { useTranslation } from 'react-i18next'
import { Badge } from '@mantine/core'

/** Days of the activity thresholds (spec 1 §6): under 14 success, up to 90 warning, over 90 danger. */
export const recentActivityDays = 14
export const staleActivityDays = 90

export type ActivityLevel = 'success' | 'warning' | 'danger'

const dayMs = 24 * 3600 * 1000

/** The indicator of a last sign-in: never signed in is danger. */
export function activityLevel(lastLogin: string | null, now: Date = new Date()): ActivityLevel {
  if (!lastLogin) return 'danger'
  const days = (now.getTime() - Date.parse(lastLogin)) / dayMs
  if (days < recentActivityDays) return 'success'
  if (days <= staleActivityDays) return 'warning'
  return 'danger'
}

const colours: Record<ActivityLevel, string> = { success: 'green', warning: 'yellow', danger: 'red' }

/** A coloured badge with a text label, so the colour is never the only sign. */
export function SubTeamActivity({ who, lastLogin, hasOwner = true }: { who: 'owner' | 'members'; lastLogin: string | null; hasOwner?: boolean }) {
  const { t } = useTranslation('sub-teams')
  const level = activityLevel(lastLogin)
  const state = who === 'owner' && !hasOwner ? 'noOwner' : lastLogin === null ? 'never' : level
  return (
    <Badge color={colours[level]} variant="light" data-level={level} tt="none">
      {t(`activity.${who}`)}: {t(`activity.${state}`)}
    </Badge>
  )
}
