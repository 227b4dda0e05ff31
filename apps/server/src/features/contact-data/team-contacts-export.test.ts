import { and, eq, sql } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactExportColumns, interactionImportColumns, type ImportUsersResult } from '@crm/domain'
import { activityLog, people } from '../../db/schema/index'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

// Leave to any system (issue 41 item 5): a team's owners export its contacts with their fields,
// relationships and interactions as the CSV files the import reads, and as vCard 4.0; what the
// team keeps without consent is all a contact's row holds.

let t: TestApp
let c: Church
let other: Church
const ids: Record<string, number> = {}

beforeAll(async () => {
  t = await createTestApp()
  c = await buildChurch(t)
  other = await buildChurch(t, { conference: c.conference })
  const consent = { consent_type: 'Verbal', consent_date: '14/03/2026', consent_content: 'Happy to be visited', member_status: 'member' }
  const child = bornYearsAgo(t, 9)
  const response = await post(t, 'import-users', c.leader.token, {
    team_id: c.church,
    group_id: c.church,
    data: [
      {
        first_name: 'Margaret',
        last_name: 'Exportson',
        gender: 'F',
        email: 'margaret@example.org',
        phone: '0412 555 101',
        facebook: 'https://facebook.com/maggie',
        address_city: 'Springfield',
        expect_follow_up: 'yes',
        decision_for_baptism: '2026-02-01',
        household_id: 'F1',
        family_role: 'Head of Household',
        ...consent,
      },
      { first_name: 'Robert', last_name: 'Exportson', gender: 'M', household_id: 'F1', family_role: 'Spouse', ...consent },
      {
        first_name: 'Ella',
        last_name: 'Exportson',
        gender: 'F',
        dob: `${child.dob_year}-${String(child.dob_month).padStart(2, '0')}`,
        parent_carer_first_name: 'Margaret',
        parent_carer_last_name: 'Exportson',
        parent_carer_relationship: 'mother',
        parent_carer_phone: '0412 555 101',
        household_id: 'F1',
        family_role: 'Child',
      },
      { first_name: 'Quentin', last_name: 'Exportson', gender: 'M' },
    ],
  })
  expect(response.statusCode, response.body).toBe(200)
  expect(body<ImportUsersResult>(response)).toMatchObject({ count_successful: 4, relationships_made: 3 })
  for (const row of await t.db.select({ id: people.id, first_name: people.first_name }).from(people).where(eq(people.last_name, 'Exportson')))
    ids[row.first_name] = row.id
  // Details kept before consent was declined are not the team's to hand on.
  await t.db.update(people).set({ email: 'quentin@example.org' }).where(eq(people.id, ids.Quentin!))
  await t.db.execute(
    sql`insert into contact_relationships (team_id, contact_id, related_id, relationship_type) values (${c.church}, ${ids.Quentin}, ${ids.Robert}, 'friend')`,
  )
  const logged = await post(t, 'add-contact-interaction', c.leader.token, {
    team_id: c.church,
    group_id: c.church,
    user_id: ids.Margaret,
    type: 'visit',
    date: '2026-03-20',
    time: '18:30',
    content: 'Brought a meal, "with thanks"',
    is_completed: 1,
  })
  expect(logged.statusCode, logged.body).toBe(200)
  // Another church's contact is not this team's to export.
  await buildContact(t, { teamId: other.church, person: { first_name: 'Otto', last_name: 'Exportson' } })
})
afterAll(async () => t.close())

/** A file's text as written, its byte order mark kept. */
const strFromU8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)

/** An RFC 4180 table as rows of cells by header (the files are the server's own: quotes, CRLF, a byte order mark). */
function table(text: string): Record<string, string>[] {
  expect(text.startsWith('\uFEFF')).toBe(true)
  const rows: string[][] = [[]]
  let cell = ''
  let quoted = false
  for (let index = 1; index < text.length; index += 1) {
    const char = text[index]!
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') [cell, index] = [`${cell}"`, index + 1]
      else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      rows.at(-1)!.push(cell)
      cell = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      rows.at(-1)!.push(cell)
      ;[cell, index] = ['', index + 1]
      rows.push([])
    } else cell += char
  }
  const [header, ...data] = rows.filter((row) => row.length > 0)
  return data.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])))
}

