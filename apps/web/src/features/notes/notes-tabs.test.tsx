import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls, noteCalls, type ContactItem, type NoteItem } from '@crm/domain'
import { decryptNote, encryptNote } from '../../lib/crypto'
import { changeLocale } from '../../lib/i18n'
import { storeNoteKey } from '../../lib/note-key'
import { buildAccount, buildTeam } from '../../test/fixtures'
import { renderApp } from '../../test/render'
import { mockCall, server } from '../../test/server'
import { signedInAs } from '../../test/session'
import { buildContactItem } from '../contacts/pages/contact-view.fixtures'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })
const me = 7

function buildNote(overrides: Partial<NoteItem> & Pick<NoteItem, 'id' | 'content'>): NoteItem {
  return {
    is_encrypted: false,
    is_public: false,
    author_id: me,
    author_name: 'Ruth Miller',
    created_display: '10 Jan 2026',
    updated_display: null,
    ...overrides,
  }
}

/**
 * Serves contact 5 and its notes from a list the write calls change, as the server would;
 * records what each call was sent.
 */
function serveNotes(initial: NoteItem[], options: { publicNotes?: boolean; maxPages?: number; item?: ContactItem } = {}) {
  let notes = [...initial]
  let nextId = 100
  const sent = {
    lists: [] as Array<Record<string, unknown>>,
    adds: [] as Array<Record<string, any>>,
    updates: [] as Array<Record<string, any>>,
    deletes: [] as Array<Record<string, any>>,
  }
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  server.use(
    mockCall(contactCalls.contact, options.item ?? buildContactItem({ role: 'leader' })),
    mockCall(contactCalls.contactAssignments, { items: [], count: 0, max_pages: 1 }),
    mockCall(noteCalls.contactNotes, ({ input }) => {
      sent.lists.push(input as Record<string, unknown>)
      const encrypted = ['1', 'true'].includes(String(input.is_encrypted))
      const items = notes.filter((note) => note.is_encrypted === encrypted)
      return { items, count: items.length, max_pages: options.maxPages ?? 1, public_notes: options.publicNotes ?? false }
    }),
    mockCall(noteCalls.addContactNote, ({ input }) => {
      const body = input as Record<string, any>
      sent.adds.push(body)
      nextId++
      notes = [buildNote({ id: nextId, content: body.content, is_encrypted: body.is_encrypted === true, is_public: body.type === 'public' }), ...notes]
      return { id: nextId }
    }),
    mockCall(noteCalls.updateContactNote, ({ input }) => {
      const body = input as Record<string, any>
      sent.updates.push(body)
      notes = notes.map((note) => (note.id === body.id ? { ...note, content: body.content, is_public: body.type === 'public' } : note))
      return { success: true as const }
    }),
    mockCall(noteCalls.deleteContactNote, ({ input }) => {
      const body = input as Record<string, any>
      sent.deletes.push(body)
      notes = notes.filter((note) => note.id !== body.id)
      return { success: true as const }
    }),
  )
  const view = renderApp('/contacts/view/5')
  return { ...view, sent }
}

const openTab = async (user: ReturnType<typeof renderApp>['user'], name: string) => {
  await user.click(await screen.findByRole('tab', { name }, { timeout: 5000 }))
  return within(screen.getByRole('tabpanel'))
}

