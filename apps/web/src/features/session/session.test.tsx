import { describe, expect, it } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { clearSession } from '../../lib/session'
import { buildAccount, buildSite, buildTeam } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { signedInAs } from '../../test/session'
import { contactKeys } from '../contacts/queries'
import { siteKeys } from '../site/queries'
import { sessionKeys } from './queries'
import { useSession } from './session'

function Status() {
  const { status, team } = useSession()
  return (
    <p>
      {status} {team?.title ?? 'no team'}
    </p>
  )
}

describe('SessionProvider', () => {
  it('on sign-out keeps only the site data (GET site, content pages) in the cache', async () => {
    signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church' })]), { teamId: 10, groupId: 10 })
    const { queryClient } = renderWithProviders(<Status />)
    expect(await screen.findByText('ready Grace Church')).toBeInTheDocument()
    const page = { slug: 'privacy', title: 'Privacy policy', content: '<p>Kept safe.</p>' }
    queryClient.setQueryData(siteKeys.all, buildSite())
    queryClient.setQueryData(siteKeys.contentPage('privacy', 'en'), page)
    queryClient.setQueryData(contactKeys.detail(42), { name: 'Anna Lee' })

    act(() => clearSession())

    expect(await screen.findByText('signed-out no team')).toBeInTheDocument()
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.user())).toBeUndefined())
    expect(queryClient.getQueryData(contactKeys.detail(42))).toBeUndefined()
    expect(queryClient.getQueryData(siteKeys.all)).toEqual(buildSite())
    expect(queryClient.getQueryData(siteKeys.contentPage('privacy', 'en'))).toEqual(page)
  })
})
