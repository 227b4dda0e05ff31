import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls } from '@crm/domain'
import { apiError, mockCall, server } from '../../../test/server'
import { enter } from '../../../test/user'
import { graceAsMember, openNew, field, select, submit, fillAdult, matching, mockAddExisting, duplicateView, buttonsOf } from './contact-new-page.fixtures'

describe('/contacts/new: a contact that already exists (spec 2 §4, §8)', () => {
  it('D2-8-04, D2-4.6-03, D2-4.6-01: a match in this team names it and offers adding it or going back, not ignoring it', async () => {
    const { user, creates, router } = await openNew({ create: matching('user_exists_in_this_team') })
    const adds = mockAddExisting({ id: 7, is_awaiting_approval: false })
    await fillAdult(user)
    await enter(user, field('Email'), 'mary@example.test')
    await user.click(submit())
    const view = await duplicateView()
    expect(
      within(view).getByText('You are trying to add Mary Jones as a new user. However a user with the provided email address already exists in this team:'),
    ).toBeInTheDocument()
    // Issue #10 item 14: the existing contact of this team is named as a link to its page.
    expect(within(view).getByRole('link', { name: 'Mary Jones' })).toHaveAttribute('href', '/contacts/view/7')
    expect(buttonsOf(view)).toEqual(['Add the existing contact', 'Go back'])
    expect(within(view).queryByRole('button', { name: 'Ignore and create new' })).not.toBeInTheDocument()
    await user.click(within(view).getByRole('button', { name: 'Add the existing contact' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/7'))
    expect(adds).toEqual([{ team_id: 10, group_id: 10, user_id: 7 }])
    expect(creates).toHaveLength(1)
  })

  it('D2-8-04, D2-4.6-03, D2-4.6-02: a match in another team offers Ignore and create new, which creates with disregard_existing', async () => {
    const { user, creates, router } = await openNew({
      create: matching('user_exists_in_other_team', { field: 'phone', team_id: 20, team_name: 'Hope Chapel' }),
    })
    await fillAdult(user)
    await enter(user, field(/^Phone$/), '0412 345 678')
    await user.click(submit())
    const view = await duplicateView()
    expect(
      within(view).getByText('You are trying to add Mary Jones as a new user. However a user with the provided phone number already exists in another team:'),
    ).toBeInTheDocument()
    expect(within(view).getByText('Mary Jones (Hope Chapel)')).toBeInTheDocument()
    // Another team's contact would not be found from here: named, not linked.
    expect(within(view).queryByRole('link')).not.toBeInTheDocument()
    // update_contact (a team owner): the other team's contact is added, not asked for.
    expect(buttonsOf(view)).toEqual(['Add', 'Ignore and create new', 'Go back'])
    await user.click(within(view).getByRole('button', { name: 'Ignore and create new' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
    expect(creates).toHaveLength(2)
    expect(creates[1]).toEqual({ ...creates[0], disregard_existing: true })
  })

  it("D2-4.6-02: without update_contact, another team's contact is asked for; the request is confirmed", async () => {
    const { user, router } = await openNew({
      team: graceAsMember,
      groupId: 12,
      create: matching('user_exists_in_other_team', { field: 'gender', team_id: 20, team_name: 'Hope Chapel' }),
    })
    const adds = mockAddExisting({ id: 7, is_awaiting_approval: true })
    await fillAdult(user)
    await user.click(submit())
    const view = await duplicateView()
    expect(within(view).getByText(/with the provided name and gender already exists in another team:$/)).toBeInTheDocument()
    expect(buttonsOf(view)).toEqual(['Request permission', 'Ignore and create new', 'Go back'])
    await user.click(within(view).getByRole('button', { name: 'Request permission' }))
    expect(await within(view).findByText('Hope Chapel has been asked for permission to share this contact with you.')).toBeInTheDocument()
    expect(within(view).getByRole('link', { name: 'Open the contact' })).toHaveAttribute('href', '/contacts/view/7')
    expect(adds).toEqual([{ team_id: 10, group_id: 12, user_id: 7 }])
    expect(router.state.location.pathname).toBe('/contacts/new')
  })

  it("issue #8 item 1: another team's contact is added with the match token of the answer that showed it", async () => {
    const { user, router } = await openNew({
      create: matching('user_exists_in_other_team', { team_id: 20, team_name: 'Hope Chapel', match_token: 'token-of-this-match' }),
    })
    const adds = mockAddExisting({ id: 7, is_awaiting_approval: false })
    await fillAdult(user)
    await enter(user, field('Email'), 'mary@example.test')
    await user.click(submit())
    const view = await duplicateView()
    await user.click(within(view).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/7'))
    expect(adds).toEqual([{ team_id: 10, group_id: 10, user_id: 7, match_token: 'token-of-this-match' }])
  })

  it('issue #8 item 1: a refused add (the token expired) says it was not saved, and Go back still works', async () => {
    const { user } = await openNew({
      create: matching('user_exists_in_other_team', { team_id: 20, team_name: 'Hope Chapel', match_token: 'old-token' }),
    })
    server.use(mockCall(contactCalls.addExistingUser, () => apiError('not_found', 404)))
    await fillAdult(user)
    await user.click(submit())
    const view = await duplicateView()
    await user.click(within(view).getByRole('button', { name: 'Add' }))
    expect(await within(view).findByText('Not saved: the contact or group was not found. It may have been removed.')).toBeInTheDocument()
    await user.click(within(view).getByRole('button', { name: 'Go back' }))
    expect(await screen.findByRole('button', { name: 'Add contact' })).toBeInTheDocument()
  })

  const hiddenMatch = { data: null, team_id: null, team_name: null }
  it('issue #8 item 3: a match the caller may not see (a child) names nobody in this team: the message, no contact to pick, Go back', async () => {
    const { user, creates } = await openNew({ create: matching('user_exists_in_this_team', { field: 'phone', ...hiddenMatch }) })
    const adds = mockAddExisting({ id: 7, is_awaiting_approval: false })
    await fillAdult(user)
    await user.clear(field(/^First name/))
    await enter(user, field(/^First name/), 'Lily')
    await enter(user, field(/^Phone$/), '0412 345 678')
    await user.click(submit())
    const view = await duplicateView()
    expect(
      within(view).getByText('You are trying to add Lily Jones as a new user. However a user with the provided phone number already exists in this team:'),
    ).toBeInTheDocument()
    expect(within(view).getByText('The existing contact is not shown to you.')).toBeInTheDocument()
    expect(within(view).queryByText('Mary Jones')).not.toBeInTheDocument()
    expect(within(view).queryByRole('link')).not.toBeInTheDocument()
    expect(buttonsOf(view)).toEqual(['Go back'])
    await user.click(within(view).getByRole('button', { name: 'Go back' }))
    expect(await screen.findByRole('button', { name: 'Add contact' })).toBeInTheDocument()
    expect(field(/^First name/)).toHaveValue('Lily')
    expect(creates).toHaveLength(1)
    expect(adds).toEqual([])
  })

  it('issue #8 item 3: a hidden match in another team offers only Ignore and create new (which creates) and Go back', async () => {
    const { user, creates, router } = await openNew({ create: matching('user_exists_in_other_team', { field: 'gender', ...hiddenMatch }) })
    await fillAdult(user)
    await user.click(submit())
    const view = await duplicateView()
    expect(
      within(view).getByText(
        'You are trying to add Mary Jones as a new user. However a user with the provided name and gender already exists in another team:',
      ),
    ).toBeInTheDocument()
    expect(buttonsOf(view)).toEqual(['Ignore and create new', 'Go back'])
    await user.click(within(view).getByRole('button', { name: 'Ignore and create new' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/99'))
    expect(creates[1]).toEqual({ ...creates[0], disregard_existing: true })
  })

  it('D2-4.6-04: Go back returns to the form with what was entered', async () => {
    const { user, creates } = await openNew({ create: matching('user_exists_in_this_team') })
    await fillAdult(user)
    await enter(user, field('Email'), 'mary@example.test')
    await user.click(submit())
    const view = await duplicateView()
    await user.click(within(view).getByRole('button', { name: 'Go back' }))
    expect(await screen.findByRole('button', { name: 'Add contact' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'This contact may already exist' })).not.toBeInTheDocument()
    expect(field(/^First name/)).toHaveValue('Mary')
    expect(field(/^Last name/)).toHaveValue('Jones')
    expect(field('Email')).toHaveValue('mary@example.test')
    expect(select(/^Member status/)).toHaveValue('member')
    expect(creates).toHaveLength(1)
  })
})
