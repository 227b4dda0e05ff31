import type { ContactView, ParentCarerRelationship } from '@crm/domain'

/** The parent or carer to ask: a first name and an email or phone (spec 2 §4.2). */
export interface ParentDetails {
  firstName: string
  lastName: string | null
  relationship: ParentCarerRelationship | null
  email: string | null
  phone: string | null
}

type ParentFields = Pick<
  ContactView,
  'parent_carer_first_name' | 'parent_carer_last_name' | 'parent_carer_relationship' | 'parent_carer_email' | 'parent_carer_phone'
>

/** The contact's parent or carer, or null while the first name or both an email and a phone are missing. */
export function parentDetailsOf(contact: ParentFields): ParentDetails | null {
  const firstName = contact.parent_carer_first_name?.trim() ?? ''
  const email = contact.parent_carer_email?.trim() || null
  const phone = contact.parent_carer_phone?.trim() || null
  if (!firstName || (!email && !phone)) return null
  return { firstName, lastName: contact.parent_carer_last_name, relationship: contact.parent_carer_relationship, email, phone }
}
