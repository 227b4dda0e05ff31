import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { hasCapability } from '@crm/domain'
import { addMember, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../test/harness'
import { assignContact, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../test/contact-factories'
import { activityLog, events, groupContacts, notifications, people, transfers, userImports } from './db/schema/index'

/**
 * The gated walk (spec 2 §5, DESIGN.md §6, issue 33): a child with a name, email, phone and
 * street found nowhere else is placed everywhere a child can appear; then every GET route of
 * the app is called as an unchecked member and an unchecked leader, and no answer may name,
 * reach or locate the child. The routes come from the app's own table, so a new route is
 * walked without anyone remembering to. A checked leader walks the same calls as the
 * control: the child must be found in their answers, or the walk proves nothing.
 */

let t: TestApp
let c: Church
let uncheckedMember: TestPerson
let uncheckedLeader: TestPerson
let adult: number
let child: number
let event: number
/** Each walker's own upcoming transfer (the unchecked leader's is the one the writes use). */
const transferOf = new Map<number, number>()
let transfer: number
let userImport: number
let group: number
/** A group the child is not in. */
let choir: number

const eventDate = '2026-11-01'

/** What identifies the child: any of these in an answer names it. */
const marks = {
  first_name: 'Zephyrine',
  last_name: 'Quillfeather',
  email: 'zephyrine.q@kids.example',
  phone: '+61491735521',
  phoneDigits: '491735521',
  street: '77 Marrowbone Lane',
}

beforeAll(async () => {
  t = await createTestApp()
  c = await buildChurch(t)
  uncheckedMember = c.member
  uncheckedLeader = await buildPerson(t)
  await addMember(t, uncheckedLeader.id, c.church, 'leader')
  // Both unchecked users also belong to the conference, where the imports and transfers live.
  await addMember(t, uncheckedLeader.id, c.conference, 'leader')
  await addMember(t, uncheckedMember.id, c.conference, 'member')
  await addMember(t, c.leader.id, c.conference, 'leader', { has_wwcc: true, has_adsafe: true })
  group = await buildTeam(t, { kind: 'group', parentId: c.church, title: 'Youth group' })
  choir = await buildTeam(t, { kind: 'group', parentId: c.church, title: 'Choir' })
  for (const person of [uncheckedMember, uncheckedLeader, c.leader]) {
    await addMember(t, person.id, group, 'leader')
    await addMember(t, person.id, choir, 'leader')
  }

  adult = await buildContact(t, {
    teamId: c.church,
    groupIds: [group],
    person: {
      first_name: 'Walter',
      last_name: 'Adultson',
      address_street: '1 Plain Street',
      address_city: 'Sydney',
      address_lat: -33.87,
      address_lng: 151.21,
    },
  })
  // An id no other row of the walk has, so an id beside personal data is the child's.
  await t.db.execute(sql`select setval(pg_get_serial_sequence('people', 'id'), 7777776)`)
  child = await buildContact(t, {
    teamId: c.church,
    groupIds: [group],
    person: {
      first_name: marks.first_name,
      last_name: marks.last_name,
      email: marks.email,
      phone: marks.phone,
      address_street: marks.street,
      address_city: 'Sydney',
      address_formatted: `${marks.street}, Sydney`,
      address_lat: -33.8912,
      address_lng: 151.1534,
      parent_carer_first_name: 'Pat',
      parent_carer_email: 'pat.parent@example.org',
      ...bornYearsAgo(t, 10),
    },
  })
  // Assigned to each walker: the child is in their assigned-contacts and their transfer's list.
  for (const person of [uncheckedMember, uncheckedLeader, c.leader]) {
    await assignContact(t, { teamId: c.church, contactId: child, toId: person.id })
    await assignContact(t, { teamId: c.church, contactId: adult, toId: person.id })
  }

  const owner = c.owner.token
  const scope = { team_id: c.church, group_id: c.church }
  // Relationships both ways, through the owner (exempt from the gate).
  expect((await post(t, 'add-contact-relationship', owner, { ...scope, user_id: adult, related_user_id: child, relationship_type: 'son' })).statusCode).toBe(
    200,
  )
  // Another contact's interaction with the child present.
  const interaction = await post(t, 'add-contact-interaction', owner, {
    ...scope,
    user_id: adult,
    type: 'visit',
    date: '2026-10-20',
    other_contacts: [child],
    content: 'Visited the family',
  })
  expect(interaction.statusCode).toBe(200)
  // An event the child attended.
  const [eventRow] = await t.db
    .insert(events)
    .values({ team_id: c.church, title: 'Kids club', start_date: eventDate, end_date: eventDate, span_days: 1 })
    .returning({ id: events.id })
  event = eventRow!.id
  for (const user of [child, adult]) {
    const marked = await post(t, 'add-event-attendance', owner, { team_id: c.church, event_id: event, event_date: eventDate, user_id: user, notes: 'came' })
    expect(marked.statusCode).toBe(200)
  }
  // A notification about the child (a rule's, to each walker).
  for (const person of [uncheckedMember, uncheckedLeader, c.leader]) {
    await t.db.insert(notifications).values({
      level: 'team',
      team_id: c.church,
      recipient_user_id: person.id,
      associated_person_id: child,
      content: '<p>No recorded activity</p>',
      date: new Date(t.clock.now().getTime() - 60_000),
    })
  }
  // A transfer of each walker, whose assigned contacts (the child among them) may go along.
  const otherChurch = await buildTeam(t, { kind: 'team', parentId: c.conference, title: 'Other church' })
  for (const person of [uncheckedMember, uncheckedLeader, c.leader]) {
    const [transferRow] = await t.db
      .insert(transfers)
      .values({
        from_conference_id: c.conference,
        to_conference_id: c.conference,
        from_team_id: c.church,
        to_team_id: otherChurch,
        person_id: person.id,
        date: '2099-01-01',
      })
      .returning({ id: transfers.id })
    transferOf.set(person.id, transferRow!.id)
    await t.db.execute(sql`insert into transfer_contacts (transfer_id, contact_id, state) values (${transferRow!.id}, ${child}, 'move')`)
    // Activity about the child of each walker's own (their checks lapsed since).
    await t.db.insert(activityLog).values({
      author_id: person.id,
      team_id: c.church,
      subject_type: 'user',
      subject_id: child,
      contact_id: child,
      action: 'update',
      before: { address_street: null, email: null },
      after: { address_street: marks.street, email: marks.email },
    })
  }
  transfer = transferOf.get(uncheckedLeader.id)!
  // A conference import that brought the child in.
  const [importRow] = await t.db.insert(userImports).values({ team_id: c.conference, title: 'Camp sign-ups' }).returning({ id: userImports.id })
  userImport = importRow!.id
  await t.db.execute(sql`insert into user_import_rows (import_id, person_id, row, is_new, team_id, conference_id, sort_name, search_text)
    values (${userImport}, ${child}, 2, true, ${c.church}, ${c.conference}, 'zephyrine quillfeather', ${`zephyrine quillfeather ${marks.email}`})`)
  // The person page's own edits leave activity about the child.
  const edit = await post(t, 'update-user', owner, { ...scope, user_id: child, notes: 'Likes drawing' })
  expect(edit.statusCode).toBeLessThan(500)
}, 60_000)
afterAll(async () => t.close())

// GET logout ends the walker's session: it answers nothing about anyone.
const apiGets = () =>
  t.app.routeTable.filter((route) => route.method === 'GET' && route.url.startsWith('/api/v1') && route.access && route.url !== '/api/v1/logout')

/** The calls the walk makes of one route: each id the route could take, with a query that reaches the child. */
function callsOf(url: string, person: TestPerson): Array<{ url: string; query: Record<string, string | number> }> {
  const query: Record<string, string | number> = {
    team_id: c.church,
    group_id: c.church,
    user_id: adult,
    event_id: event,
    event_date: eventDate,
    page: 1,
    per_page: 100,
  }
  const ids = url.includes('event')
    ? [event]
    : url.includes('transfer')
      ? [transferOf.get(person.id)!]
      : url.includes('user-import')
        ? [userImport]
        : [adult, child]
  const paths = url.includes(':id') ? ids.map((id) => url.replace(':id', String(id))) : [url]
  const concrete = paths.map((path) =>
    path.replace(':teamId', String(c.church)).replace(':type', 'contact').replace(':list', 'interest-types').replace(':slug', 'privacy').replace(':key', 'x'),
  )
  const variants: Array<Record<string, string | number>> = [
    query,
    { ...query, search: marks.first_name },
    { ...query, group_id: group },
    { ...query, user_id: child },
    { ...query, transfer_team_id: c.church },
    // user_id filters some lists (the recent activity's author): once without it.
    Object.fromEntries(Object.entries(query).filter(([key]) => key !== 'user_id')),
  ]
  if (url.includes('user-import') || url.includes('transfers') || url.includes('manage-') || url.includes('upcoming-transfers')) {
    variants.push({ ...query, team_id: c.conference, group_id: c.conference })
  }
  return concrete.flatMap((path) => variants.map((variant) => ({ url: path.replace('/api/v1/', ''), query: variant })))
}

/**
 * Where an answer gives the child away: its name, email, phone or street anywhere, or its id
 * beside a personal field (a name, a contact detail, a place) in one object.
 */
function leaksOf(answer: unknown, text: string): string[] {
  const found: string[] = []
  for (const [field, value] of Object.entries(marks)) {
    if (text.toLowerCase().includes(value.toLowerCase())) found.push(field)
  }
  const personal = /name|email|phone|address|lat|lng|street|city|dob|age|notes/
  const idKeys = /(^|_)id$/
  const pending: unknown[] = [answer]
  while (pending.length > 0) {
    const current = pending.pop()
    if (Array.isArray(current)) pending.push(...current)
    else if (current && typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>)
      const namesChild = entries.some(([key, value]) => idKeys.test(key) && value === child)
      const beside = entries.filter(([key, value]) => personal.test(key) && value !== null && value !== '' && value !== false && !idKeys.test(key))
      if (namesChild && beside.length > 0) found.push(`id beside ${beside.map(([key]) => key).join(', ')}`)
      pending.push(...entries.map(([, value]) => value))
    }
  }
  return found
}

async function walk(person: TestPerson): Promise<{ leaks: string[]; found: number }> {
  const leaks: string[] = []
  let found = 0
  for (const route of apiGets()) {
    for (const call of callsOf(route.url, person)) {
      const response = await get(t, call.url, person.token, call.query)
      expect(response.statusCode, `GET ${call.url}`).toBeLessThan(500)
      if (response.headers['content-type']?.toString().includes('application/json') !== true) continue
      const problems = leaksOf(response.json(), response.body)
      if (problems.length > 0) {
        found += 1
        const { team_id, group_id, user_id, search, transfer_team_id } = call.query
        const asked = JSON.stringify({ team_id, group_id, user_id, search, transfer_team_id })
        leaks.push(`GET ${call.url} ${asked}: ${[...new Set(problems)].join('; ')}`)
      }
    }
  }
  return { leaks, found }
}

describe('the gated walk: no GET answer names a child to an unchecked user', () => {
  it('finds the child everywhere a checked leader looks (the control)', async () => {
    const { leaks } = await walk(c.leader)
    if (process.env.WALK_SHOW) console.log([...new Set(leaks.map((leak) => leak.split(' ')[1]))].join('\n'))
    const where = (path: string) => leaks.some((leak) => leak.startsWith(`GET ${path}`))
    const places = [
      'contacts',
      'assigned-contacts',
      `contact/${child}`,
      `contact-relationships/${adult}`,
      `contact-interactions/${adult}`,
      `event-attendance/${event}`,
      'contacts-for-attendance',
      'contacts-for-map',
      'input-suggestions/team-contacts',
      'notifications',
      'team-recent-activity',
      'group-recent-activity',
      `activity-log-for-contact/${child}`,
    ]
    for (const path of places) {
      expect(where(path), path).toBe(true)
    }
  }, 120_000)

  it('as an unchecked member', async () => {
    expect((await walk(uncheckedMember)).leaks).toEqual([])
  }, 120_000)

  it('as an unchecked leader', async () => {
    expect((await walk(uncheckedLeader)).leaks).toEqual([])
  }, 120_000)
})

/** Every row that holds the child's data, as one text: a write that got through changes it. */
async function childFootprint(): Promise<string> {
  const result = await t.db.execute(sql`
    select json_build_object(
      'person', (select row_to_json(p) from people p where p.id = ${child}),
      'attendance', (select json_agg(a order by a.id) from event_attendance a where a.person_id = ${child}),
      'relationships', (select json_agg(r order by r.id) from contact_relationships r where r.contact_id = ${child} or r.related_id = ${child}),
      'interactions', (select json_agg(i order by i.id) from interaction_people i where i.person_id = ${child}),
      'groups', (select json_agg(g order by g.id) from group_contacts g where g.person_id = ${child}),
      'assignments', (select json_agg(s order by s.id) from assignments s where s.contact_id = ${child}),
      'notes', (select json_agg(n order by n.id) from notes n where n.contact_id = ${child}),
      'teams', (select json_agg(tc order by tc.id) from team_contacts tc where tc.person_id = ${child}),
      'transfers', (select json_agg(x order by x.id) from transfer_contacts x where x.contact_id = ${child}),
      'own_interactions', (select json_agg(i order by i.id) from interactions i where i.contact_id = ${child}),
      'interests', (select json_agg(i order by i.id) from contact_interests i where i.person_id = ${child}),
      'contact_events', (select json_agg(e order by e.id) from contact_events e where e.contact_id = ${child}),
      'consents', (select json_agg(p order by p.id) from parental_consents p where p.contact_id = ${child}),
      'consent_requests', (select json_agg(r order by r.id) from consent_requests r where r.contact_id = ${child})
    )::text as footprint`)
  return (result as unknown as { rows: Array<{ footprint: string }> }).rows[0]!.footprint
}

describe("the gated walk: a child's own record and tabs", () => {
  // The record itself answers, neutral (the walk above); its consents answer an empty list; a
  // photo url needs the photo's own id, which a gated caller never receives.
  const answeredOtherwise = new Set(['/api/v1/contact/:id', '/api/v1/contact-consents/:id', '/api/v1/consentia-get-photo-url'])

  it('answer a gated caller the child-gate error', async () => {
    const tabs = apiGets().filter((route) => route.access!.kind === 'contact' && !answeredOtherwise.has(route.url))
    expect(tabs.length).toBeGreaterThan(8)
    const open: string[] = []
    const callers = [
      { person: uncheckedMember, role: 'member' as const },
      { person: uncheckedLeader, role: 'leader' as const },
    ]
    for (const { person, role } of callers) {
      for (const route of tabs) {
        const url = route.url.replace(':id', String(child)).replace(':type', 'contact').replace('/api/v1/', '')
        const response = await get(t, url, person.token, { team_id: c.church, group_id: c.church, user_id: child, page: 1, per_page: 20 })
        const code = (response.json() as { code?: string }).code
        // A call the caller's role may not make at all (an owner's export) is refused as such first.
        const capability = route.access!.kind === 'contact' ? route.access!.capability : undefined
        const expected = capability && !hasCapability(role, capability) ? 'forbidden' : 'child_data_gate'
        if (response.statusCode !== 403 || code !== expected) open.push(`${route.url}: ${response.statusCode} ${code ?? ''}`)
      }
    }
    expect(open).toEqual([])
  }, 60_000)
})

describe('the gated walk: every write that touches a child refuses an unchecked user', () => {
  const refusals = () => {
    const scope = { team_id: c.church, group_id: c.church }
    return [
      ['add-event-attendance', { team_id: c.church, event_id: event, event_date: '2026-11-08', user_id: child }],
      ['update-event-attendance', { team_id: c.church, event_id: event, event_date: eventDate, user_id: child, notes: 'changed' }],
      ['delete-event-attendance', { team_id: c.church, event_id: event, event_date: eventDate, user_id: child }],
      ['add-existing-user', { team_id: c.church, group_id: choir, user_id: child }],
      ['add-user-to-group', { team_id: c.church, group_id: choir, user_id: child }],
      ['remove-user-from-group', { team_id: c.church, group_id: group, user_id: child }],
      ['add-contact-relationship', { ...scope, user_id: adult, related_user_id: child, relationship_type: 'nephew' }],
      ['add-contact-interaction', { ...scope, user_id: adult, type: 'visit', date: '2026-10-21', other_contacts: [child] }],
      ['add-contact-note', { ...scope, user_id: child, content: 'A note' }],
      ['add-contact-assignment', { ...scope, user_id: child, to_self: 1 }],
      [`set-contacts-to-transfer/${transfer}`, { team_id: c.church, contacts: { [child]: 'share' } }],
    ] as Array<[string, Record<string, unknown>]>
  }

  for (const [who, person] of [
    ['member', () => uncheckedMember],
    ['leader', () => uncheckedLeader],
  ] as const) {
    it(`as an unchecked ${who}: the child-gate error, and nothing changed`, async () => {
      const before = await childFootprint()
      const wrong: string[] = []
      for (const [path, payload] of refusals()) {
        const response = await post(t, path, person().token, payload)
        const code = (response.json() as { code?: string }).code
        if (response.statusCode < 400 || (code !== 'child_data_gate' && code !== 'forbidden')) {
          wrong.push(`${path}: ${response.statusCode} ${code ?? ''}`)
        }
      }
      expect(wrong).toEqual([])
      expect(await childFootprint()).toBe(before)
    }, 60_000)
  }
})

/**
 * Routes a gated caller may call about themselves whatever the payload: they change the
 * caller's own session, account or membership, never a contact's data. Relinquish gives a
 * child assigned to the caller back to the team: handing back a child they may no longer
 * see is what a person whose checks lapsed should do.
 */
const ownWrites = new Set([
  '/api/v1/leave-team',
  '/api/v1/delete-account',
  '/api/v1/update-account',
  '/api/v1/reset-ical-urls',
  '/api/v1/seen-all-notifications',
  '/api/v1/contact/:id/relinquish',
])

describe('the gated walk: every write route, given the child, changes nothing of it', () => {
  it('as an unchecked leader and an unchecked member', async () => {
    const writes = t.app.routeTable.filter(
      (route) =>
        route.method !== 'GET' &&
        route.method !== 'HEAD' &&
        route.url.startsWith('/api/v1') &&
        route.access &&
        !ownWrites.has(route.url) &&
        !route.url.includes('two-factor'),
    )
    expect(writes.length).toBeGreaterThan(50)
    const before = await childFootprint()
    const opened: string[] = []
    for (const person of [uncheckedLeader, uncheckedMember]) {
      for (const route of writes) {
        const payload = {
          team_id: c.church,
          group_id: c.church,
          user_id: child,
          related_user_id: child,
          other_contacts: [child],
          to_self: 1,
          event_id: event,
          event_date: eventDate,
          contacts: { [child]: 'share' },
          content: 'A change',
        }
        const url = route.url.replace(':id', String(child)).replace(':key', 'x').replace('/api/v1/', '')
        const response = await post(t, url, person.token, payload)
        expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500)
        // A call about a contact (user_id is the child) never goes through.
        if (route.access!.kind === 'contact' && response.statusCode < 300) opened.push(`${route.url}: ${response.statusCode}`)
      }
    }
    expect(opened).toEqual([])
    expect(await childFootprint()).toBe(before)
  }, 120_000)
})

// The same rows, read by the groups query, must still be there: the walk's writes were refused.
it('left the child in its group', async () => {
  const rows = await t.db
    .select()
    .from(groupContacts)
    .where(sql`${groupContacts.person_id} = ${child}`)
  expect(rows).toHaveLength(1)
  const [person] = await t.db
    .select({ first_name: people.first_name })
    .from(people)
    .where(sql`${people.id} = ${child}`)
  expect(person?.first_name).toBe(marks.first_name)
})
