import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { conferenceApi, demoApi, uniqueSurname } from './api'
import { settled, violations } from './axe'
import { mailedLink, openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'

// Team administration in Chromium (issue 15 "Tests"), on one demo workspace, in order:
// an owner invites a new person, who accepts from /dev/mail and lands in the team; the owner
// makes a member a leader with the child checks, and the member then sees a child's details;
// a pending person is accepted from the membership requests; the new person leaves the team;
// an entity admin adds a sub-team, invites its owner past the church roster check, and retires
// a user. axe-core on the users page, the requests and the sub-teams list.
const baseUrl = withAppServer()

const sessions: Session[] = []
async function open(): Promise<Page> {
  const session = await openBrowser(baseUrl())
  sessions.push(session)
  return session.page
}
afterAll(async () => {
  for (const session of sessions) await session.close()
})

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true)

/** A person no attempt has invited yet: a retried attempt invites a new one, as the first attempt's is invited already. */
function freshNewcomer() {
  const surname = uniqueSurname('Invitee')
  return { first: 'Nadia', last: surname, email: `nadia.${surname.toLowerCase()}@example.org`, password: 'lantern harbour morning 2031' }
}
/** The person the invite test brought in; a later test signs them in. */
let newcomer = freshNewcomer()

let owner: Page
beforeAll(async () => {
  owner = await open()
  await signIn(owner, 'owner@example.org')
})

describe('users and invites', () => {
  it('an owner invites a new person, who accepts from the mail and lands in the team', async () => {
    newcomer = freshNewcomer()
    await owner.goto('/team/users')
    await visible(owner, 'Owners')
    const form = owner.getByRole('form', { name: 'Invite user' })
    await form.getByRole('textbox', { name: /First name/ }).fill(newcomer.first)
    await form.getByRole('textbox', { name: /Last name/ }).fill(newcomer.last)
    await form.getByRole('textbox', { name: /Email/ }).fill(newcomer.email)
    await form.getByRole('combobox', { name: /Role/ }).selectOption('member')
    await form.getByRole('button', { name: 'Send' }).click()
    await visible(owner, `An invite has been sent to ${newcomer.email}.`)
    const invited = owner.getByRole('region', { name: 'Invited' })
    await expect.poll(() => invited.getByText(newcomer.email).isVisible()).toBe(true)
    await settled(owner)
    expect(await violations(owner)).toEqual([])

    const page = await open()
    await page.goto(await mailedLink(baseUrl(), newcomer.email, 'invites you'))
    await visible(page, /Olivia Owner/)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newcomer.password)
    // The password's rating is in (zxcvbn's dictionaries came with the first key) before Continue.
    await visible(page, 'Password strength:')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 })
    await visible(page, 'Dashboard - Hope Street Church')

    // The inviter sees the person move from Invited to Members.
    await owner.reload()
    const members = owner.getByRole('region', { name: 'Members' })
    await expect.poll(() => members.getByText(newcomer.email).isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await owner.getByRole('region', { name: 'Invited' }).getByText(newcomer.email).count()).toBe(0)
  })

  it('the owner makes a member a leader with the child checks, and the member then sees a child', async () => {
    const mia = await demoApi(baseUrl(), 'member@example.org')
    const assigned = await mia.get<{ items: Array<{ id: number; is_child: boolean }> }>('assigned-contacts', { per_page: 50 })
    const child = assigned.items.find((item) => item.is_child)
    expect(child, 'the demo member follows up a child').toBeDefined()
    const member = await open()
    await signIn(member, 'member@example.org')
    await member.goto(`/contacts/view/${child!.id}`)
    await visible(member, "A child's details are protected")

    await owner.goto('/team/users')
    await owner.getByRole('button', { name: 'Edit Mia Member' }).click()
    const panel = owner.getByRole('dialog')
    await panel.getByRole('combobox', { name: 'Role' }).selectOption('leader')
    await panel.getByRole('checkbox', { name: /WWCC/ }).check()
    await panel.getByRole('checkbox', { name: /AdSafe/ }).check()
    await panel.getByRole('button', { name: 'Save' }).click()
    const leaders = owner.getByRole('region', { name: 'Leaders' })
    await expect.poll(() => leaders.getByText('member@example.org').isVisible(), { timeout: 15_000 }).toBe(true)

    await member.reload()
    await expect.poll(() => member.getByRole('heading', { level: 1 }).first().isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await member.getByText("A child's details are protected").count()).toBe(0)
  })
})

