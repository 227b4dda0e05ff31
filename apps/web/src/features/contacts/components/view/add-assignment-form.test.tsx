import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { suggestionCalls } from '@crm/domain'
import { mockCall, server } from '../../../../test/server'
import { setupUser } from '../../../../test/user'
import { TestProviders } from '../../../../test/wrapper'
import { AddAssignmentForm } from './add-assignment-form'

describe('AddAssignmentForm: the user search and its error (issue #10 item 14)', () => {
  it('an error closes the suggestions so the error stays readable; typing again brings them back', async () => {
    server.use(mockCall(suggestionCalls.teamUsers, { items: [{ id: 3, title: 'Ruth Miller' }] }))
    const user = setupUser()
    render(<AddAssignmentForm contactId={5} scope={{ team_id: 10, group_id: 10 }} teamId={10} mayPickUser />, {
      wrapper: TestProviders,
    })
    const field = screen.getByRole('textbox', { name: /User/ })
    await user.type(field, 'Ru')
    expect(await screen.findByRole('option', { name: 'Ruth Miller' }, { timeout: 3000 })).toBeInTheDocument()
    // Enter with nothing picked submits the form: the field is required.
    await user.keyboard('{Enter}')
    expect(await screen.findByText('This field is required.')).toBeVisible()
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('option', { name: 'Ruth Miller' })).not.toBeInTheDocument()
    await user.type(field, 't')
    await waitFor(() => expect(screen.getByRole('option', { name: 'Ruth Miller' })).toBeInTheDocument(), { timeout: 3000 })
  })
})
