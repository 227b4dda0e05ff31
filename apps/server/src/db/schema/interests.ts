import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'
import { people } from './people'

/**
 * A contact's interests (spec 2 §3): values of the interest-types lookup list; 'other'
 * carries its free text, and a contact may have several of those. Interests are the
 * person's, like the rest of their details, whichever team records them.
 */
export const contactInterests = pgTable(
  'contact_interests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    person_id: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    interest: text('interest').notNull(),
    /** The free text of 'other'; empty for every other interest. */
    interest_other: text('interest_other').notNull().default(''),
    created_by_id: integer('created_by_id').references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('contact_interests_person_interest_key').on(t.person_id, t.interest, t.interest_other)],
)