async function exported(token: string, teamId = c.church) {
  const response = await get(t, 'team-contacts-export', token, { team_id: teamId })
  return { response, files: response.statusCode === 200 ? unzipSync(new Uint8Array(response.rawPayload)) : {} }
}

describe('GET /api/v1/team-contacts-export (issue 41 item 5)', () => {
  it("holds the team's contacts in the import's columns, their relationships and interactions", async () => {
    const { response, files } = await exported(c.owner.token)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/zip')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="team-${c.church}-contacts.zip"`)
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(Object.keys(files).sort()).toEqual(['contacts.csv', 'interactions.csv', 'relationships.csv'])

    const contactsCsv = strFromU8(files['contacts.csv']!)
    expect(contactsCsv.split('\r\n')[0]).toBe(`\uFEFF${contactExportColumns.join(',')}`)
    const contacts = table(contactsCsv)
    expect(contacts.map((row) => row.first_name)).toEqual(['Ella', 'Margaret', 'Quentin', 'Robert'])
    const [ella, margaret, quentin, robert] = contacts as [Record<string, string>, Record<string, string>, Record<string, string>, Record<string, string>]
    expect(margaret).toMatchObject({
      gender: 'female',
      email: 'margaret@example.org',
      // A spreadsheet would run a cell starting with + as a formula: it goes with an apostrophe.
      phone: "'+61412555101",
      facebook: 'https://facebook.com/maggie',
      address_city: 'Springfield',
      member_status: 'member',
      expect_follow_up: 'yes',
      decision_for_baptism: '2026-02-01',
      consent_type: 'verbal',
      consent_date: '2026-03-14',
      consent_content: 'Happy to be visited',
      source_id: `crm-${ids.Margaret}`,
      household_id: `crm-${ids.Margaret}`,
      family_role: 'head',
    })
    expect(robert).toMatchObject({ source_id: `crm-${ids.Robert}`, household_id: `crm-${ids.Margaret}`, family_role: 'spouse' })
    // A child: the birth and the parent, never a consent from a file; in the household as its child.
    expect(ella).toMatchObject({
      parent_carer_first_name: 'Margaret',
      parent_carer_relationship: 'mother',
      consent_type: '',
      household_id: `crm-${ids.Margaret}`,
      family_role: 'child',
    })
    expect(ella.dob).toMatch(/^\d{4}-\d{2}$/)
    // Without consent: the name and gender, and nothing the team should not have kept.
    expect(Object.entries(quentin).filter(([, value]) => value !== '')).toEqual([
      ['first_name', 'Quentin'],
      ['last_name', 'Exportson'],
      ['gender', 'male'],
      ['source_id', `crm-${ids.Quentin}`],
    ])
    expect(contactsCsv).not.toContain('quentin@example.org')

    const relationships = table(strFromU8(files['relationships.csv']!))
    expect(relationships).toHaveLength(4)
    expect(relationships).toContainEqual({ source_id: `crm-${ids.Quentin}`, relationship_type: 'friend', related_source_id: `crm-${ids.Robert}` })
    expect(relationships).toContainEqual({ source_id: `crm-${ids.Ella}`, relationship_type: 'mother', related_source_id: `crm-${ids.Margaret}` })

    const interactionsCsv = strFromU8(files['interactions.csv']!)
    expect(interactionsCsv.split('\r\n')[0]).toBe(`\uFEFF${['source_id', ...interactionImportColumns].join(',')}`)
    expect(table(interactionsCsv)).toEqual([
      expect.objectContaining({
        source_id: `crm-${ids.Margaret}`,
        date: '2026-03-20',
        time: '18:30',
        type: 'visit',
        content: 'Brought a meal, "with thanks"',
        is_completed: 'yes',
      }),
    ])
  })

  it("records each child's record as read by the owner, for safeguarding", async () => {
    const before = await t.db.$count(activityLog, and(eq(activityLog.contact_id, ids.Ella!), eq(activityLog.action, 'view')))
    await exported(c.owner.token)
    const after = await t.db.$count(
      activityLog,
      and(eq(activityLog.contact_id, ids.Ella!), eq(activityLog.action, 'view'), eq(activityLog.author_id, c.owner.id)),
    )
    expect(after).toBe(before + 1)
    expect(await t.db.$count(activityLog, and(eq(activityLog.contact_id, ids.Margaret!), eq(activityLog.action, 'view')))).toBe(0)
  })

  it("is the owners': a leader is refused, and another church's owner finds no such team", async () => {
    expect((await exported(c.leader.token)).response.statusCode).toBe(403)
    expect((await exported(other.owner.token)).response.statusCode).toBe(404)
    const others = table(strFromU8((await exported(other.owner.token, other.church)).files['contacts.csv']!))
    expect(others.map((row) => row.first_name)).toEqual(['Otto'])
  })
})

