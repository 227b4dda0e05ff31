import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { setupUser } from '../test/user'
import { routeLinkAttribute, useRevealedRows, useRouteLinkClicks } from './long-lists'

function Rows({ total }: { total: number }) {
  const revealed = useRevealedRows(total)
  const onClick = useRouteLinkClicks()
  return (
    // Delegated clicks of the rows' links, as the contact list does (Enter on a link clicks it).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <ul aria-label="People" onClick={onClick}>
      {Array.from({ length: revealed }, (_, index) => (
        <li key={index}>
          <a href={`/contacts/view/${index + 1}`} {...{ [routeLinkAttribute]: '' }}>
            Person {index + 1}
          </a>
        </li>
      ))}
    </ul>
  )
}

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>
}

function renderRows(total: number) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Rows total={total} />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/contacts'] },
  )
  return render(<RouterProvider router={router} />)
}

describe('long lists (issue #10 item 4)', () => {
  it('shows the first 25 rows at once and the rest of the page right after', async () => {
    renderRows(60)
    expect(screen.getAllByRole('link')).toHaveLength(25)
    await screen.findByRole('link', { name: 'Person 60' })
    expect(screen.getAllByRole('link')).toHaveLength(60)
  })

  it('a short page shows whole', () => {
    renderRows(7)
    expect(screen.getAllByRole('link')).toHaveLength(7)
  })

  it('a plain click on a row link opens its page in the app', async () => {
    const user = setupUser()
    renderRows(3)
    await user.click(screen.getByRole('link', { name: 'Person 2' }))
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/contacts/view/2')
  })

  it('a click with a modifier key is left to the browser (a new tab): the app stays where it is', async () => {
    const user = setupUser()
    renderRows(3)
    const link = screen.getByRole('link', { name: 'Person 2' })
    await user.keyboard('{Control>}')
    await user.click(link)
    await user.keyboard('{/Control}')
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/contacts')
    expect(screen.getByRole('status', { name: 'path' })).not.toHaveTextContent('/contacts/view')
  })
})
