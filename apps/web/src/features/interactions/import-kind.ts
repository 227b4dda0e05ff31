import {
  interactionImportColumns,
  maxContactImportChunk,
  maxContactImportRows,
  requiredInteractionImportColumns,
  type InteractionImportColumn,
} from '@crm/domain'
import { timeOfCell } from '../../lib/import-cells'
import type { SpreadsheetImportKind } from '../../lib/import-kind'
import type { ColumnAliases } from '../../lib/spreadsheet'

// The interaction kind of the import dialog (spec 2 §3 "Interaction import columns date, time
// and type are required"): times turned into HH:mm; dates as written (the server reads them as
// the team's country writes them).

/** Other names the columns go by in the files people keep, in English and Spanish. */
const aliases: ColumnAliases<InteractionImportColumn> = {
  date: ['Day', 'When', 'Fecha', 'Día'],
  time: ['Hour', 'Hora'],
  type: ['Interaction', 'Kind', 'Tipo', 'Interacción'],
  content: ['Notes', 'Note', 'Comments', 'Description', 'Notas', 'Nota', 'Comentarios', 'Descripción'],
  is_completed: ['Completed', 'Done', 'Complete', 'Completado', 'Completada', 'Hecho'],
  prayer_type: ['Prayer', 'Oración'],
  type_other: ['Other type', 'Otro tipo'],
  bible_study: ['Bible study', 'Lesson', 'Estudio bíblico', 'Lección'],
  bible_study_other: ['Other lesson', 'Otra lección'],
  reaction: ['Reacción'],
}

export function interactionImportKind(): SpreadsheetImportKind<InteractionImportColumn> {
  return {
    name: 'interactions',
    columns: interactionImportColumns,
    required: requiredInteractionImportColumns,
    aliases,
    maxRows: maxContactImportRows,
    chunkSize: maxContactImportChunk,
    sampleRows: [
      { date: '2026-03-01', time: '10:30', type: 'visit', content: 'Visited the family after church', is_completed: 'yes', reaction: 'happy' },
      { date: '2026-03-08', time: '19:00', type: 'bible-study', bible_study: 'discover-1', content: 'Started the Discover guides', is_completed: 'yes' },
      { date: '2026-03-10', time: '08:15', type: 'Prayer request', content: 'Pray for her mother in hospital' },
    ],
    nameOf: (row) => [row.date, row.time, row.type].filter(Boolean).join(' '),
    prepare: (source) => {
      const row: Record<string, string> = {}
      for (const column of interactionImportColumns) {
        const cell = source[column]
        if (cell) row[column] = cell
      }
      // A real date and time in one cell gives the time too, when the time column is empty.
      const date = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(row.date ?? '')
      if (date) {
        row.date = date[1]!
        row.time ||= date[2]!
      }
      // A time the server cannot read (2:30 pm, 14h30, an Excel fraction) in its HH:mm; anything else as written, for the server to judge.
      if (row.time) row.time = timeOfCell(row.time) || row.time
      return { row }
    },
  }
}
