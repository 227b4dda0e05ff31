import type { ReactNode } from 'react'
import { Link, Outlet } from 'react-router'
import { PageFrame } from './public-frame'

/** The frame of the app's pages outside the shell, with the router's links. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return <PageFrame link={Link}>{children}</PageFrame>
}

export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  )
}
