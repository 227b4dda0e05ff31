import type { ComponentPropsWithRef, ReactNode } from 'react'

/**
 * The component a frame's own links render with (`to` a path of this site): the router's
 * Link inside the app, DocumentLink on the sign-in page, which has no router (login.html).
 */
export type SiteLink = (props: Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string }) => ReactNode

/** A plain link that loads the page: the sign-in page's links into the app. */
export function DocumentLink({ to, children, ...props }: Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string }) {
  return (
    <a href={to} {...props}>
      {children}
    </a>
  )
}
