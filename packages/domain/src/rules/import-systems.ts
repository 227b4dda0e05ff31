import { contactImportColumns, type ContactImportColumn } from '../calls/contact-import'
import { importSystems, type ImportSystem } from './import-source'

// Files from other church systems (issue 41 item 1): the people exports of Planning Center
// People, Breeze, Rock RMS and ChurchCRM carry the same people under their own column names.
// A file's header row is matched to the import's columns by the system's own names (a preset),
// then by the columns' names and their aliases; the person can change any match before the
// import, and the team's last matches for that system are proposed for its next file.

export { importSystems, importMappingKeys, type ImportSystem, type ImportMappingKey } from './import-source'

/**
 * Each system's people export, as its documentation names the columns: which of our columns
 * each header fills. A column may come from several headers (the first one with a value in
 * the header row's order is proposed; the others are left out and can be chosen instead).
 */
export const importSystemColumns: Record<ImportSystem, Partial<Record<ContactImportColumn, readonly string[]>>> = {
  planning_center: {
    source_id: ['Person ID'],
    household_id: ['Household ID'],
    family_role: ['Child'],
    first_name: ['First Name', 'Given Name'],
    last_name: ['Last Name'],
    gender: ['Gender'],
    dob: ['Birthdate'],
    marital_status: ['Marital Status'],
    member_status: ['Membership'],
    email: ['Home Email', 'Email', 'Work Email', 'Other Email'],
    phone: ['Mobile Phone Number', 'Home Phone Number', 'Work Phone Number', 'Other Phone Number'],
    address_street: ['Home Address Street Line 1'],
    address_city: ['Home Address City'],
    address_state: ['Home Address State'],
    address_postcode: ['Home Address Zip Code'],
    address_country: ['Home Address Country Code'],
    notes: ['Medical Notes'],
  },
  breeze: {
    source_id: ['Breeze ID'],
    household_id: ['Family'],
    family_role: ['Family Role'],
    first_name: ['First Name', 'Nickname'],
    last_name: ['Last Name'],
    gender: ['Gender'],
    dob: ['Birthdate'],
    age: ['Age'],
    marital_status: ['Marital Status'],
    member_status: ['Status'],
    email: ['Email'],
    phone: ['Mobile', 'Home', 'Work'],
    address_street: ['Street Address'],
    address_city: ['City'],
    address_state: ['State'],
    address_postcode: ['Zip'],
  },
  rock: {
    source_id: ['Id'],
    household_id: ['Family Id'],
    family_role: ['Family Role'],
    first_name: ['First Name', 'Nick Name'],
    last_name: ['Last Name'],
    gender: ['Gender'],
    dob: ['Birthdate', 'Birth Date'],
    marital_status: ['Marital Status'],
    member_status: ['Connection Status'],
    email: ['Email'],
    phone: ['Mobile Phone', 'Home Phone', 'Work Phone'],
    address_street: ['Home Address Street 1', 'Address'],
    address_city: ['Home Address City', 'City'],
    address_state: ['Home Address State', 'State'],
    address_postcode: ['Home Address Postal Code', 'Postal Code'],
    address_country: ['Home Address Country', 'Country'],
  },
  churchcrm: {
    source_id: ['Person Id', 'PersonId'],
    household_id: ['Family ID'],
    family_role: ['Family Role'],
    first_name: ['First Name', 'FirstName'],
    last_name: ['Last Name', 'LastName'],
    gender: ['Gender'],
    dob: ['Birth Date', 'BirthDate'],
    member_status: ['Classification'],
    email: ['Email'],
    phone: ['Cell Phone', 'CellPhone', 'Home Phone', 'HomePhone', 'Work Phone', 'WorkPhone'],
    address_street: ['Address1', 'Address 1', 'Address'],
    address_city: ['City'],
    address_state: ['State'],
    address_postcode: ['Zip'],
    address_country: ['Country'],
  },
}

/**
 * Headers only that system's export has: a file with any of them is taken for that system's
 * (the person can choose another). Checked in this order.
 */
