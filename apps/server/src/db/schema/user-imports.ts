import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'
import { people } from './people'
import { teams } from './teams'

/**
 * An import-and-share record (spec 2 §2.4, §3): a conference's import of an event's people,
 * to be shared with or moved to its churches. Deleting it keeps the contacts: only its rows go.
 */
export const userImports = pgTable(
  'user_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The conference. */
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The event's date. */
    date: date('date', { mode: 'string' }),
    content: text('content'),
    created_by: integer('created_by').references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // The lists of /contacts/import-and-share by each of their sorts.
    index('user_imports_team_created_idx').on(t.team_id, t.created_at, t.id),
    index('user_imports_team_title_idx').on(t.team_id, sql`lower(${t.title})`, t.id),
    index('user_imports_team_date_idx').on(t.team_id, t.date, t.id),
  ],
)

/**
 * A person of an import: found in the conference (is_new false) or newly imported, the
 * church chosen for them and, once processed, the church they were shared with or moved to.
 * A person is on an import once. The contact is never deleted with its row.
 */
export const userImportRows = pgTable(
  'user_import_rows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    import_id: integer('import_id')
      .notNull()
      .references(() => userImports.id, { onDelete: 'cascade' }),
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** The spreadsheet row it came from (2 is the first under the header). */
    row: integer('row').notNull(),
    is_new: boolean('is_new').notNull(),
    /** The church chosen for the person. */
    team_id: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    is_processed: boolean('is_processed').notNull().default(false),
    processed_team_id: integer('processed_team_id').references(() => teams.id, { onDelete: 'set null' }),
    processed_at: timestamp('processed_at', { withTimezone: true }),
    /** The import's conference (user_imports.team_id), so every processed person of a conference is one index range. */
    conference_id: integer('conference_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /**
     * The person's name as the lists sort it (contacts' sortNameOf), kept current with the
     * person by refreshContactReadModel: GET user-import/all pages by it through its index.
     */
    sort_name: text('sort_name').notNull(),
    /** The words a name search matches the start of (nameWordsOf), kept current likewise. */
    name_words: text('name_words').notNull().default(''),
    /** The person's name, email and phone as the contacts search reads them (searchTextOf), kept current likewise. */
    search_text: text('search_text').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_import_rows_import_person_key').on(t.import_id, t.person_id),
    // An import's people, processed or not; whether an import is all processed (the two lists).
    index('user_import_rows_import_processed_idx').on(t.import_id, t.is_processed, t.row),
    // A person's deletion reaches their rows; a church's deletion its choices.
    index('user_import_rows_person_idx').on(t.person_id),
    index('user_import_rows_team_idx')
      .on(t.team_id)
      .where(sql`${t.team_id} is not null`),
    index('user_import_rows_processed_team_idx')
      .on(t.processed_team_id)
      .where(sql`${t.processed_team_id} is not null`),
    // GET user-import/all: a conference's processed people by name, any page.
    index('user_import_rows_processed_name_idx')
      .on(t.conference_id, t.sort_name, t.id)
      .where(sql`${t.is_processed}`),
    // Their search, as the contacts lists' (a trigram index).
    index('user_import_rows_search_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
)