describe('requests and leaving', () => {
  it('a pending person is accepted from the membership requests and then sees the team', async () => {
    await owner.goto('/team/membership-requests')
    await visible(owner, 'pending@example.org')
    await settled(owner)
    expect(await violations(owner)).toEqual([])
    await owner.getByRole('button', { name: 'Accept Parker Pending' }).click()
    await owner.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await visible(owner, 'Nothing found.')

    const pending = await open()
    await signIn(pending, 'pending@example.org')
    await visible(pending, 'Dashboard - Hope Street Church')
  })

  it('a member leaves the team after confirming and goes to the dashboard', async () => {
    const page = await open()
    await signIn(page, newcomer.email, newcomer.password)
    await page.goto('/team')
    await page.getByRole('button', { name: 'Leave team' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Leave team' }).click()
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 })
    expect(await page.getByRole('heading', { name: 'Dashboard - Hope Street Church' }).count()).toBe(0)
    // The owner no longer finds the person among the users.
    await owner.goto('/team/users')
    await visible(owner, 'Owners')
    expect(await owner.getByText(newcomer.email).count()).toBe(0)
  })
})

describe('a conference', () => {
  it('an entity admin adds a sub-team, invites its owner past the roster check and retires a user', async () => {
    const entity = await open()
    await signIn(entity, 'entity@example.org')
    // The conference imports the new church's roster (one member) over the API.
    const api = await conferenceApi(baseUrl(), 'team_id')
    await api.post('import-church-roster', {
      data: [{ church_acms_id: 'DEMO-9', church_name: 'Northside Chapel', first_name: 'Ruth', last_name: 'Roster', email: 'ruth.roster@example.org' }],
    })
    const title = `Northside ${uniqueSurname('Chapel')}`
    await entity.goto('/team/manage-sub-teams')
    await visible(entity, 'Hope Street Church')
    await settled(entity)
    expect(await violations(entity)).toEqual([])
    await entity.getByRole('link', { name: 'Add new' }).click()
    const form = entity.getByRole('form', { name: 'Add sub-team' })
    await form.getByRole('textbox', { name: /Name/ }).fill(title)
    await form.getByRole('textbox', { name: /ACMS ID/ }).fill('DEMO-9')
    await form.getByRole('checkbox', { name: 'Enter the address manually' }).check()
    await form.getByRole('textbox', { name: 'Street' }).fill('9 North Road')
    await form.getByRole('textbox', { name: 'City' }).fill('Hornsby')
    await form.getByRole('button', { name: 'Save' }).click()
    await entity.waitForURL((url) => url.pathname === '/team/manage-sub-teams')
    await visible(entity, title)

    // The church's roster names one member; another email is not on it.
    await entity.getByRole('link', { name: `Edit ${title}` }).click()
    const invite = entity.getByRole('form', { name: 'Invite new owner' })
    await invite.getByRole('textbox', { name: /First name/ }).fill('Sam')
    await invite.getByRole('textbox', { name: /Email/ }).fill('sam.stranger@example.org')
    await invite.getByRole('button', { name: 'Send' }).click()
    await visible(entity, /sam.stranger@example.org (was not found as a member of this church|cannot be added without admin approval)/)
    await invite.getByRole('checkbox', { name: 'Ignore membership check - invite anyway' }).check()
    await invite.getByRole('button', { name: 'Send' }).click()
    await visible(entity, 'An invite has been sent to sam.stranger@example.org.')
    // A member on the roster is invited without a question.
    await invite.getByRole('textbox', { name: /First name/ }).fill('Ruth')
    await invite.getByRole('textbox', { name: /Email/ }).fill('ruth.roster@example.org')
    await invite.getByRole('button', { name: 'Send' }).click()
    await visible(entity, 'An invite has been sent to ruth.roster@example.org.')

    // Parker, accepted into Hope Street above, retires: out of the conference's teams.
    await entity.goto('/team/manage-sub-teams')
    await entity.getByRole('link', { name: 'Edit Hope Street Church' }).click()
    await entity.getByRole('button', { name: 'Retire Parker Pending' }).click()
    await entity.getByRole('dialog').getByRole('button', { name: 'Retire' }).click()
    await expect.poll(() => entity.getByText('pending@example.org').count(), { timeout: 15_000 }).toBe(0)
    // Liam owns the Youth group alone: retiring him would leave it without an owner, and says so.
    await entity.getByRole('button', { name: 'Retire Liam Leader' }).click()
    await entity.getByRole('dialog').getByRole('button', { name: 'Retire' }).click()
    await visible(entity, /owner/)
    expect(await entity.getByText('leader@example.org').count()).toBe(1)
  })
})
