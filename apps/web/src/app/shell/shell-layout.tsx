import { lazy, Suspense, type ReactNode } from 'react'
import { Link, Navigate, Outlet, useLocation, useMatches } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, AppShell, Box, Burger, Drawer, Group, ScrollArea } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { loadChunk } from '../../lib/chunk-reload'
import { loginPath } from '../../lib/safe-redirect'
import { defaultMobileBreakpoint, useSite } from '../../lib/site'
import { AwaitingApproval } from '../../features/dashboard/components/awaiting-approval'
import { NoTeamState } from '../../features/dashboard/components/no-team-state'
import { useSession } from '../../features/session/session'
import { NotificationsBell } from '../../features/notifications/components/notifications-panel'
import { FlashMessage } from '../../components/flash-message'
import { FullPageLoader, NotAllowedScreen } from '../../components/status-screens'
import { guardOutcome, type GuardOutcome, type RouteAccess, type RouteNeeds } from '../guard'
import { SelectionSummary } from './selection-summary'
import { SideMenu } from './side-menu'
import { SiteFooter } from './site-footer'

const SwitchTeamPage = lazy(() =>
  loadChunk(() => import('../../features/teams/pages/switch-team-page')).then((module) => ({
    default: module.Component,
  })),
)
const SwitchGroupPage = lazy(() =>
  loadChunk(() => import('../../features/teams/pages/switch-group-page')).then((module) => ({
    default: module.Component,
  })),
)

export interface ShellRouteHandle {
  access: RouteAccess
  needs?: RouteNeeds | undefined
}

function useRouteHandle(): ShellRouteHandle {
  const matches = useMatches()
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as Partial<ShellRouteHandle> | undefined
    if (handle?.access) return { access: handle.access, needs: handle.needs }
  }
  return { access: 'group' }
}

function replacementFor(outcome: GuardOutcome): ReactNode {
  switch (outcome) {
    case 'no-team':
      return <NoTeamState />
    case 'awaiting-approval':
      return <AwaitingApproval />
    case 'switch-team':
      return <SwitchTeamPage />
    case 'switch-group':
      return <SwitchGroupPage />
    case 'not-allowed':
      return <NotAllowedScreen />
    default:
      return <Outlet />
  }
}

/** The signed-in frame: header, side menu (a drawer on phones), content and footer, behind the route guard. */
export function ShellLayout() {
  const state = useSession()
  const { access, needs } = useRouteHandle()
  const location = useLocation()
  const outcome = guardOutcome(state, access, needs)
  if (outcome === 'login') return <Navigate replace to={loginPath(location.pathname + location.search)} />
  if (outcome === 'loading') return <FullPageLoader />
  return (
    <ShellFrame>
      <Suspense fallback={<FullPageLoader />}>{replacementFor(outcome)}</Suspense>
    </ShellFrame>
  )
}

function ShellFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell')
  const site = useSite()
  const breakpoint = site?.mobile_breakpoint ?? defaultMobileBreakpoint
  // Below the configured breakpoint the menu moves into a drawer opened by the burger.
  const isMobile = useMediaQuery(`(max-width: ${breakpoint - 0.02}px)`, false, { getInitialValueInEffect: false })
  const [opened, { toggle, close }] = useDisclosure(false)
  const [panelOpened, panel] = useDisclosure(false)

  return (
    <AppShell header={{ height: 60 }} navbar={isMobile ? undefined : { width: 270, breakpoint }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" gap="md" wrap="nowrap">
          <Anchor href="#main" className="skip-link">
            {t('skipToContent')}
          </Anchor>
          {isMobile && (
            <Burger
              opened={opened}
              onClick={() => {
                // Opening the menu collapses the notifications panel (spec 1 §2.10).
                panel.close()
                toggle()
              }}
              size="sm"
              aria-label={opened ? t('header.closeMenu') : t('header.openMenu')}
              aria-expanded={opened}
            />
          )}
          {/* Only with its name: an empty link while the site loads has no accessible text (axe, a slow CI run). */}
          {site?.site_name ? (
            <Anchor component={Link} to="/" fw={700} underline="never" c="inherit">
              {site.site_name}
            </Anchor>
          ) : null}
          <SelectionSummary />
          <Box ml="auto">
            <NotificationsBell opened={panelOpened} onToggle={panel.toggle} onClose={panel.close} isMobile={isMobile} />
          </Box>
        </Group>
      </AppShell.Header>
      {!isMobile && (
        <AppShell.Navbar p="xs">
          <ScrollArea>
            <SideMenu />
          </ScrollArea>
        </AppShell.Navbar>
      )}
      {isMobile && (
        <Drawer opened={opened} onClose={close} title={site?.site_name} size={Math.min(320, breakpoint)}>
          <SideMenu onNavigate={close} />
        </Drawer>
      )}
      <AppShell.Main id="main">
        <FlashMessage />
        {children}
        <SiteFooter link={Link} />
      </AppShell.Main>
    </AppShell>
  )
}
