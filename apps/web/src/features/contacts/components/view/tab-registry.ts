import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { CapabilityMap, ContactView, Group } from '@crm/domain'
import type { ContactTabFrameProps, ContactTabKey, ContactTabProps } from '../../../../components/contact-tab'
import { isPublicGroup } from '../../../session/selection'
import { loadChunk } from '../../../../lib/chunk-reload'

/** What a tab's visibility is decided on. */
export interface ContactTabContext {
  contact: ContactView
  capabilities: Partial<CapabilityMap>
  group: Group
}

type TabComponent = LazyExoticComponent<ComponentType<ContactTabProps & ContactTabFrameProps>>

/**
 * One tab: shown when `isShown` holds. A tab whose content a later issue builds is
 * registered with `available: false` and not rendered at all (no placeholder screens).
 */
export type ContactTabEntry = { key: ContactTabKey; isShown: (context: ContactTabContext) => boolean } & (
  { available: true; Component: TabComponent } | { available: false }
)

export type AvailableContactTab = Extract<ContactTabEntry, { available: true }>

function lazyTab<M>(load: () => Promise<M>, pick: (module: M) => ComponentType<ContactTabProps & ContactTabFrameProps>): TabComponent {
  return lazy(() => loadChunk(load).then((module) => ({ default: pick(module) })))
}

/** Groups and Delegate apply to a public group other than the primary one (spec 2 §2, D2-2.2-21/22). */
const can = (capability: keyof CapabilityMap) => (context: ContactTabContext) => context.capabilities[capability] === true
const consentKept = (context: ContactTabContext) => !context.contact.consent_declined

/** Every tab of the contact view, in order. */
export const contactTabs: readonly ContactTabEntry[] = [
  {
    key: 'consent',
    available: true,
    // A minor, and anyone with a consent on record (spec 2 §2.2).
    isShown: (context) => context.contact.is_child || context.contact.consent_type !== null,
    Component: lazyTab(
      () => import('../../../consent/components/consent-tab'),
      (module) => module.ConsentTab,
    ),
  },
  {
    key: 'ownership',
    available: true,
    isShown: can('read_dcrm_team_users'),
    Component: lazyTab(
      () => import('./ownership-tab'),
      (module) => module.OwnershipTab,
    ),
  },
  {
    key: 'groups',
    available: true,
    isShown: (context) => can('read_user_groups')(context) && isPublicGroup(context.group),
    Component: lazyTab(
      () => import('./groups-tab'),
      (module) => module.GroupsTab,
    ),
  },
  {
    key: 'assignments',
    available: true,
    isShown: can('read_user_assignment'),
    Component: lazyTab(
      () => import('./assignments-tab'),
      (module) => module.AssignmentsTab,
    ),
  },
  {
    key: 'notes',
    available: true,
    isShown: can('read_public_note'),
    Component: lazyTab(
      () => import('../../../notes/components/notes-tab'),
      (module) => module.NotesTab,
    ),
  },
  {
    key: 'interactions',
    available: true,
    isShown: can('read_own_interaction'),
    Component: lazyTab(
      () => import('../../../interactions/components/interactions-tab'),
      (module) => module.InteractionsTab,
    ),
  },
  {
    key: 'events',
    available: true,
    isShown: can('read_user_event'),
    Component: lazyTab(
      () => import('../../../contact-events/components/contact-events-tab'),
      (module) => module.EventsTab,
    ),
  },
  {
    key: 'decisions',
    available: true,
    isShown: can('read_user_event'),
    Component: lazyTab(
      () => import('../../../contact-events/components/contact-events-tab'),
      (module) => module.DecisionsTab,
    ),
  },
  {
    key: 'interests',
    available: true,
    isShown: (context) => can('read_user_interest')(context) && consentKept(context),
    Component: lazyTab(
      () => import('../../../interests/components/interests-tab'),
      (module) => module.InterestsTab,
    ),
  },
  {
    key: 'privateNotes',
    available: true,
    isShown: can('update_own_note'),
    Component: lazyTab(
      () => import('../../../notes/components/private-notes-tab'),
      (module) => module.PrivateNotesTab,
    ),
  },
  {
    key: 'delegate',
    available: true,
    isShown: (context) => can('set_user_public_group')(context) && isPublicGroup(context.group),
    Component: lazyTab(
      () => import('./delegate-tab'),
      (module) => module.DelegateTab,
    ),
  },
  {
    key: 'relationships',
    available: true,
    isShown: (context) => can('read_user_relationship')(context) && consentKept(context),
    Component: lazyTab(
      () => import('../../../relationships/components/relationships-tab'),
      (module) => module.RelationshipsTab,
    ),
  },
  {
    key: 'activityLog',
    available: true,
    isShown: (context) => can('read_own_activity_log')(context) && consentKept(context),
    Component: lazyTab(
      () => import('../../../activity/components/activity-tab'),
      (module) => module.ActivityTab,
    ),
  },
]

/** The tabs to show for this contact, caller and group, in order. */
export function shownTabs(context: ContactTabContext): AvailableContactTab[] {
  return contactTabs.filter((tab): tab is AvailableContactTab => tab.available && tab.isShown(context))
}