export const importSystemMarkers: Record<ImportSystem, readonly string[]> = {
  planning_center: ['Remote ID', 'Home Address Street Line 1', 'Household Primary Contact', 'Mobile Phone Number'],
  breeze: ['Breeze ID', 'Birthdate Month/Day'],
  rock: ['Connection Status', 'Record Status', 'Nick Name'],
  churchcrm: ['Classification', 'Person Id', 'Family ID'],
}

/** A header as compared: lower case, without accents, spaces, underscores, dashes and dots ('E-mail' is 'email'). */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '')
}

/** The system whose export a header row is, or null. */
export function detectImportSystem(headers: readonly string[]): ImportSystem | null {
  const present = new Set(headers.map(normalizeHeader))
  return importSystems.find((system) => importSystemMarkers[system].some((marker) => present.has(normalizeHeader(marker)))) ?? null
}

/** Each file header → the column it imports as, or null when it is not imported. */
export type ColumnMapping = Record<string, ContactImportColumn | null>

/** Other names a column goes by (the web's aliases in English and Spanish). */
export type ColumnNames = Partial<Record<ContactImportColumn, readonly string[]>>

/**
 * The mapping proposed for a file's headers: the team's last mapping for the same headers
 * first; then the system's names, in the order the preset lists them (Planning Center's First
 * Name before its Given Name); then each column's own name and its aliases. A column is
 * proposed for one header only; the others are not imported until the person chooses.
 */
export function proposeColumnMapping(
  headers: readonly string[],
  options: { system: ImportSystem | null; remembered?: ColumnMapping | null; aliases?: ColumnNames },
): ColumnMapping {
  // Each name a header may have → its column and rank (lower is preferred); the first source to name it wins.
  const byName = new Map<string, { column: ContactImportColumn; rank: number }>()
  const sources: ColumnNames[] = [
    options.system ? importSystemColumns[options.system] : {},
    Object.fromEntries(contactImportColumns.map((column) => [column, [column]])),
    options.aliases ?? {},
  ]
  sources.forEach((names, source) => {
    for (const column of contactImportColumns) {
      ;(names[column] ?? []).forEach((name, position) => {
        const key = normalizeHeader(name)
        if (!byName.has(key)) byName.set(key, { column, rank: source * 1000 + position })
      })
    }
  })
  const remembered = new Map(Object.entries(options.remembered ?? {}).map(([header, column]) => [normalizeHeader(header), column]))
  // A null prototype: a file's header is a key like any other, "__proto__" included.
  const mapping = Object.create(null) as ColumnMapping
  const taken = new Set<ContactImportColumn>()
  // A header the person matched last time keeps its match, even to nothing.
  for (const header of headers) {
    const key = normalizeHeader(header)
    if (!remembered.has(key)) continue
    const column = remembered.get(key) ?? null
    mapping[header] = column && !taken.has(column) ? column : null
    if (column) taken.add(column)
  }
  const candidates = headers
    .filter((header) => !remembered.has(normalizeHeader(header)))
    .map((header, order) => ({ header, order, match: byName.get(normalizeHeader(header)) }))
  for (const { header } of candidates) mapping[header] = null
  const preferred = candidates.filter((candidate) => candidate.match !== undefined).sort((a, b) => a.match!.rank - b.match!.rank || a.order - b.order)
  for (const { header, match } of preferred) {
    if (taken.has(match!.column)) continue
    mapping[header] = match!.column
    taken.add(match!.column)
  }
  return mapping
}

/** The rows keyed by the import's columns: each header's cell under the column it maps to. */
export function applyColumnMapping(
  rows: ReadonlyArray<Readonly<Record<string, string>>>,
  mapping: ColumnMapping,
): Array<Partial<Record<ContactImportColumn, string>>> {
  const pairs = Object.entries(mapping).filter((pair): pair is [string, ContactImportColumn] => pair[1] !== null)
  return rows.map((row) => {
    const mapped: Partial<Record<ContactImportColumn, string>> = {}
    for (const [header, column] of pairs) mapped[column] = (row[header] ?? '').trim()
    return mapped
  })
}

/**
 * The columns whose values are matched too: a system's words for a member status or a gender
 * are not ours ('Regular Attender' is a church attendee). Each file value → our value (a member
 * status's id, a gender), or null (left empty); a value not named is sent as written, and the
 * server matches it by id or title as before.
 */
