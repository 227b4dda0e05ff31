import { screen, within } from '@testing-library/react'
import { consentCalls, contactCalls, interactionCalls, lookupCalls, mergeCalls, type ContactMergePreview, type InputOf, type MergeSide } from '@crm/domain'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildContactItem } from '../../contacts/pages/contact-view.fixtures'

// The merge page's tests: a pair of records of Ann Baker, and the page opened on them.

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner' })
const emptyList = { items: [], count: 0, max_pages: 1 }
const noCounts = { interactions: 0, notes: 0, events: 0, attendance: 0, relationships: 0 }

const side = (id: number, name: string, more: Partial<MergeSide> = {}): MergeSide => ({ id, name, has_account: false, counts: noCounts, ...more })

export const annPreview: ContactMergePreview = {
  contact: side(5, 'Ann Baker', { counts: { interactions: 3, notes: 1, events: 0, attendance: 2, relationships: 1 } }),
  other_contact: side(9, 'Anne Baker', { counts: { interactions: 1, notes: 2, events: 1, attendance: 0, relationships: 0 } }),
  choices: [
    { group: 'name', contact: { first_name: 'Ann', last_name: 'Baker' }, other_contact: { first_name: 'Anne', last_name: 'Baker' } },
    { group: 'birth', contact: { dob_year: 1980, dob_month: 5 }, other_contact: { dob_year: 1980, dob_month: null } },
    { group: 'member_status', contact: { member_status: 'member' }, other_contact: { member_status: 'visitor' } },
    { group: 'marital_status', contact: { marital_status: 'married' }, other_contact: { marital_status: 'widowed' } },
    {
      group: 'address',
      contact: { address_formatted: '1 Hope St, Sydney NSW 2000, Australia' },
      other_contact: {
        address_formatted: null,
        address_street: '9 Vine Rd',
        address_city: 'Perth',
        address_state: null,
        address_postcode: '6000',
        address_country: 'AU',
      },
    },
    {
      group: 'parent_carer',
      contact: {
        parent_carer_first_name: 'Mary',
        parent_carer_last_name: 'Baker',
        parent_carer_relationship: 'mother',
        parent_carer_email: 'mary@example.org',
        parent_carer_phone: null,
      },
      other_contact: {
        parent_carer_first_name: 'Tom',
        parent_carer_last_name: 'Baker',
        parent_carer_relationship: 'father',
        parent_carer_email: null,
        parent_carer_phone: '+61 412 555 001',
      },
    },
    {
      group: 'consent',
      contact: { consent_type: 'verbal', consent_date: '2026-03-04', consent_content: null, consent_photo_file_id: null },
      other_contact: { consent_type: 'photo', consent_date: '2026-05-06', consent_content: null, consent_photo_file_id: 44 },
    },
    { group: 'social', contact: { facebook: 'fb.com/ann', instagram: null }, other_contact: { facebook: null, instagram: '@anne' } },
  ],
}

const mergePath = '/contacts/duplicates/merge?contact_id=5&other_contact_id=9'

/** Signs in to Grace Church as its owner and serves the preview; records each merge asked for. */
export function openMerge(preview: ContactMergePreview | (() => Response), path = mergePath) {
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const merges: Array<InputOf<typeof mergeCalls.mergeContacts>> = []
  const previews: unknown[] = []
  server.use(
    mockCall(mergeCalls.contactMergePreview, ({ input }) => {
      previews.push(input)
      return typeof preview === 'function' ? preview() : preview
    }),
    mockCall(lookupCalls.lookups, ({ params, input }) =>
      params['list'] === 'member-status-types'
        ? {
            items: [
              { id: 'member', title: input.locale === 'es' ? 'Miembro de la iglesia' : 'Church member' },
              { id: 'visitor', title: input.locale === 'es' ? 'Visitante' : 'Visitor' },
            ],
          }
        : { items: [] },
    ),
    mockCall(mergeCalls.mergeContacts, ({ input }) => {
      merges.push(input)
      return { id: 77, contact_id: Number(input.contact_id), other_contact_id: Number(input.other_contact_id), undo_until: '2026-12-30T01:00:00.000Z' }
    }),
    // The kept contact's page, where the merge lands.
    mockCall(contactCalls.contact, ({ params }) =>
      buildContactItem({ view: { id: Number(params['id']), name: 'Anne Baker', first_name: 'Anne', last_name: 'Baker' } }),
    ),
    mockCall(interactionCalls.contactInteractions, emptyList),
    mockCall(interactionCalls.contactInteractionsStudies, { items: {}, items_other: [] }),
    mockCall(contactCalls.contactAssignments, emptyList),
    mockCall(contactCalls.contactGroups, emptyList),
    mockCall(consentCalls.contactConsents, { items: [], request: null, can_update: true }),
  )
  return { ...renderApp(path), merges, previews }
}

export const heading = () => screen.findByRole('heading', { level: 1, name: 'Merge two records' }, { timeout: 5000 })
/** The page with its preview read (the heading shows before it). */
export const loaded = async () => {
  await heading()
  await screen.findByRole('radiogroup', { name: 'Record to keep' })
}
export const radioGroup = (name: string) => within(screen.getByRole('radiogroup', { name }))
