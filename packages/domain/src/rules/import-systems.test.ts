import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  applyColumnMapping,
  applyValueMapping,
  detectImportSystem,
  proposeColumnMapping,
  proposeValueMapping,
  withoutPlaceholderBirthYears,
  type ImportSystem,
} from './import-systems'

// The fixtures are shaped like each system's people export (their documented column names; no
// real people): fixtures/imports/*.csv at the repository's root.

/** A fixture's header and rows (the fixtures quote nothing). */
function fixture(name: string): { headers: string[]; rows: Array<Record<string, string>> } {
  const [header, ...lines] = readFileSync(new URL(`../../../../fixtures/imports/${name}`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
  const headers = header!.split(',')
  return { headers, rows: lines.map((line) => Object.fromEntries(line.split(',').map((cell, index) => [headers[index]!, cell]))) }
}

const files: Record<ImportSystem, string> = {
  planning_center: 'planning-center-people.csv',
  breeze: 'breeze-people.csv',
  rock: 'rock-people.csv',
  churchcrm: 'churchcrm-people.csv',
}

describe('files from other church systems (issue 41 item 1)', () => {
  it.each(Object.entries(files))('knows a %s export by its headers', (system, file) => {
    expect(detectImportSystem(fixture(file).headers)).toBe(system)
  })

  it('knows no system in a file of our own columns or of none', () => {
    expect(detectImportSystem(['first_name', 'last_name', 'gender', 'email'])).toBeNull()
    expect(detectImportSystem([])).toBeNull()
  })

  it("matches a Planning Center export's columns by its own names, the name it goes by before the given one", () => {
    const { headers, rows } = fixture(files.planning_center)
    const mapping = proposeColumnMapping(headers, { system: 'planning_center' })
    expect(mapping).toMatchObject({
      'First Name': 'first_name',
      'Given Name': null,
      'Last Name': 'last_name',
      Gender: 'gender',
      Birthdate: 'dob',
      Membership: 'member_status',
      'Home Email': 'email',
      'Work Email': null,
      'Mobile Phone Number': 'phone',
      'Home Phone Number': null,
      'Home Address Street Line 1': 'address_street',
      'Home Address City': 'address_city',
      'Home Address State': 'address_state',
      'Home Address Zip Code': 'address_postcode',
      // The person's id in Planning Center: a newer export updates the contact it made (issue 41 item 2).
      'Person ID': 'source_id',
      'Remote ID': null,
      // Its household and whether a child: the members are made relatives (issue 41 item 4).
      'Household ID': 'household_id',
      Child: 'family_role',
      // PCO's Status is active/inactive, not a member status.
      Status: null,
    })
    expect(applyColumnMapping(rows, mapping)[0]).toMatchObject({
      source_id: '1001',
      first_name: 'Maggie',
      last_name: 'Collins',
      email: 'maggie.collins@example.org',
      phone: '(217) 555-0142',
      member_status: 'Member',
      address_postcode: '62701',
    })
  })

  it('matches Breeze, Rock and ChurchCRM exports by theirs', () => {
    const breeze = fixture(files.breeze)
    expect(applyColumnMapping(breeze.rows, proposeColumnMapping(breeze.headers, { system: 'breeze' }))[0]).toMatchObject({
      source_id: '38215001',
      first_name: 'Grace',
      member_status: 'Member',
      phone: '(555) 201-3344',
      address_street: '221 Cedar Lane',
      address_postcode: '37064',
      dob: '03/14/1975',
    })
    const rock = fixture(files.rock)
    expect(applyColumnMapping(rock.rows, proposeColumnMapping(rock.headers, { system: 'rock' }))[0]).toMatchObject({
      source_id: '4410',
      first_name: 'Thanh',
      member_status: 'Member',
      phone: '(602) 555-0191',
      address_city: 'Phoenix',
    })
    const churchcrm = fixture(files.churchcrm)
    expect(applyColumnMapping(churchcrm.rows, proposeColumnMapping(churchcrm.headers, { system: 'churchcrm' }))[3]).toMatchObject({
      source_id: expect.stringMatching(/^\d+$/),
      first_name: 'Priya',
      member_status: 'Guest',
      phone: '0413 555 220',
      address_street: '18 Beach Street',
      dob: '1995-03-03',
    })
  })

  it("proposes the team's last matches first, then our own names and aliases", () => {
    const headers = ['Nombre', 'Apellido', 'Sexo', 'E-mail', 'Home Email', 'Notes']
    const remembered = { 'Home Email': 'email' as const, Notes: null, Unrelated: 'phone' as const }
    expect(proposeColumnMapping(headers, { system: null, remembered, aliases: { first_name: ['Nombre'], last_name: ['Apellido'], gender: ['Sexo'] } })).toEqual(
      {
        Nombre: 'first_name',
        Apellido: 'last_name',
        Sexo: 'gender',
        // Home Email was matched to email last time: the file's own E-mail is left for the person to choose.
        'E-mail': null,
        'Home Email': 'email',
        Notes: null,
      },
    )
  })

  it('takes a column once, and a header named like an object property is only a header', () => {
    const mapping = proposeColumnMapping(['email', 'EMAIL', '__proto__', 'constructor'], { system: null })
    expect(Object.entries(mapping)).toEqual([
      ['email', 'email'],
      ['EMAIL', null],
      ['__proto__', null],
      ['constructor', null],
    ])
    // A header not imported sends nothing.
    expect(applyColumnMapping([{ A: ' a@example.org ', B: 'b@example.org' }], { A: 'email', B: null })).toEqual([{ email: 'a@example.org' }])
  })

  it("proposes a system's words for our member statuses and genders, the team's own choices first", () => {
    const membership = ['Member', 'Regular Attender', ' visitor ', 'Youth Group']
    expect(proposeValueMapping('member_status', membership, { system: 'planning_center' })).toEqual({
      Member: 'member',
      'Regular Attender': 'church-attendee',
      ' visitor ': 'lead-visited',
    })
    const remembered = { member_status: { 'Youth Group': 'church-attendee', Visitor: null } }
    expect(proposeValueMapping('member_status', membership, { system: 'planning_center', remembered })).toEqual({
      Member: 'member',
      'Regular Attender': 'church-attendee',
      ' visitor ': null,
      'Youth Group': 'church-attendee',
    })
    expect(proposeValueMapping('gender', ['Male', 'Unknown'], { system: 'rock' })).toEqual({ Unknown: 'declined' })
    expect(proposeValueMapping('member_status', membership, { system: null })).toEqual({})
  })

  it('sends a matched value as ours, one left empty as blank, and any other as written', () => {
    const { headers, rows } = fixture(files.rock)
    const columns = applyColumnMapping(rows, proposeColumnMapping(headers, { system: 'rock' }))
    const values = { member_status: { Attendee: 'church-attendee', 'web prospect': null }, gender: { unknown: 'declined' } }
    expect(applyValueMapping(columns, values).map((row) => [row.first_name, row.member_status, row.gender])).toEqual([
      ['Thanh', 'Member', 'Male'],
      ['Linh', 'Member', 'Female'],
      ['An', 'church-attendee', 'Female'],
      ['Daniel', '', 'Male'],
    ])
    // No values matched: the rows as they were.
    expect(applyValueMapping(columns, {})).toEqual(columns)
  })

  it("reads a birthday in the system's placeholder year as no birth date, and others as written", () => {
    const pco = fixture(files.planning_center)
    const rows = withoutPlaceholderBirthYears(applyColumnMapping(pco.rows, proposeColumnMapping(pco.headers, { system: 'planning_center' })), 'planning_center')
    expect(rows.map((row) => [row.first_name, row.dob])).toEqual([
      ['Maggie', '1968-04-12'],
      ['Robert', ''],
      ['Ella', '2016-01-22'],
      ['Sam', '1990-11-30'],
    ])
    const rock = fixture(files.rock)
    const rockRows = withoutPlaceholderBirthYears(applyColumnMapping(rock.rows, proposeColumnMapping(rock.headers, { system: 'rock' })), 'rock')
    expect(rockRows.map((row) => row.dob)).toEqual(['1979-08-19', '', '2017-05-05', '1985-12-01'])
    // 1885 is only Planning Center's placeholder; a file of no system keeps what it says.
    expect(withoutPlaceholderBirthYears([{ dob: '14/02/1885' }], 'rock')).toEqual([{ dob: '14/02/1885' }])
    expect(withoutPlaceholderBirthYears([{ dob: '9999-02-14' }], null)).toEqual([{ dob: '9999-02-14' }])
    expect(withoutPlaceholderBirthYears([{ dob: '02/14/1885' }], 'planning_center')).toEqual([{ dob: '' }])
  })
})
