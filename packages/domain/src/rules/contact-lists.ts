// The contact lists' names and sort rules, the same on the server and the web (spec 2 §9).

/** The three contact lists: GET contacts, assigned-contacts and archived-contacts. */
export const contactListKinds = ['contacts', 'assigned', 'archived'] as const
export type ContactListKind = (typeof contactListKinds)[number]

/** The columns a contact list sorts by. */
export const contactOrderBy = ['name', 'created', 'age', 'member_status', 'grow_phase', 'last_interaction'] as const
export type ContactOrderBy = (typeof contactOrderBy)[number]
export type SortOrder = 'asc' | 'desc'

export interface ContactSort {
  order_by: ContactOrderBy
  order: SortOrder
}

/** Spec 2 §9: contacts by name ascending; assigned and archived by created descending. */
export const defaultContactSorts: Readonly<Record<ContactListKind, ContactSort>> = {
  contacts: { order_by: 'name', order: 'asc' },
  assigned: { order_by: 'created', order: 'desc' },
  archived: { order_by: 'created', order: 'desc' },
}

/** The direction a column sorts in when it is first chosen: newest first for dates added, else ascending. */
export function firstSortOrder(orderBy: ContactOrderBy): SortOrder {
  return orderBy === 'created' ? 'desc' : 'asc'
}

/** The sort a list request means: the list's default, and a column chosen without a direction sorts its first way. */
export function resolveContactSort(kind: ContactListKind, query: { order_by?: ContactOrderBy | undefined; order?: SortOrder | undefined }): ContactSort {
  const fallback = defaultContactSorts[kind]
  const orderBy = query.order_by ?? fallback.order_by
  const order = query.order ?? (orderBy === fallback.order_by ? fallback.order : firstSortOrder(orderBy))
  return { order_by: orderBy, order }
}

/** The team and group a contact call works in, as the wire names them (spec 2 §7). */
export interface TeamGroupParams {
  team_id: number
  group_id: number
}
