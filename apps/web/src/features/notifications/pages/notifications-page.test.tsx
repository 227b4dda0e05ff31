import { describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { screen, waitFor, within } from '@testing-library/react'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { signedInAs } from '../../../test/session'
import { buildNotification, serveNotifications } from '../notifications.fixtures'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'member' })

function visit(path = '/notifications') {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  return renderApp(path)
}

describe('/notifications', () => {
  it('shows the same list as the panel, with its tabs (D1-2.10-08)', async () => {
    serveNotifications([
      buildNotification({ id: 1, importance: 'high', content: '<p>Urgent <b>prayer</b></p>', link_url: '/contacts/view/3', link_text: 'Open' }),
      buildNotification({ id: 2, content: '<p>Second</p>' }),
      buildNotification({ id: 3, content: '<p>Old one</p>', is_seen: true }),
    ])
    const { user } = visit()
    expect(await screen.findByRole('heading', { level: 1, name: /^Notifications/ })).toBeInTheDocument()
    const pageList = within(await screen.findByRole('list', { name: 'Unread' }))
    const pageItems = pageList.getAllByRole('listitem').map((item) => item.textContent)
    expect(pageItems).toHaveLength(2)
    expect(pageList.getByRole('img', { name: 'High importance' })).toBeInTheDocument()

    // The panel shows the same items.
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }))
    const panel = within(await screen.findByRole('dialog'))
    const panelItems = within(await panel.findByRole('list', { name: 'Unread' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(panelItems).toEqual(pageItems)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    // The Read tab, kept in the address.
    await user.click(screen.getByRole('tab', { name: 'Read' }))
    const readList = within(await screen.findByRole('list', { name: 'Read' }))
    expect(readList.getByText('Old one')).toBeInTheDocument()
  })

  it("words what the server wrote in the reader's language, with its link; a person's notification shows as written (issue 36)", async () => {
    await i18next.changeLanguage('es')
    serveNotifications([
      buildNotification({
        id: 1,
        content: '<p>180 contacts of Hope are not assigned to anyone.</p>',
        system: { kind: 'contacts_unassigned', params: { count: 180, church: 'Hope' } },
        link_url: '/contacts',
        link_text: 'View contacts',
      }),
      buildNotification({
        id: 2,
        content: '<p>A contact under 18 has had no interaction for 1 day.</p>',
        system: { kind: 'contact_quiet', params: { name: null, days: 1 } },
        link_url: '/contacts/view/7',
        link_text: 'View contact',
      }),
      buildNotification({
        id: 3,
        content: '<p>Paul moved</p>',
        system: { kind: 'transfer_processed', params: { reader: 'to', pastor: 'Paul Pastor', from: 'Hope', to: 'Grace', moved: 2, shared: 1 } },
        link_url: '/transfers/view/4',
        link_text: 'View transfer',
      }),
      buildNotification({ id: 4, content: '<p>Camp meeting <b>Friday</b></p>', link_url: 'https://example.org/camp', link_text: 'Camp details' }),
    ])
    visit()
    const list = within(await screen.findByRole('list', { name: 'No leídas' }))
    expect(list.getByText('180 contactos de Hope no están asignados a nadie.')).toBeInTheDocument()
    expect(list.getByRole('link', { name: 'Ver contactos' })).toHaveAttribute('href', '/contacts')
    expect(list.getByText('Un contacto menor de 18 años no ha tenido ninguna interacción en 1 día.')).toBeInTheDocument()
    expect(list.getByRole('link', { name: 'Ver contacto' })).toHaveAttribute('href', '/contacts/view/7')
    expect(list.getByText('Paul Pastor se ha unido a Grace desde Hope, con 2 contactos trasladados y 1 compartidos.')).toBeInTheDocument()
    expect(list.getByRole('link', { name: 'Ver traslado' })).toBeInTheDocument()
    // Written by a person: as written, link text too.
    expect(list.getByText('Friday')).toBeInTheDocument()
    expect(list.getByRole('link', { name: 'Camp details' })).toBeInTheDocument()
    expect(list.queryByText(/not assigned|View contact/)).not.toBeInTheDocument()
  })

  it('words the retention notice, one contact or many, in English and Spanish, with its link to review them (issue 40 §2)', async () => {
    const due = (id: number, count: number) =>
      buildNotification({
        id,
        importance: 'high',
        content: `<p>${count} contacts of Grace Church are due.</p>`,
        system: { kind: 'contacts_due_for_de_identification', params: { count, church: 'Grace Church', months: 24, date: '2026-12-22' } },
        link_url: '/contacts/erasures',
        link_text: 'Review contacts',
      })
    serveNotifications([due(1, 3), due(2, 1)])
    const page = visit()
    const list = within(await screen.findByRole('list', { name: 'Unread' }))
    expect(
      list.getByText('3 contacts of Grace Church have had no activity for 24 months and will be de-identified on 22 Dec 2026 unless you keep them.'),
    ).toBeInTheDocument()
    expect(
      list.getByText('1 contact of Grace Church has had no activity for 24 months and will be de-identified on 22 Dec 2026 unless you keep it.'),
    ).toBeInTheDocument()
    for (const link of list.getAllByRole('link', { name: 'Review contacts' })) expect(link).toHaveAttribute('href', '/contacts/erasures')
    page.unmount()

    await i18next.changeLanguage('es')
    visit()
    const spanish = within(await screen.findByRole('list', { name: 'No leídas' }))
    expect(
      spanish.getByText('3 contactos de Grace Church llevan 24 meses sin actividad y se anonimizarán el 22 dic 2026 si no los conservas.'),
    ).toBeInTheDocument()
    expect(spanish.getAllByRole('link', { name: 'Revisar contactos' })).toHaveLength(2)
  })

  it('words a merge other teams must agree to, asked and answered, in English and Spanish, with the link to the contact (issue 40 §1)', async () => {
    const merge = (id: number, system: NonNullable<Parameters<typeof buildNotification>[0]['system']>) =>
      buildNotification({ id, content: '<p>Merge</p>', system, link_url: '/contacts/view/5', link_text: 'Open contact' })
    serveNotifications([
      merge(1, { kind: 'contact_merge_requested', params: { church: 'Hope Chapel', name: 'Ann Baker' } }),
      merge(2, { kind: 'contact_merge_decided', params: { church: 'River Church', name: 'Ann Baker', approved: true, merged: true } }),
      merge(3, { kind: 'contact_merge_decided', params: { church: 'River Church', name: 'Ann Baker', approved: true, merged: false } }),
      merge(4, { kind: 'contact_merge_decided', params: { church: 'River Church', name: 'Ann Baker', approved: false, merged: false } }),
    ])
    const page = visit()
    const list = within(await screen.findByRole('list', { name: 'Unread' }))
    expect(list.getAllByRole('listitem').map((item) => item.querySelector('.notification-content')?.textContent)).toEqual([
      "Hope Chapel asks to merge two records of Ann Baker. Your team's owners decide on the contact's page.",
      'River Church agreed: the records of Ann Baker are merged.',
      'River Church agreed to merging the records of Ann Baker; other teams still have to.',
      'River Church declined merging the records of Ann Baker.',
    ])
    const links = list.getAllByRole('link', { name: 'Open contact' })
    expect(links).toHaveLength(4)
    for (const link of links) expect(link).toHaveAttribute('href', '/contacts/view/5')
    page.unmount()

    await i18next.changeLanguage('es')
    visit()
    const spanish = within(await screen.findByRole('list', { name: 'No leídas' }))
    expect(spanish.getAllByRole('listitem').map((item) => item.querySelector('.notification-content')?.textContent)).toEqual([
      'Hope Chapel pide fusionar dos registros de Ann Baker. Los responsables de tu equipo deciden en la página del contacto.',
      'River Church aceptó: los registros de Ann Baker se fusionaron.',
      'River Church aceptó fusionar los registros de Ann Baker; aún faltan otros equipos.',
      'River Church rechazó fusionar los registros de Ann Baker.',
    ])
    expect(spanish.getAllByRole('link', { name: 'Abrir contacto' })).toHaveLength(4)
  })

  it('pages through the notifications with the shared paging', async () => {
    window.localStorage.setItem('per_page', '20')
    const served = serveNotifications(Array.from({ length: 45 }, (_, index) => buildNotification({ id: index + 1, content: `<p>Item ${index + 1}</p>` })))
    const { user } = visit()
    expect(await screen.findByText('Item 1')).toBeInTheDocument()
    const pages = within(screen.getByRole('navigation', { name: 'Pages of notifications' }))
    await user.click(pages.getByRole('button', { name: 'Page 3' }))
    expect(await screen.findByText('Item 41')).toBeInTheDocument()
    expect(screen.queryByText('Item 1')).not.toBeInTheDocument()
    const last = served.queries.at(-1)!
    expect(last).toMatchObject({ team_id: '10', group_id: '10', filter: 'unread', page: '3', per_page: '20' })
  })

  it('says when nothing is unread', async () => {
    serveNotifications([])
    visit('/notifications?tab=read')
    expect(await screen.findByText('No read notifications.')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Read' })).toHaveAttribute('aria-selected', 'true')
  })
})
