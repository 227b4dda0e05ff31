import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { setupUser } from '../test/user'
import { useForm } from 'react-hook-form'
import { clearAllDrafts, draftStorageKey, readDraft, useDraft } from './drafts'

interface NoteForm {
  title: string
  password: string
}

function DraftForm({ onSaved }: { onSaved?: () => void }) {
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
