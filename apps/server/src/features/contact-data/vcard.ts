import { foldLines } from '../calendar/ical-vevents'

// A contact's card as vCard 4.0 (RFC 6350), for a person's address book: the name, birth as
// far as it is known, email, phone, address and photo. Lines end in CRLF and are folded at 75
// octets as the calendar feed folds its own (§3.2); text values escape backslash, comma,
// semicolon and new lines (§3.4).

export interface VcardPerson {
  first_name: string
  last_name: string
  gender: string | null
  dob_year: number | null
  dob_month: number | null
  email: string | null
  phone: string | null
  address_formatted: string | null
  address_street: string | null
  address_city: string | null
  address_state: string | null
  address_postcode: string | null
  address_country: string | null
  updated_at: Date
}

const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n')

/** A parameter value, quoted when it holds what would end it (RFC 6350 §5, RFC 6868 for quotes and new lines). */
const parameter = (value: string) =>
  `"${value
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n')}"`

const genderCodes: Record<string, string> = { male: 'M', female: 'F', declined: 'U' }

/** The birth date as far as it is known: a year and month (1990-05), or a year (1990). */
function birthOf(person: VcardPerson): string | null {
  if (person.dob_year === null) return null
  return person.dob_month === null
    ? String(person.dob_year).padStart(4, '0')
    : `${String(person.dob_year).padStart(4, '0')}-${String(person.dob_month).padStart(2, '0')}`
}

/** The vCard text; the photo, when there is one, inline as a data URI. */
export function vcardOf(person: VcardPerson, photo?: { mime_type: string; bytes: Buffer }): string {
  const name = [person.first_name, person.last_name].filter((part) => part.trim() !== '').join(' ')
  const lines = ['BEGIN:VCARD', 'VERSION:4.0', `FN:${escapeText(name)}`, `N:${escapeText(person.last_name)};${escapeText(person.first_name)};;;`]
  const gender = person.gender ? genderCodes[person.gender] : undefined
  if (gender) lines.push(`GENDER:${gender}`)
  const birth = birthOf(person)
  if (birth) lines.push(`BDAY:${birth}`)
  if (person.email) lines.push(`EMAIL:${escapeText(person.email)}`)
  if (person.phone) lines.push(`TEL;VALUE=uri:tel:${person.phone.replace(/[^+\d]/g, '')}`)
  const parts = [person.address_street, person.address_city, person.address_state, person.address_postcode, person.address_country]
  if (parts.some((part) => part) || person.address_formatted) {
    const label = person.address_formatted ? `;LABEL=${parameter(person.address_formatted)}` : ''
    lines.push(`ADR${label}:;;${parts.map((part) => escapeText(part ?? '')).join(';')}`)
  }
  if (photo) lines.push(`PHOTO:data:${photo.mime_type};base64,${photo.bytes.toString('base64')}`)
  lines.push(
    `REV:${person.updated_at
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}`,
    'END:VCARD',
  )
  return `${foldLines(lines.join('\r\n'))}\r\n`
}
