import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { teamAdminCalls, type OutputOf } from '@crm/domain'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { changeLocale } from '../../../lib/i18n'
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

const answered: OutputOf<typeof teamAdminCalls.importTeamUsers> = {
  invited: 1,
  failed: 4,
  items: [
    { row: 1, email: 'anna@example.test', status: 'invited', errors: {}, issues: [] },
    { row: 2, email: 'ruth@example.test', status: 'in_team', errors: {}, issues: [{ field: 'email', code: 'in_team', value: 'ruth@example.test' }] },
    {
      row: 3,
      email: 'bad',
      status: 'invalid',
      errors: { email: 'Invalid email', role: 'The role is member or leader' },
      issues: [
        { field: 'email', code: 'invalid_email', value: 'bad' },
        { field: 'role', code: 'not_in_list', value: 'boss', allowed: ['member', 'leader'] },
      ],
    },
    {
      row: 4,
      email: 'far@example.test',
      status: 'acms_not_in_church',
      errors: {},
      issues: [{ field: 'email', code: 'acms_not_in_church', value: 'far@example.test' }],
    },
    {
      row: 5,
      email: 'lea@example.test',
      status: 'acms_not_in_church',
      errors: {},
      issues: [{ field: 'email', code: 'acms_requires_admin', value: 'lea@example.test' }],
    },
  ],
}

function open(path = '/team/users', answer = answered) {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: path.startsWith('/group') ? 12 : 10 })
  const sent: unknown[] = []
  server.use(
    mockCall(teamAdminCalls.manageTeam, ({ params }) =>
      buildTeamDetail({ id: Number(params['id']), title: params['id'] === '12' ? 'Youth' : 'Grace Church', is_group: params['id'] === '12', users: [ruth] }),
    ),
    mockCall(teamAdminCalls.importTeamUsers, ({ input }) => {
      sent.push(input)
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
        'Lea,Off,lea@example.test,leader',
      ]),
    )
    expect(await importer.findByText('5 rows read from users.csv.')).toBeInTheDocument()
    const preview = within(importer.getByRole('table', { name: 'Rows to invite' }))
    expect(preview.getByText('anna@example.test')).toBeInTheDocument()
    await user.click(importer.getByRole('button', { name: 'Send invites' }))
    const result = within(await importer.findByRole('table', { name: 'Result of each row' }))
    expect(importer.getByText('Invited: 1. Not invited: 4.')).toBeInTheDocument()
    expect(result.getByText('Invited')).toBeInTheDocument()
    expect(result.getByText('Already in this team')).toBeInTheDocument()
    // Each refused column worded from its code (issue 36), not the server's English.
    expect(result.getByText('Not invited: Email “bad” is not an email address. Role “boss” is not one of: member, leader.')).toBeInTheDocument()
    expect(result.getByText('Not found as a member of this church')).toBeInTheDocument()
    expect(result.getByText('Not found as a member of this church; an admin was sent an email to approve it')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        team_id: 10,
        data: [
          { first_name: 'Anna', last_name: 'Smith', email: 'anna@example.test', role: 'member' },
          { first_name: 'Ruth', last_name: 'Miller', email: 'ruth@example.test', role: 'leader' },
          { first_name: 'Bo', last_name: '', email: 'bad', role: 'boss' },
          { first_name: 'Far', last_name: 'Away', email: 'far@example.test', role: 'member' },
          { first_name: 'Lea', last_name: 'Off', email: 'lea@example.test', role: 'leader' },
        ],
      },
    ])
  })

  it("words each row's result in Spanish from the answer's codes (issue 36)", async () => {
    await changeLocale('es')
    try {
      const { user } = open('/team/users', {
        invited: 0,
        failed: 3,
        items: [
          {
            row: 1,
            email: 'bo@example.test',
            status: 'invalid',
            errors: { first_name: 'Required', role: 'You cannot give this role' },
            issues: [
              { field: 'first_name', code: 'required' },
              { field: 'role', code: 'role_not_grantable', value: 'owner' },
            ],
          },
          {
            row: 2,
            email: 'bo@example.test',
            status: 'invalid',
            errors: { email: 'This email is already in the file' },
            issues: [{ field: 'email', code: 'already_on_import', row: 1 }],
          },
          {
            row: 3,
            email: 'lea@example.test',
            status: 'acms_not_in_church',
            errors: { email: 'The email lea@example.test cannot be added without admin approval. An email has been sent to the admin.' },
            issues: [{ field: 'email', code: 'acms_requires_admin', value: 'lea@example.test' }],
          },
        ],
      })
      const importer = within(await screen.findByRole('region', { name: 'Invitar desde una hoja de cálculo' }))
      await user.upload(
        importer.getByLabelText('Archivo de hoja de cálculo'),
        csvFile(['first_name,last_name,email,role', ',Smith,bo@example.test,owner', 'Bo,Smith,bo@example.test,member', 'Lea,Off,lea@example.test,leader']),
      )
      await user.click(await importer.findByRole('button', { name: 'Enviar invitaciones' }))
      const result = within(await importer.findByRole('table', { name: 'Resultado de cada fila' }))
      expect(importer.getByText('Invitados: 0. No invitados: 3.')).toBeInTheDocument()
      expect(result.getByText('No invitado: Nombre es obligatorio. No puedes dar el rol «owner».')).toBeInTheDocument()
      expect(result.getByText('No invitado: Esta persona ya está en la importación (fila 1).')).toBeInTheDocument()
      expect(result.getByText('No se encontró como miembro de esta iglesia; se envió un correo a un administrador para que lo apruebe')).toBeInTheDocument()
      expect(importer.queryByText(/Required|cannot give|already in the file|admin approval/)).not.toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  })
})
