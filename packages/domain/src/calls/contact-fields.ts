// The fields a writer sends for a contact (spec 2 §3) and the contract's groups of them by
// how they are kept. Apart from contact-shapes.ts (what a reader gets back).
import { z } from 'zod'
import { email as emailField } from '../rules/email'
import { flag, integer, personName, requiredPersonName, text } from '../rules/wire'
import { consentChoices, genders, growPhases, maritalStatuses, parentCarerRelationships, socialLink, socialNetworks } from '../rules/contacts'
import { addressWriteFields } from './places'
import type { ContactView } from './contact-shapes'

/** The fields a writer may send (spec 2 §3); every one optional on update. */
export const contactFieldsSchema = z.object({
  first_name: requiredPersonName(100),
  last_name: personName(100).optional(),
  gender: z.enum(genders).nullable().optional(),
  dob_month: integer(1, 12).nullable().optional(),
  dob_year: integer(1900, 2100).nullable().optional(),
  age: integer(0, 130).nullable().optional(),
  email: emailField
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  phone: text(40).nullable().optional(),
  /** The country the phone is read in when it has no prefix (AU by default). */
  phone_country: z.string().length(2).optional(),
  religion: text(60).nullable().optional(),
  religion_other: text(120).nullable().optional(),
  marital_status: z
    .enum(maritalStatuses)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  /** Required once consent is on record; without consent it is not kept (spec 2 §4, §5). */
  member_status: text(60).nullable().optional(),
  source: text(60).nullable().optional(),
  source_other: text(120).nullable().optional(),
  grow_phase: z
    .enum(growPhases)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  /** http(s) links on each network's own sites (socialLink). */
  social: z
    .object(
      Object.fromEntries(
        socialNetworks.map((network) => [
          network,
          socialLink(network)
            .nullable()
            .optional()
            .or(z.literal('').transform(() => null)),
        ]),
      ),
    )
    .partial()
    .optional(),
  ...addressWriteFields,
  is_visitor: flag.optional(),
  expect_follow_up: flag.optional(),
  expect_follow_up_completed: flag.optional(),
  expect_bible_study: flag.optional(),
  expect_bible_study_completed: flag.optional(),
  expect_baptism: flag.optional(),
  expect_baptism_completed: flag.optional(),
  parent_carer_first_name: personName(100).nullable().optional(),
  parent_carer_last_name: personName(100).nullable().optional(),
  parent_carer_relationship: z
    .enum(parentCarerRelationships)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  parent_carer_email: emailField
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  parent_carer_phone: text(40).nullable().optional(),
  /** How consent was given (spec 2 §2); 'none' keeps only the name and gender. */
  consent_type: z.enum(consentChoices).optional(),
  consent_date: z.iso.date().nullable().optional(),
  consent_content: text(5000).nullable().optional(),
  /** Verbal consent: 'I understand and confirm that other options are unavailable'. */
  consent_verbal_confirmed: flag.optional(),
})
export type ContactFields = z.input<typeof contactFieldsSchema>

// The contract's fields by how they are kept. The server stores, and the form edits, every
// field of these groups the same way, so a new field of a kind joins its group here and
// nothing else changes but the form section that shows it; the fields of no group
// (birth, phones, social links, consent) have rules of their own.

/** Names: always text, first_name required. */
export const contactNameFields = ['first_name', 'last_name'] as const satisfies ReadonlyArray<keyof ContactFields>

/** Texts and choices kept as sent; empty clears them. */
export const contactTextFields = [
  'gender',
  'email',
  'religion',
  'religion_other',
  'marital_status',
  'member_status',
  'source',
  'source_other',
  'grow_phase',
  'parent_carer_first_name',
  'parent_carer_last_name',
  'parent_carer_relationship',
  'parent_carer_email',
] as const satisfies ReadonlyArray<keyof ContactFields>
export type ContactTextField = (typeof contactTextFields)[number]

/** Ticks. */
export const contactFlagFields = [
  'is_visitor',
  'expect_follow_up',
  'expect_follow_up_completed',
  'expect_bible_study',
  'expect_bible_study_completed',
  'expect_baptism',
  'expect_baptism_completed',
] as const satisfies ReadonlyArray<keyof ContactFields>
export type ContactFlagField = (typeof contactFlagFields)[number]

/** The address: a picked place, or its parts typed by hand (address_manual_input). */
export const contactAddressFields = [
  'address_place_id',
  'address_formatted',
  'address_manual_input',
  'address_street',
  'address_city',
  'address_state',
  'address_postcode',
  'address_country',
  'address_lat',
  'address_lng',
] as const satisfies ReadonlyArray<keyof ContactFields>
export type ContactAddressField = (typeof contactAddressFields)[number]
/** An address as the view carries it and the address input holds it. */
export type ContactAddress = Pick<ContactView, ContactAddressField>
