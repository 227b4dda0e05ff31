import { describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import { setupUser } from '../test/user'
import { useForm } from 'react-hook-form'
import { DraftRestoredNotice } from '../components/draft-restored-notice'
import { changeLocale } from './i18n'
import { renderWithProviders } from '../test/render'
import { clearAllDrafts, draftStorageKey, readDraft, useDraft } from './drafts'

interface NoteForm {
  title: string
  password: string
}

function DraftForm({ onSaved, notice = false }: { onSaved?: () => void; notice?: boolean }) {
  const form = useForm<NoteForm>({ defaultValues: { title: '', password: '' } })
  const draft = useDraft('note-form', form, { exclude: ['password'], delayMs: 10 })
  return (
    <form
      onSubmit={form.handleSubmit(() => {
        draft.clear()
        form.reset()
        onSaved?.()
      })}
    >
      <label>
        Title
        <input {...form.register('title')} />
      </label>
      <label>
        Password
        <input {...form.register('password')} />
      </label>
      <button type="submit">Save</button>
      {notice && <DraftRestoredNotice draft={draft} />}
    </form>
  )
}

describe('useDraft', () => {
  it('saves values under the form key, without excluded fields', async () => {
    const user = setupUser()
    render(<DraftForm />)
    await user.type(screen.getByLabelText('Title'), 'Visit Tom')
    await user.type(screen.getByLabelText('Password'), 'secret')
    await waitFor(() => expect(readDraft<NoteForm>('note-form')).toEqual({ title: 'Visit Tom' }))
  })

  it('restores a saved draft when the form opens again', async () => {
    window.localStorage.setItem(draftStorageKey('note-form'), JSON.stringify({ title: 'Pray for Ann' }))
    render(<DraftForm />)
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Pray for Ann'))
  })

  it('clears the draft on success', async () => {
    const user = setupUser()
    let saved = false
    render(<DraftForm onSaved={() => (saved = true)} />)
    await user.type(screen.getByLabelText('Title'), 'Call Sam')
    await waitFor(() => expect(readDraft('note-form')).not.toBeNull())
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(saved).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(readDraft('note-form')).toBeNull()
    expect(screen.getByLabelText('Title')).toHaveValue('')
  })

  it('issue #10 item 14: a restored draft is announced, and Discard clears it and empties the form', async () => {
    window.localStorage.setItem(draftStorageKey('note-form'), JSON.stringify({ title: 'Pray for Ann' }))
    const { user } = renderWithProviders(<DraftForm notice />)
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Pray for Ann'))
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Your unsaved changes were restored.')
    expect(status.closest('[aria-live="polite"]')).not.toBeNull()
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(screen.getByLabelText('Title')).toHaveValue('')
    expect(readDraft('note-form')).toBeNull()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('says nothing without a draft, nor for one holding only excluded fields; saving ends the notice', async () => {
    window.localStorage.setItem(draftStorageKey('note-form'), JSON.stringify({ password: 'x' }))
    const { user } = renderWithProviders(<DraftForm notice />)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    window.localStorage.setItem(draftStorageKey('note-form'), JSON.stringify({ title: 'Call Sam' }))
    const second = within(renderWithProviders(<DraftForm notice />).container)
    expect(await second.findByRole('status')).toBeInTheDocument()
    await user.click(second.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(second.queryByRole('status')).not.toBeInTheDocument())
  })

  it('speaks Spanish', async () => {
    await changeLocale('es')
    window.localStorage.setItem(draftStorageKey('note-form'), JSON.stringify({ title: 'Orar por Ana' }))
    renderWithProviders(<DraftForm notice />)
    expect(await screen.findByRole('status')).toHaveTextContent('Se restauraron tus cambios sin guardar.')
    expect(screen.getByRole('button', { name: 'Descartar' })).toBeInTheDocument()
  })

  it('removes every draft at logout', () => {
    window.localStorage.setItem(draftStorageKey('a'), '{}')
    window.localStorage.setItem(draftStorageKey('b'), '{}')
    window.localStorage.setItem('per_page', '20')
    clearAllDrafts()
    expect(readDraft('a')).toBeNull()
    expect(readDraft('b')).toBeNull()
    expect(window.localStorage.getItem('per_page')).toBe('20')
  })
})
