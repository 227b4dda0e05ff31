import { describe, expect, it } from 'vitest'
import { contactFieldsNotImported, contactFieldsSchema, contactImportColumns, socialNetworks, type ContactFields } from '@crm/domain'
import en from '../locales/en/index'
import es from '../locales/es/index'
import { contactFieldLabelKeys, isContactFieldLabelName } from './contact-field-labels'

const contactFields = Object.keys(contactFieldsSchema.shape) as Array<keyof ContactFields>

function textAt(texts: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts)
}

// A field added to the contract must be named on every screen that shows fields by their wire
// name (the refused fields, the activity log) and be read by the import or said not to be.
describe('a contact field', () => {
  it.each(contactFields)('%s has its label in en and es', (field) => {
    expect(isContactFieldLabelName(field)).toBe(true)
    const key = contactFieldLabelKeys[field as keyof typeof contactFieldLabelKeys]
    for (const [locale, bundle] of Object.entries({ en, es })) {
      const label = textAt(bundle['contact-form'], key)
      expect(typeof label === 'string' && label.trim() !== '', `${locale} contact-form:${key}`).toBe(true)
    }
  })

  it.each(contactFields)('%s has its import column, or is one an import does not read', (field) => {
    const columns = field === 'dob_month' || field === 'dob_year' ? ['dob'] : field === 'social' ? socialNetworks : [field]
    const imported = columns.every((column) => (contactImportColumns as readonly string[]).includes(column))
    expect(imported !== (contactFieldsNotImported as readonly string[]).includes(field)).toBe(true)
  })
})
