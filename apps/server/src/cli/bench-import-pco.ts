import { readFileSync } from 'node:fs'
import {
  applyColumnMapping,
  applyValueMapping,
  detectImportSystem,
  proposeColumnMapping,
  proposeValueMapping,
  withHouseholdParents,
  withoutPlaceholderBirthYears,
  importRefusalLists,
  type ImportUsersResult,
} from '@crm/domain'
import { percentile } from './bench-measure'

// A church moving in from Planning Center (issue 41 item 6), a section of `npm run bench`
// (BENCH_ONLY=import-pco runs it alone; BENCH_IMPORT_PCO_ROWS, 50,000 by default): a People
// export of that many rows in the fixture's columns (fixtures/imports/planning-center-people.csv:
// households of a couple and children, Planning Center's membership words, birthdays in its
// placeholder year), mapped as the web dialog maps it (the system known by its headers, the
// preset's columns and values, 1885 read as no year, a child's parent from its household), then sent as the dialog sends it: a dry
// run in chunks of 500, the import in chunks of 500 under one import id, and the same file
// again (every row unchanged). Targets (issue 41 item 6): the whole in ≤ 60 s on PostgreSQL and
// ≤ 180 s on PGlite.

export const importPcoOn = process.env.BENCH_IMPORT_PCO !== '0'
const rowCount = Number(process.env.BENCH_IMPORT_PCO_ROWS ?? 50_000)
const chunkSize = 500

const fixture = readFileSync(new URL('../../../../fixtures/imports/planning-center-people.csv', import.meta.url), 'utf8')
const headers = fixture.split('\n')[0]!.trim().split(',')

const givenNames = {
  F: ['Grace', 'Hannah', 'Ruth', 'Esther', 'Naomi', 'Lydia', 'Miriam', 'Abigail'],
  M: ['Samuel', 'David', 'Isaac', 'Caleb', 'Joel', 'Micah', 'Silas', 'Jonah'],
}
const familyNames = ['Collins', 'Okafor', 'Nguyen', 'Fernández', 'Smith', 'Kowalski', 'Mensah', 'Tanaka', 'Haddad', 'Olsen', 'Rossi', 'Silva']
const memberships = ['Member', 'Regular Attender', 'Visitor', 'Participant', '']

/** The export's rows: households of four (a couple and two children), each person with a Planning Center id. */
export function planningCenterRows(count: number, year: number): Array<Record<string, string>> {
  return Array.from({ length: count }, (_, n) => {
    const household = Math.floor(n / 4)
    const place = n % 4
    const gender = place === 0 || place === 2 ? 'F' : 'M'
    const child = place >= 2
    const family = `${familyNames[household % familyNames.length]}${household}`
    const given = givenNames[gender][(household + place) % 8]!
    const cells: Record<string, string> = Object.fromEntries(headers.map((header) => [header, '']))
    Object.assign(cells, {
      'Person ID': String(100_000 + n),
      'Given Name': given,
      'First Name': given,
      'Last Name': family,
      Birthdate: child
        ? `${year - 8 - (household % 9)}-0${1 + (n % 9)}-1${n % 10}`
        : household % 5 === 0
          ? `1885-0${1 + (n % 9)}-20`
          : `19${60 + (household % 30)}-0${1 + (n % 9)}-0${1 + (n % 9)}`,
      Gender: gender,
      Child: child ? 'true' : 'false',
      'Marital Status': child ? '' : 'Married',
      Status: 'active',
      Membership: memberships[household % memberships.length]!,
      'Household ID': String(500_000 + household),
      'Household Name': `The ${family} Household`,
    })
    if (!child) cells['Home Email'] = `${given.toLowerCase()}.${n}@pco.bench.test`
    if (!child && n % 3 === 0) cells['Mobile Phone Number'] = `04${String(10_000_000 + n).slice(-8)}`
    if (household % 2 === 0) Object.assign(cells, { 'Home Address Street Line 1': `${1 + (household % 400)} Church St`, 'Home Address City': 'Parramatta' })
    return cells
  })
}

export interface PcoImportResult {
  rows: number
  mappingMs: number
  dry: PassResult
  kept: PassResult
  again: PassResult
}

interface PassResult {
  seconds: number
  p50: number
  max: number
  report: Pick<ImportUsersResult, 'count_successful' | 'count_unsuccessful'> & { created: number; updated: number; unchanged: number; relationships: number }
  /** Why rows were refused, and how many each. */
  refusals: Array<[string, number]>
}