describe('the round trip: an export imports back as it was (issue 41 item 5)', () => {
  /** contacts.csv's rows as the product's reader gives them: a cell's formula guard is not its value (spreadsheet.test.ts). */
  const rowsOf = (files: Record<string, Uint8Array>, name: string) =>
    table(strFromU8(files[name]!)).map((row) => Object.fromEntries(Object.entries(row).map(([column, cell]) => [column, cell.replace(/^'(?=[=+\-@])/, '')])))

  /** A file's rows with each source id written as the first name of the contact it names, so two teams' files compare. */
  function byName(rows: Record<string, string>[], contacts: Record<string, string>[], columns: string[]) {
    const names = new Map(contacts.map((row) => [row.source_id!, row.first_name!]))
    return rows.map((row) => ({ ...row, ...Object.fromEntries(columns.map((column) => [column, names.get(row[column]!) ?? row[column]!])) }))
  }

  it("imports into another church's team as the same contacts and households, and again as unchanged", async () => {
    const elsewhere = await buildChurch(t)
    const from = (await exported(c.owner.token)).files
    const rows = rowsOf(from, 'contacts.csv')
    const importInto = (data: Record<string, string>[]) =>
      // The rows as the file numbers them, the header being row 1.
      post(t, 'import-users', elsewhere.leader.token, { team_id: elsewhere.church, group_id: elsewhere.church, source_system: 'other', data, first_row: 2 })
    const first = await importInto(rows)
    expect(first.statusCode, first.body).toBe(200)
    expect(body<ImportUsersResult>(first)).toMatchObject({ count_successful: 4, count_unsuccessful: 0, created: [2, 3, 4, 5], relationships_made: 3 })

    const back = (await exported(elsewhere.owner.token, elsewhere.church)).files
    const again = rowsOf(back, 'contacts.csv')
    expect(byName(again, again, ['source_id', 'household_id'])).toEqual(byName(rows, rows, ['source_id', 'household_id']))
    // The household's relationships come back; a friendship is not a household's, and stays in relationships.csv.
    const relationships = ['source_id', 'related_source_id']
    const madeAgain = byName(rowsOf(back, 'relationships.csv'), again, relationships)
    expect(madeAgain).toEqual(byName(rowsOf(from, 'relationships.csv'), rows, relationships).filter((row) => row.relationship_type !== 'friend'))

    // The same file again: every row names a contact the team has, with nothing new.
    const second = await importInto(rows)
    expect(body<ImportUsersResult>(second)).toMatchObject({ count_successful: 4, created: [], updated: [], unchanged: [2, 3, 4, 5] })
    expect(body<ImportUsersResult>(second).relationships_made ?? 0).toBe(0)
  })
})

describe('GET /api/v1/team-contacts-vcard (issue 41 item 5)', () => {
  it('is a vCard 4.0 card per contact, with what the team keeps of each', async () => {
    const response = await get(t, 'team-contacts-vcard', c.owner.token, { team_id: c.church })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="team-${c.church}-contacts.vcf"`)
    const cards = response.body.split('END:VCARD\r\n').filter((card) => card !== '')
    expect(cards.map((card) => /\r\nFN:(.*)\r\n/.exec(card)![1])).toEqual(['Ella Exportson', 'Margaret Exportson', 'Quentin Exportson', 'Robert Exportson'])
    expect(cards.every((card) => card.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n'))).toBe(true)
    expect(cards[1]).toContain('EMAIL:margaret@example.org\r\n')
    expect(cards[1]).toContain('TEL;VALUE=uri:tel:+61412555101\r\n')
    expect(cards[2]).not.toContain('EMAIL')
    expect(cards[0]).toMatch(/\r\nBDAY:\d{4}-\d{2}\r\n/)
    expect((await get(t, 'team-contacts-vcard', c.member.token, { team_id: c.church })).statusCode).toBe(403)
  })
})