export const valueMatchedColumns = ['member_status', 'gender'] as const
export type ValueMatchedColumn = (typeof valueMatchedColumns)[number]
export type ValueMapping = Partial<Record<ValueMatchedColumn, Record<string, string | null>>>

/**
 * Each system's default words (their documentation's defaults; a church may have its own,
 * which the person matches in the table and the team keeps).
 */
export const importSystemValues: Record<ImportSystem, ValueMapping> = {
  planning_center: {
    member_status: { Member: 'member', 'Regular Attender': 'church-attendee', Participant: 'church-attendee', Visitor: 'lead-visited' },
  },
  breeze: {
    member_status: { Member: 'member', Attender: 'church-attendee', Visitor: 'lead-visited' },
  },
  rock: {
    member_status: { Member: 'member', Attendee: 'church-attendee', Participant: 'church-attendee', Visitor: 'lead-visited', 'Web Prospect': 'lead-unvisited' },
    gender: { Unknown: 'declined' },
  },
  churchcrm: {
    member_status: { Member: 'member', 'Regular Attender': 'church-attendee', Guest: 'lead-visited' },
  },
}

/** A value as compared: trimmed, lower case, single spaces ('Regular  attender ' is 'Regular Attender'). */
export const importValueKey = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * What each of a column's values in the file is proposed to become: the team's last choice for
 * the value, else the system's default word. A value with neither is left out (sent as written).
 */
export function proposeValueMapping(
  column: ValueMatchedColumn,
  fileValues: readonly string[],
  options: { system: ImportSystem | null; remembered?: ValueMapping | null },
): Record<string, string | null> {
  const known = new Map<string, string | null>()
  for (const [value, ours] of Object.entries(options.system ? (importSystemValues[options.system][column] ?? {}) : {})) known.set(importValueKey(value), ours)
  for (const [value, ours] of Object.entries(options.remembered?.[column] ?? {})) known.set(importValueKey(value), ours)
  const proposal = Object.create(null) as Record<string, string | null>
  for (const value of fileValues) {
    const key = importValueKey(value)
    if (key !== '' && known.has(key)) proposal[value] = known.get(key) ?? null
  }
  return proposal
}

/** The rows with each matched value replaced by ours ('' for one left empty); other values as written. */
export function applyValueMapping<R extends Partial<Record<string, string>>>(rows: readonly R[], values: ValueMapping): R[] {
  type Row = Record<string, string | undefined>
  const columns = valueMatchedColumns
    .filter((column) => values[column] && Object.keys(values[column]).length > 0)
    .map((column) => [column, new Map(Object.entries(values[column]!).map(([value, ours]) => [importValueKey(value), ours ?? '']))] as const)
  if (columns.length === 0) return [...rows]
  return rows.map((row) => {
    let changed: Row | null = null
    for (const [column, byValue] of columns) {
      const cell = row[column]
      if (cell === undefined) continue
      const ours = byValue.get(importValueKey(cell))
      if (ours !== undefined && ours !== cell) (changed ??= { ...row } as Row)[column] = ours
    }
    return (changed as R | null) ?? row
  })
}

/**
 * The year a system writes for a birthday whose year nobody gave (Planning Center's 1885,
 * Rock's 9999). The record keeps a birth month only with its year (spec 2: dob is month and
 * year), so such a birth date is read as none: neither an age of 141 nor a birth in the future.
 */
export const placeholderBirthYears: Partial<Record<ImportSystem, string>> = { planning_center: '1885', rock: '9999' }

/** The rows with a birth date in the system's placeholder year left blank. */
export function withoutPlaceholderBirthYears<R extends Partial<Record<string, string>>>(rows: readonly R[], system: ImportSystem | null): R[] {
  const year = system ? placeholderBirthYears[system] : undefined
  if (!year) return [...rows]
  const placeholder = new RegExp(`(^|\\D)${year}(\\D|$)`)
  return rows.map((row) => (row.dob && placeholder.test(row.dob) ? { ...row, dob: '' } : row))
}