/** The file mapped as the dialog maps it, then its three passes over HTTP. */
export async function measureImportPco(options: { base: string; auth: Record<string, string>; teamId: number }): Promise<PcoImportResult> {
  const file = planningCenterRows(rowCount, new Date().getFullYear())
  const mappingStarted = performance.now()
  const system = detectImportSystem(headers)
  if (system !== 'planning_center') throw new Error(`The bench's file reads as ${system}, not Planning Center`)
  const columns = proposeColumnMapping(headers, { system })
  const mapped = applyColumnMapping(file, columns)
  const statusValues = [...new Set(mapped.map((row) => row.member_status ?? ''))]
  const values = {
    member_status: proposeValueMapping('member_status', statusValues, { system }),
    gender: proposeValueMapping('gender', ['F', 'M'], { system }),
  }
  const rows = withHouseholdParents(withoutPlaceholderBirthYears(applyValueMapping(mapped, values), system), { order: 'either', now: new Date() })
  const mappingMs = performance.now() - mappingStarted

  const pass = async (dryRun: boolean): Promise<PassResult> => {
    const samples: number[] = []
    const report = { count_successful: 0, count_unsuccessful: 0, created: 0, updated: 0, unchanged: 0, relationships: 0 }
    let importId: number | undefined
    const refusals = new Map<string, number>()
    const started = performance.now()
    for (let from = 0; from < rows.length; from += chunkSize) {
      const callStarted = performance.now()
      const response = await fetch(`${options.base}/api/v1/import-users`, {
        method: 'POST',
        headers: { ...options.auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          team_id: options.teamId,
          group_id: options.teamId,
          source_system: system,
          first_row: from + 2,
          data: rows.slice(from, from + chunkSize),
          ...(dryRun ? { dry_run: 1 } : {}),
          ...(importId !== undefined ? { import_id: importId } : {}),
        }),
      })
      const text = await response.text()
      samples.push(performance.now() - callStarted)
      if (!response.ok) throw new Error(`import-users answered ${response.status}: ${text.slice(0, 300)}`)
      const answer = JSON.parse(text) as ImportUsersResult
      importId ??= answer.import_id
      report.count_successful += answer.count_successful
      report.count_unsuccessful += answer.count_unsuccessful
      report.created += answer.created?.length ?? 0
      report.updated += answer.updated?.length ?? 0
      report.unchanged += answer.unchanged?.length ?? 0
      report.relationships += answer.relationships_made ?? 0
      for (const list of importRefusalLists)
        for (const refused of answer[list]) {
          const why = `${list}: ${refused.issues?.map((issue) => `${issue.field ?? ''} ${issue.code}`).join(', ') ?? refused.reason}`
          refusals.set(why, (refusals.get(why) ?? 0) + 1)
        }
    }
    samples.sort((a, b) => a - b)
    return { seconds: (performance.now() - started) / 1000, p50: percentile(samples, 50), max: samples.at(-1) ?? 0, report, refusals: [...refusals] }
  }
  const dry = await pass(true)
  const kept = await pass(false)
  const again = await pass(false)
  return { rows: rows.length, mappingMs, dry, kept, again }
}

export function printImportPco(engine: string, result: PcoImportResult): void {
  const total = result.mappingMs / 1000 + result.dry.seconds + result.kept.seconds
  console.log(
    `\n${engine}: a Planning Center People export of ${result.rows.toLocaleString('en')} rows (issue 41 item 6), mapped in ${result.mappingMs.toFixed(0)} ms, ` +
      `sent in calls of ${chunkSize}; mapped, previewed and imported in ${total.toFixed(1)} s (target ${engine.startsWith('PGlite') ? 180 : 60} s)`,
  )
  console.log('| pass | total s | call p50 ms | call max ms | accepted | refused | new | updated | unchanged | relationships made |')
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const [name, pass] of [
    ['dry run (preview)', result.dry],
    ['import', result.kept],
    ['the same file again', result.again],
  ] as const)
    console.log(
      `| ${name} | ${pass.seconds.toFixed(1)} | ${pass.p50.toFixed(0)} | ${pass.max.toFixed(0)} | ${pass.report.count_successful} | ${pass.report.count_unsuccessful} | ` +
        `${pass.report.created} | ${pass.report.updated} | ${pass.report.unchanged} | ${pass.report.relationships} |`,
    )
  for (const [reason, rows] of result.kept.refusals) console.log(`refused on import: ${rows} × ${reason}`)
}
