import type { ContactItem, ContactView, Group, Team, TeamGroupParams } from '@crm/domain'

// The contract between the contact view's tab frame and its tabs, which live in several
// features: both sides import it, so the registry (which loads the tabs) is not imported back.

/** What every tab of /contacts/view/{id} is given. */
export interface ContactTabProps {
  item: ContactItem
  /** The contact's details (tabs show only when they are not withheld). */
  contact: ContactView
  scope: TeamGroupParams
  team: Team
  group: Group
}

/** The tabs in the spec's order (spec 2 §2). */
export const contactTabKeys = [
  'consent',
  'ownership',
  'groups',
  'assignments',
  'notes',
  'interactions',
  'events',
  'decisions',
  'interests',
  'privateNotes',
  'delegate',
  'relationships',
  'activityLog',
] as const
export type ContactTabKey = (typeof contactTabKeys)[number]

/** What a tab opened from another is asked to do: 'add' opens its add form. */
export type ContactTabIntent = 'add'

/** What the tab frame gives every tab besides the contact: a way to open another tab. */
export interface ContactTabFrameProps {
  /** Opens another tab of this contact, if it is shown, with what it should do there. */
  openTab: (key: ContactTabKey, intent?: ContactTabIntent) => void
  /** Set when another tab opened this one to do something (once, on opening). */
  intent: ContactTabIntent | null
}
