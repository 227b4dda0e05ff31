import type { ReactNode } from 'react'
import { Anchor, Box, Container, Group, Text } from '@mantine/core'
import { useSite } from '../lib/site'
import { SiteFooter } from './shell/site-footer'
import type { SiteLink } from '../components/site-link'

/** The frame of pages outside the shell: sign-in, content pages, errors. */
export function PageFrame({ link, children }: { link: SiteLink; children: ReactNode }) {
  const site = useSite()
  return (
    <Container size="md" py="md">
      <Group component="header" justify="space-between" mb="xl">
        {/* A link only with its name (an empty one has no accessible text); the space keeps the header's height. */}
        {site?.site_name ? (
          <Anchor component={link} to="/" fw={700} size="lg" underline="never">
            {site.site_name}
          </Anchor>
        ) : (
          <Text component="span" fw={700} size="lg" aria-hidden="true">
            {'\u00a0'}
          </Text>
        )}
      </Group>
      <Box component="main" id="main" mih="60vh">
        {children}
      </Box>
      <SiteFooter link={link} />
    </Container>
  )
}
