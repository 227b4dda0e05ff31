import { maxPages, type UserImport, type UserImportListItem, type UserImportUser } from '@crm/domain'
import { buildAccount, buildTeam } from '../../test/fixtures'
import { renderApp } from '../../test/render'
import { signedInAs } from '../../test/session'

/** A conference whose entity admin may import and share (update_user_import). */
export const conference = buildTeam({ id: 1, title: 'Demo Conference', role: 'entity_admin', is_conference: true })

export function buildImportListItem(overrides: Partial<UserImportListItem> & Pick<UserImportListItem, 'id' | 'title'>): UserImportListItem {
  return {
    date: '2026-11-14',
    content: null,
    created_display: '15 Nov 2026',
    author_name: 'Ruth Miller',
    count_users: 5,
    count_processed: 2,
    is_processed: false,
    ...overrides,
  }
}

export function buildImportUser(overrides: Partial<UserImportUser> & Pick<UserImportUser, 'id' | 'first_name' | 'last_name'>): UserImportUser {
  return {
    email: null,
    phone: null,
    row: 2,
    is_new: true,
    is_processed: false,
    team_owners_csv: '',
    team_id: null,
    processed_team_title: null,
    ...overrides,
  }
}

export function buildImport(overrides: Partial<UserImport> = {}): UserImport {
  const users = overrides.users ?? []
  return {
    id: 40,
    title: 'Health expo',
    date: '2026-11-14',
    content: 'Cards from the stand',
    created_display: '15 Nov 2026',
    author_name: 'Ruth Miller',
    count_users: users.length,
    count_processed: users.filter((user) => user.is_processed).length,
    is_processed: false,
    users,
    count: users.length,
    max_pages: maxPages(users.length, 100),
    team_id_by_user: {},
    teams: [
      { id: 11, title: 'Hope Street Church' },
      { id: 12, title: 'Riverside Church' },
    ],
    ...overrides,
  }
}

/** Opens a path signed in with the given team selected. */
export function visitAs(path: string, team = conference) {
  signedInAs(buildAccount([team]), { teamId: team.id, groupId: team.id })
  return renderApp(path)
}

/** A small spreadsheet as a CSV File. */
export function csvFile(lines: string[], name = 'cards.csv'): File {
  return new File([lines.join('\n')], name, { type: 'text/csv' })
}
