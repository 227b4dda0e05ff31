import { useMemo, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Badge, Group, NavLink, Stack, VisuallyHidden } from '@mantine/core'
import type { PendingItems } from '@crm/domain'
import { usePendingItems } from '../../features/teams/queries'
import { useSession, type SessionState } from '../../features/session/session'
import { isBuiltPath } from '../../lib/paths'
import { builtMenu, visibleMenu, type BadgeKind, type MenuContext, type RenderedMenuItem } from './menu'

export function menuContextOf(state: SessionState): MenuContext {
  return {
    accountLoaded: state.status === 'ready',
    accountRole: state.account?.role ?? null,
    team: state.team,
    group: state.group,
    teamsNumber: state.account?.teams_number ?? 0,
  }
}

const badgeText = { membership_requests: 'badges.membershipRequests', owner_requests: 'badges.ownerRequests' } as const

function MenuBadges({ kinds, counts }: { kinds: BadgeKind[]; counts: PendingItems | undefined }) {
  const { t } = useTranslation('shell')
  const shown = kinds.filter((kind) => (counts?.[kind] ?? 0) > 0)
  if (!counts || shown.length === 0) return null
  return (
    <Group gap={4} wrap="nowrap">
      {shown.map((kind) => (
        <Badge key={kind} size="sm" circle={counts[kind] < 10} color={kind === 'owner_requests' ? 'orange' : undefined}>
          <span aria-hidden="true">{counts[kind]}</span>
          <VisuallyHidden>{t(badgeText[kind], { count: counts[kind] })}</VisuallyHidden>
        </Badge>
      ))}
    </Group>
  )
}

function isWithin(pathname: string, item: RenderedMenuItem): boolean {
  if (item.path !== '/' && (pathname === item.path || pathname.startsWith(`${item.path}/`))) return true
  return item.children.some((child) => isWithin(pathname, child))
}

interface ItemProps {
  item: RenderedMenuItem
  counts: PendingItems | undefined
  onNavigate?: () => void
}

function MenuItem({ item, counts, onNavigate }: ItemProps) {
  const { t } = useTranslation('shell')
  const { pathname } = useLocation()
  const inside = isWithin(pathname, item)
  const [toggled, setToggled] = useState<boolean | null>(null)
  const Icon = item.icon
  const common = {
    label: (
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <span>{t(`menu.${item.label}`)}</span>
        <MenuBadges kinds={item.badges} counts={counts} />
      </Group>
    ),
    leftSection: Icon ? <Icon size={18} stroke={1.6} /> : undefined,
  }
  const children = item.children.map((child) => <MenuItem key={child.id} item={child} counts={counts} onNavigate={onNavigate} />)

  if (item.children.length === 0) {
    return <NavLink {...common} component={Link} to={item.path} active={pathname === item.path} onClick={onNavigate} />
  }

  const opened = toggled ?? inside
  if (!item.linked) {
    // The entry's own screen is not built yet: a label that opens its children.
    return (
      <NavLink {...common} component="button" type="button" opened={opened} onChange={setToggled} aria-expanded={opened}>
        {children}
      </NavLink>
    )
  }
  // A built screen with children: the link opens its screen; its children show inside its
  // section. It stays marked on the section's other pages (a contact's page), where no child is.
  const active = pathname === item.path || (inside && !item.children.some((child) => isWithin(pathname, child)))
  return (
    <>
      <NavLink {...common} component={Link} to={item.path} active={active} onClick={onNavigate} />
      {opened && (
        <Stack gap={0} pl="lg">
          {children}
        </Stack>
      )}
    </>
  )
}

/** The side menu of spec 1 §2: only entries whose conditions hold and whose screens are built. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell')
  const state = useSession()
  const team = state.team
  const counts = usePendingItems(team?.id ?? null, team !== null && team.user_role !== 'member_request').data
  const items = useMemo(() => builtMenu(visibleMenu(menuContextOf(state)), isBuiltPath), [state])
  return (
    <nav aria-label={t('menu.label')}>
      {items.map((item) => (
        <MenuItem key={item.id} item={item} counts={counts} onNavigate={onNavigate} />
      ))}
    </nav>
  )
}
