import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { teamAdminCalls, type OutputOf } from '@crm/domain'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildTeamDetail, buildTeamUser } from '../team-users.fixtures'
import { sampleUsersCsv } from './user-import'

const youth = buildGroup({ id: 12, title: 'Youth', user_role: 'owner' })
const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', groups: [youth] })
const ruth = buildTeamUser({ user_id: 7, name: 'Ruth Miller', role: 'owner', role_display_name: 'Owner', is_self: true })

function csvFile(lines: string[], name = 'users.csv') {
  return new File([lines.join('\n')], name, { type: 'text/csv' })
}

function open(path = '/team/users') {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: path.startsWith('/group') ? 12 : 10 })
  const sent: unknown[] = []
  server.use(
    mockCall(teamAdminCalls.manageTeam, ({ params }) =>
      buildTeamDetail({ id: Number(params['id']), title: params['id'] === '12' ? 'Youth' : 'Grace Church', is_group: params['id'] === '12', users: [ruth] }),
    ),
    mockCall(teamAdminCalls.importTeamUsers, ({ input }) => {
      sent.push(input)
      const answer: OutputOf<typeof teamAdminCalls.importTeamUsers> = {
        invited: 1,
        failed: 3,
        items: [
          { row: 1, email: 'anna@example.test', status: 'invited', errors: {} },
          { row: 2, email: 'ruth@example.test', status: 'in_team', errors: {} },
          { row: 3, email: 'bad', status: 'invalid', errors: { email: 'Enter a valid email address.', role: 'Choose member or leader.' } },
          { row: 4, email: 'far@example.test', status: 'acms_not_in_church', errors: {} },
        ],
      }
      return answer
    }),
  )
  return { ...renderApp(path), sent }
}

describe('the users spreadsheet importer (spec 3 §2.4, §5 Spreadsheet import)', () => {
  it('D3-2.4-25 a team has the importer and a sample spreadsheet; the sample has the four columns', async () => {
    open()
    const importer = within(await screen.findByRole('region', { name: 'Invite from a spreadsheet' }))
    const sample = importer.getByRole('link', { name: 'Download a sample spreadsheet' })
    expect(sample).toHaveAttribute('download', 'team-users-sample.csv')
    expect(decodeURIComponent(sample.getAttribute('href')!.replace('data:text/csv;charset=utf-8,', ''))).toBe(sampleUsersCsv)
    expect(sampleUsersCsv.split('\r\n')[0]).toBe('first_name,last_name,email,role')
    expect(importer.getByLabelText('Spreadsheet file')).toBeInTheDocument()
  })

  it('D3-2.4-25 a group has no importer', async () => {
    open('/group/users')
    await screen.findByRole('heading', { name: 'Invite user' })
    expect(screen.queryByRole('region', { name: 'Invite from a spreadsheet' })).not.toBeInTheDocument()
  })

  it('D3-5-10 a file without the role column names it and sends nothing', async () => {
    const { user, sent } = open()
    const importer = within(await screen.findByRole('region', { name: 'Invite from a spreadsheet' }))
    await user.upload(importer.getByLabelText('Spreadsheet file'), csvFile(['first_name,last_name,email', 'Anna,Smith,anna@example.test']))
    expect(await importer.findByText('The file has no column for: role. All four columns are required.')).toBeInTheDocument()
    expect(importer.getByRole('button', { name: 'Send invites' })).toBeDisabled()
    expect(sent).toEqual([])
  })

  it("D3-5-10 previews the rows, sends import-team-users and reports each row's result", async () => {
    const { user, sent } = open()
    const importer = within(await screen.findByRole('region', { name: 'Invite from a spreadsheet' }))
    await user.upload(
      importer.getByLabelText('Spreadsheet file'),
      csvFile([
        'First name,Last name,Email,Role',
        'Anna,Smith,anna@example.test,member',
        'Ruth,Miller,ruth@example.test,leader',
        'Bo,,bad,boss',
        'Far,Away,far@example.test,member',
      ]),
    )
    expect(await importer.findByText('4 rows read from users.csv.')).toBeInTheDocument()
    const preview = within(importer.getByRole('table', { name: 'Rows to invite' }))
    expect(preview.getByText('anna@example.test')).toBeInTheDocument()
    await user.click(importer.getByRole('button', { name: 'Send invites' }))
    const result = within(await importer.findByRole('table', { name: 'Result of each row' }))
    expect(importer.getByText('Invited: 1. Not invited: 3.')).toBeInTheDocument()
    expect(result.getByText('Invited')).toBeInTheDocument()
    expect(result.getByText('Already in this team')).toBeInTheDocument()
    expect(result.getByText('Not invited: email: Enter a valid email address.; role: Choose member or leader.')).toBeInTheDocument()
    expect(result.getByText('Not found as a member of this church')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        team_id: 10,
        data: [
          { first_name: 'Anna', last_name: 'Smith', email: 'anna@example.test', role: 'member' },
          { first_name: 'Ruth', last_name: 'Miller', email: 'ruth@example.test', role: 'leader' },
          { first_name: 'Bo', last_name: '', email: 'bad', role: 'boss' },
          { first_name: 'Far', last_name: 'Away', email: 'far@example.test', role: 'member' },
        ],
      },
    ])
  })
})