describe('the Notes tab', () => {
  it('lists the notes as text (never markup) with who wrote them; edit only where the rule allows (D2-3.8-01)', async () => {
    const { user, sent } = serveNotes([
      buildNote({ id: 1, content: '<b>Met</b> at the door\nsecond line', is_public: true, author_id: 3, author_name: 'Olive Owner' }),
      buildNote({ id: 2, content: 'Asked for prayer' }),
    ])
    const panel = await openTab(user, 'Notes')
    expect(await panel.findByText(/<b>Met<\/b> at the door/)).toBeInTheDocument()
    expect(panel.getByText('Olive Owner, 10 Jan 2026')).toBeInTheDocument()
    expect(document.querySelector('b')).toBeNull()
    expect(sent.lists[0]).toMatchObject({ team_id: '10', group_id: '10', page: '1', is_encrypted: '0' })
    // The leader may change their own note only (update_own_note), not the owner's.
    expect(panel.getAllByRole('button', { name: 'Edit' })).toHaveLength(1)
  })

  it('adds a public note where the team keeps them (D2-5-15, D2-7.4-04)', async () => {
    const { user, sent } = serveNotes([], { publicNotes: true })
    const panel = await openTab(user, 'Notes')
    const form = within(await panel.findByRole('form', { name: 'Add a note' }))
    await user.type(form.getByRole('textbox', { name: /Note/ }), 'Visited with the family')
    await user.click(form.getByRole('radio', { name: 'Public' }))
    await user.click(form.getByRole('button', { name: 'Add note' }))
    await waitFor(() => expect(sent.adds).toHaveLength(1))
    expect(sent.adds[0]).toEqual({ team_id: 10, group_id: 10, user_id: 5, content: 'Visited with the family', is_encrypted: false, type: 'public' })
    expect(await panel.findByText('Visited with the family')).toBeInTheDocument()
  })

  it('says under each choice who reads the note, and starts on Public where the team keeps public notes (issue 35 item 8)', async () => {
    const { user, sent } = serveNotes([], { publicNotes: true })
    const panel = await openTab(user, 'Notes')
    const form = within(await panel.findByRole('form', { name: 'Add a note' }))
    const publicChoice = form.getByRole('radio', { name: 'Public' })
    const privateChoice = form.getByRole('radio', { name: 'Private' })
    expect(publicChoice).toBeChecked()
    expect(privateChoice).not.toBeChecked()
    expect(publicChoice).toHaveAccessibleDescription('Everyone on this team who can open this contact reads it, members it is assigned to included.')
    expect(privateChoice).toHaveAccessibleDescription(
      "Only this team's leaders, owners and admins read it, and you. A note that only you can read belongs in Private notes.",
    )
    await user.type(form.getByRole('textbox', { name: /Note/ }), 'For the whole team')
    await user.click(form.getByRole('button', { name: 'Add note' }))
    await waitFor(() => expect(sent.adds).toHaveLength(1))
    expect(sent.adds[0]).toMatchObject({ content: 'For the whole team', type: 'public' })
  })

  it('offers no Public or Private choice where the team keeps no public notes; an empty note asks for text', async () => {
    const { user, sent } = serveNotes([])
    const panel = await openTab(user, 'Notes')
    expect(await panel.findByText('Nothing found.')).toBeInTheDocument()
    const form = within(panel.getByRole('form', { name: 'Add a note' }))
    expect(form.queryByRole('radio')).not.toBeInTheDocument()
    expect(form.getByRole('textbox', { name: /Note/ })).toHaveAccessibleDescription("This team's leaders, owners and admins read this note, and you.")
    await user.click(form.getByRole('button', { name: 'Add note' }))
    expect(await form.findByText('This field is required.')).toBeInTheDocument()
    expect(sent.adds).toEqual([])
    await user.type(form.getByRole('textbox', { name: /Note/ }), 'Team only')
    await user.click(form.getByRole('button', { name: 'Add note' }))
    await waitFor(() => expect(sent.adds).toHaveLength(1))
    expect(sent.adds[0]).not.toHaveProperty('type')
  })

  it('edits a note and deletes one after confirmation', async () => {
    const { user, sent } = serveNotes([buildNote({ id: 2, content: 'First words' })])
    const panel = await openTab(user, 'Notes')
    await user.click(await panel.findByRole('button', { name: 'Edit' }))
    const edit = within(panel.getByRole('form', { name: 'Edit note' }))
    const field = edit.getByRole('textbox', { name: /Note/ })
    await user.clear(field)
    await user.type(field, 'Second words')
    await user.click(edit.getByRole('button', { name: 'Save' }))
    expect(await panel.findByText('Second words')).toBeInTheDocument()
    expect(sent.updates[0]).toMatchObject({ id: 2, user_id: 5, content: 'Second words', is_encrypted: false })

    await user.click(panel.getByRole('button', { name: 'Delete' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete note' }))
    expect(sent.deletes).toEqual([])
    await user.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(sent.deletes).toEqual([{ team_id: 10, group_id: 10, user_id: 5, id: 2 }]))
    expect(await panel.findByText('Nothing found.')).toBeInTheDocument()
  })

  it('pages the list', async () => {
    const { user, sent } = serveNotes([buildNote({ id: 2, content: 'A note' })], { maxPages: 3 })
    const panel = await openTab(user, 'Notes')
    await panel.findByText('A note')
    await user.click(panel.getByRole('button', { name: '2' }))
    await waitFor(() => expect(sent.lists.at(-1)).toMatchObject({ page: '2' }))
  })

  it('speaks Spanish', async () => {
    await changeLocale('es')
    const { user } = serveNotes([])
    const panel = await openTab(user, 'Notas')
    expect(await panel.findByRole('button', { name: 'Añadir nota' })).toBeInTheDocument()
    expect(panel.getByRole('textbox', { name: /Nota/ })).toHaveAccessibleDescription(
      'Leen esta nota los líderes, propietarios y administradores de este equipo, y tú.',
    )
  })

  it('says who reads each choice in Spanish too', async () => {
    await changeLocale('es')
    const { user } = serveNotes([], { publicNotes: true })
    const panel = await openTab(user, 'Notas')
    const form = within(await panel.findByRole('form', { name: 'Añadir una nota' }))
    expect(form.getByRole('radio', { name: 'Pública' })).toBeChecked()
    expect(form.getByRole('radio', { name: 'Pública' })).toHaveAccessibleDescription(
      'La leen todos los de este equipo que pueden abrir este contacto, incluidos los miembros a quienes está asignado.',
    )
    expect(form.getByRole('radio', { name: 'Privada' })).toHaveAccessibleDescription(
      'Solo la leen los líderes, propietarios y administradores de este equipo, y tú. Una nota que solo tú puedas leer va en Notas privadas.',
    )
  })
})

describe('the Private notes tab', () => {
  const generateKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])

  it('shows its own notes decrypted on this device, an unreadable one with the reset warning, never ciphertext (D1-1-02)', async () => {
    const key = await generateKey()
    const lost = await generateKey()
    await storeNoteKey(key, me)
    const readable = await encryptNote(key, 'Struggling at work; pray on Sunday')
    const fromBeforeReset = await encryptNote(lost, 'Written with the old password')
    const { user } = serveNotes([
      buildNote({ id: 3, content: readable, is_encrypted: true }),
      buildNote({ id: 4, content: fromBeforeReset, is_encrypted: true }),
    ])
    const panel = await openTab(user, 'Private notes')
    expect(await panel.findByText('Struggling at work; pray on Sunday', {}, { timeout: 3000 })).toBeInTheDocument()
    expect(panel.getByText('This note cannot be read')).toBeInTheDocument()
    expect(panel.getByText(/Resetting your password makes previously created Private Notes unreadable\./)).toBeInTheDocument()
    expect(panel.queryByText(/v1:/)).not.toBeInTheDocument()
    // The unreadable note can be deleted, not edited.
    expect(panel.getAllByRole('button', { name: 'Edit' })).toHaveLength(1)
    expect(panel.getAllByRole('button', { name: 'Delete' })).toHaveLength(2)
  })

  it('encrypts a new note before it is sent (D2-7.4-05, D1-5-15)', async () => {
    const key = await generateKey()
    await storeNoteKey(key, me)
    const { user, sent } = serveNotes([])
    const panel = await openTab(user, 'Private notes')
    const form = within(await panel.findByRole('form', { name: 'Add a private note' }, { timeout: 3000 }))
    const field = form.getByRole('textbox', { name: /Note/ })
    expect(field).toHaveAttribute('placeholder', expect.stringContaining('Privacy Act 1988'))
    await user.type(field, 'secret')
    await user.click(form.getByRole('button', { name: 'Add note' }))
    await waitFor(() => expect(sent.adds).toHaveLength(1))
    const request = sent.adds[0]!
    expect(request.is_encrypted).toBe(true)
    expect(request.content).toMatch(/^v1:/)
    expect(JSON.stringify(request)).not.toContain('secret')
    expect(await decryptNote(key, request.content)).toBe('secret')
    expect(sent.lists.some((query) => query.is_encrypted === '1')).toBe(true)
    expect(await panel.findByText('secret')).toBeInTheDocument()
  })

  it('encrypts an edit too', async () => {
    const key = await generateKey()
    await storeNoteKey(key, me)
    const { user, sent } = serveNotes([buildNote({ id: 3, content: await encryptNote(key, 'First thoughts'), is_encrypted: true })])
    const panel = await openTab(user, 'Private notes')
    await panel.findByText('First thoughts', {}, { timeout: 3000 })
    await user.click(panel.getByRole('button', { name: 'Edit' }))
    const edit = within(panel.getByRole('form', { name: 'Edit note' }))
    const field = edit.getByRole('textbox', { name: /Note/ })
    await user.clear(field)
    await user.type(field, 'Second thoughts')
    await user.click(edit.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent.updates).toHaveLength(1))
    expect(sent.updates[0]).toMatchObject({ id: 3, is_encrypted: true })
    expect(await decryptNote(key, sent.updates[0]!.content)).toBe('Second thoughts')
    expect(await panel.findByText('Second thoughts')).toBeInTheDocument()
  })

  it('without the key on this device asks to sign in again', async () => {
    const { user } = serveNotes([])
    const panel = await openTab(user, 'Private notes')
    expect(await panel.findByText('Your private notes cannot be opened on this device until you sign in again.')).toBeInTheDocument()
    expect(panel.queryByRole('form')).not.toBeInTheDocument()
  })
})
