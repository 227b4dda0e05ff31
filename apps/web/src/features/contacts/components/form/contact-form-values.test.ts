import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  contactAddressFields,
  contactFieldsSchema,
  contactFlagFields,
  contactTextFields,
  contactViewSchema,
  type ContactFlagField,
  type ContactView,
} from '@crm/domain'
import { buildContactView } from '../../pages/contact-form.fixtures'
import type { ContactFormSettings } from './contact-form-rules'
import { contactFormValuesOf, toWireFields } from './contact-form-values'

const today = new Date(2026, 5, 15)

// Consent on record and every field allowed: nothing is held back but by its own rule.
const settings: ContactFormSettings = {
  fields: new Set(Object.keys(contactFieldsSchema.shape)),
  consentAnswered: true,
  consentLocked: false,
  otherReligions: new Set(['other']),
  otherSources: new Set(['other']),
  today,
}

/** A value the view may hold for the field: a choice of its list, a tick, a number or a text. */
function sampleOf(field: keyof ContactView): unknown {
  const schema = contactViewSchema.shape[field]
  const inner = schema instanceof z.ZodNullable ? schema.unwrap() : schema
  if (inner instanceof z.ZodEnum) return inner.options.at(-1)
  if (inner instanceof z.ZodBoolean) return true
  if (inner instanceof z.ZodNumber) return -33.87
  return `${field} text`
}

/** The view's empty value for the field: false for a tick, null for the others. */
const emptyOf = (field: keyof ContactView) => (contactViewSchema.shape[field] instanceof z.ZodBoolean ? false : null)

/** A contact with the 'other' religion and source chosen (their free texts count) and every expectation ticked. */
function contactWith(field: keyof ContactView, value: unknown): ContactView {
  const expectations = Object.fromEntries(
    contactFlagFields.filter((flag) => !flag.endsWith('_completed')).map((flag): [ContactFlagField, boolean] => [flag, true]),
  )
  return { ...buildContactView({ religion: 'other', source: 'other', ...expectations }), [field]: value }
}

const roundTrip = (contact: ContactView) => toWireFields(contactFormValuesOf(contact, today), settings)

describe('the contact form maps every field of the contract groups (issue #9 item 1)', () => {
  const fields = [...contactTextFields, ...contactFlagFields, ...contactAddressFields]

  for (const field of fields) {
    it(`${field}: a value on the view is sent back as it is; an empty one clears it`, () => {
      const value = sampleOf(field)
      expect(roundTrip(contactWith(field, value))).toHaveProperty(field, value)
      expect(roundTrip(contactWith(field, emptyOf(field)))).toHaveProperty(field, emptyOf(field))
    })
  }

  it('free texts count only with their "other" chosen, a completed expectation only with its expectation', () => {
    const contact = { ...contactWith('religion', 'adventist'), source: 'walk-in', religion_other: 'x', source_other: 'y' }
    expect(roundTrip(contact)).toMatchObject({ religion_other: null, source_other: null })
    const notExpected = { ...buildContactView(), expect_baptism: false, expect_baptism_completed: true }
    expect(roundTrip(notExpected)).toHaveProperty('expect_baptism_completed', false)
  })

  it('a typed address drops what only a picked place gives', () => {
    const typed = { ...contactWith('address_manual_input', true), address_place_id: 'p1', address_formatted: '1 Main St', address_lat: 1, address_lng: 2 }
    expect(roundTrip({ ...typed, address_street: ' 1 Main St ' })).toMatchObject({
      address_manual_input: true,
      address_place_id: null,
      address_formatted: null,
      address_lat: null,
      address_lng: null,
      address_street: '1 Main St',
    })
  })
})
