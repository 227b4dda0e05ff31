import type { ReactNode } from 'react'
import { Anchor, Box, Container, Group } from '@mantine/core'
import { useSite } from '../lib/site'
import { SiteFooter } from './shell/site-footer'
import type { SiteLink } from '../components/site-link'

/** The frame of pages outside the shell: sign-in, content pages, errors. */
export function PageFrame({ link, children }: { link: SiteLink; children: ReactNode }) {
  const site = useSite()
  return (
    <Container size="md" py="md">
      <Group component="header" justify="space-between" mb="xl">
        <Anchor component={link} to="/" fw={700} size="lg" underline="never">
          {site?.site_name ?? '\u00a0'}
        </Anchor>
      </Group>
      <Box component="main" id="main" mih="60vh">
        {children}
      </Box>
      <SiteFooter link={link} />
    </Container>
  )
}
