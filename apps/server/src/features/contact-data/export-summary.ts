import type { ExportKind, Locale } from '@crm/domain'
import type { ExportRow } from './export-kinds'

/**
 * The words of an export's readable summary, in the two languages of the product. The
 * summary is a document handed to a person rather than an answer the app words, so it is
 * worded here, in the language of the account that asked for it (docs/decisions.md).
 */
interface SummaryWords {
  title: (name: string) => string
  made: (date: string, teams: string) => string
  privateNotes: (count: number) => string
  files: string
  machineReadable: string
  nothing: string
  kinds: Record<ExportKind, string>
}

const words: Record<Locale, SummaryWords> = {
  en: {
    title: (name) => `What we hold about ${name}`,
    made: (date, teams) => `Made on ${date} from the records of ${teams}.`,
    privateNotes: (count) =>
      count === 1
        ? 'One private note is not included: it is encrypted, and only its author can read it.'
        : `${count} private notes are not included: they are encrypted, and only their authors can read them.`,
    files: 'The photos and consent evidence are in the files folder.',
    machineReadable: 'Each kind of record is also in this archive as a JSON and a CSV file.',
    nothing: 'Nothing recorded.',
    kinds: {
      contact: 'Contact details',
      teams: 'Churches and teams',
      interactions: 'Interactions',
      notes: 'Notes',
      contact_events: 'Decisions and events',
      attendance: 'Attendance',
      relationships: 'Relationships',
      interests: 'Interests',
      assignments: 'Assignments',
      groups: 'Groups',
      consent_records: 'Consent records',
      consent_requests: 'Consent requests',
      transfers: 'Transfers',
      imports: 'Imports',
      merges: 'Records merged into this one',
      activity: 'Activity log',
      notifications: 'Notifications',
      files: 'Files',
    },
  },
  es: {
    title: (name) => `Lo que tenemos sobre ${name}`,
    made: (date, teams) => `Preparado el ${date} a partir de los registros de ${teams}.`,
    privateNotes: (count) =>
      count === 1
        ? 'No se incluye una nota privada: está cifrada y solo su autor puede leerla.'
        : `No se incluyen ${count} notas privadas: están cifradas y solo sus autores pueden leerlas.`,
    files: 'Las fotos y las pruebas de consentimiento están en la carpeta files.',
    machineReadable: 'Cada tipo de registro está también en este archivo como JSON y como CSV.',
    nothing: 'No hay nada registrado.',
    kinds: {
      contact: 'Datos de contacto',
      teams: 'Iglesias y equipos',
      interactions: 'Interacciones',
      notes: 'Notas',
      contact_events: 'Decisiones y eventos',
      attendance: 'Asistencia',
      relationships: 'Relaciones',
      interests: 'Intereses',
      assignments: 'Asignaciones',
      groups: 'Grupos',
      consent_records: 'Registros de consentimiento',
      consent_requests: 'Solicitudes de consentimiento',
      transfers: 'Traslados',
      imports: 'Importaciones',
      merges: 'Registros fusionados con este',
      activity: 'Registro de actividad',
      notifications: 'Notificaciones',
      files: 'Archivos',
    },
  },
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character]!)

/** A cell as text: nested values (a row of an import, an activity's before and after) as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

function table(rows: readonly ExportRow[], nothing: string): string {
  if (rows.length === 0) return `<p>${escape(nothing)}</p>`
  // The contact is one record: a column of fields reads better than one long row.
  if (rows.length === 1 && Object.keys(rows[0]!).length > 12) {
    const lines = Object.entries(rows[0]!)
      .filter(([, value]) => cellText(value) !== '')
      .map(([key, value]) => `<tr><th scope="row">${escape(key)}</th><td>${escape(cellText(value))}</td></tr>`)
    return `<table><tbody>${lines.join('')}</tbody></table>`
  }
  const columns = Object.keys(rows[0]!)
  const head = columns.map((column) => `<th scope="col">${escape(column)}</th>`).join('')
  const body = rows.map((row) => `<tr>${columns.map((column) => `<td>${escape(cellText(row[column]))}</td>`).join('')}</tr>`).join('')
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`
}

export interface SummaryInput {
  locale: Locale
  name: string
  /** The day it was made, as the reader writes a date. */
  date: string
  teams: readonly string[]
  records: readonly { kind: ExportKind; rows: readonly ExportRow[] }[]
  privateNotesLeftOut: number
}

/** The export's readable summary: one self-contained HTML page, every value escaped. */
export function summaryHtml(input: SummaryInput): string {
  const w = words[input.locale]
  const sections = input.records.map(({ kind, rows }) => `<section><h2>${escape(w.kinds[kind])}</h2>${table(rows, w.nothing)}</section>`)
  const notes = [w.machineReadable, w.files, ...(input.privateNotesLeftOut > 0 ? [w.privateNotes(input.privateNotesLeftOut)] : [])]
  return `<!doctype html>
<html lang="${input.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(w.title(input.name))}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 70rem; padding: 0 1rem; color: #1a1a1a; }
table { border-collapse: collapse; margin-bottom: 1rem; display: block; overflow-x: auto; }
th, td { border: 1px solid #c8c8c8; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
</style>
</head>
<body>
<main>
<h1>${escape(w.title(input.name))}</h1>
<p>${escape(w.made(input.date, input.teams.join(', ')))}</p>
${notes.map((note) => `<p>${escape(note)}</p>`).join('\n')}
${sections.join('\n')}
</main>
</body>
</html>
`
}
