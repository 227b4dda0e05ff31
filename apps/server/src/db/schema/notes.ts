import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'
import { people } from './people'
import { teams } from './teams'

/**
 * Notes on a contact. A private note's content is ciphertext made in its author's browser
 * (is_encrypted); the server never holds the key.
 */
export const notes = pgTable(
  'notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => people.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    is_encrypted: boolean('is_encrypted').notNull().default(false),
    is_public: boolean('is_public').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // A tab's list and its count (the Notes tab or the Private notes tab) read the index alone.
    index('notes_contact_idx').on(t.contact_id, t.team_id, t.is_encrypted, t.created_at),
    index('notes_author_encrypted_idx')
      .on(t.author_id)
      .where(sql`${t.is_encrypted}`),
  ],
)
