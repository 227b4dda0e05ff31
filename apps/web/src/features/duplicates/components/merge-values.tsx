import { useTranslation } from 'react-i18next'
import { Avatar, Group, Text } from '@mantine/core'
import { socialNetworks, type LookupList, type MergeFieldGroup, type MergeValues, type TeamGroupParams } from '@crm/domain'
import { countryOptions } from '../../../lib/country-options'
import { useDateFormat, type DateFormat } from '../../../lib/date-format'
import { useContactPhotoFile } from '../../consent/queries'
import { useLookup } from '../../lookups/queries'

// A merge preview's values in the reader's words: the preview sends what is stored (a lookup's
// id, a fixed choice's code, a file id), as mergeFieldGroupFields names them per group.

/** Year and month of birth as the reader writes them ("May 1980"), the year alone without a month. */
export function birthText(year: number | null, month: number | null, format: DateFormat): string | null {
  if (year === null) return null
  if (month === null) return String(year)
  return format.monthYear(`${year}-${String(month).padStart(2, '0')}`)
}

const textOf = (value: MergeValues[string] | undefined): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null
const numberOf = (value: MergeValues[string] | undefined): number | null =>
  typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null
const present = (parts: Array<string | null>) => parts.filter((part): part is string => part !== null)
/** Separate details of one value (a parent's name, relationship and email) on one line. */
const joined = (parts: Array<string | null>) => present(parts).join(' · ')
/** A person's name from its parts. */
const spaced = (parts: Array<string | null>) => present(parts).join(' ')

/** The lookup lists whose titles the groups' values need. */
const lookupOfGroup: Partial<Record<MergeFieldGroup, LookupList>> = {
  religion: 'religion-types',
  member_status: 'member-status-types',
  source: 'contact-source-types',
}

/**
 * The words of one record's values of a group: lookup ids as their titles, choices by their
 * labels, the birth as month and year, the address on one line, consent as its kind and date.
 */
export function useMergeValueText(groups: readonly MergeFieldGroup[]): (group: MergeFieldGroup, values: MergeValues) => string {
  const { t, i18n } = useTranslation(['duplicates', 'contacts', 'consent'])
  const format = useDateFormat()
  const needs = (list: LookupList) => groups.some((group) => lookupOfGroup[group] === list)
  const religions = useLookup('religion-types', { enabled: needs('religion-types') }).data
  const memberStatuses = useLookup('member-status-types', { enabled: needs('member-status-types') }).data
  const sources = useLookup('contact-source-types', { enabled: needs('contact-source-types') }).data
  const titleIn = (items: typeof religions, value: string | null) =>
    value === null ? null : (items?.find((item) => String(item.id) === value)?.title ?? value)
  // A free text beside an "Other" item: the item's title, then what was written.
  const withOther = (title: string | null, other: string | null) => (title && other ? `${title} (${other})` : (title ?? other))
  const choice = (group: string, value: string | null) =>
    value === null ? null : t(`contacts:${group}.${value}` as 'contacts:gender.male', { defaultValue: value })
  const countryName = (code: string | null) => (code === null ? null : (countryOptions(i18n.language).find((option) => option.value === code)?.label ?? code))

  return (group, values) => {
    const v = (field: string) => textOf(values[field])
    switch (group) {
      case 'name':
        return spaced([v('first_name'), v('last_name')])
      case 'gender':
        return choice('gender', v('gender')) ?? ''
      case 'birth':
        return birthText(numberOf(values['dob_year']), numberOf(values['dob_month']), format) ?? ''
      case 'photo':
        return values['avatar_file_id'] === null || values['avatar_file_id'] === undefined ? '' : t('merge.values.photo')
      case 'address':
        return (
          v('address_formatted') ??
          present([v('address_street'), v('address_city'), v('address_state'), v('address_postcode'), countryName(v('address_country'))]).join(', ')
        )
      case 'religion':
        return withOther(titleIn(religions, v('religion')), v('religion_other')) ?? ''
      case 'marital_status':
        return choice('maritalStatus', v('marital_status')) ?? ''
      case 'member_status':
        return titleIn(memberStatuses, v('member_status')) ?? ''
      case 'source':
        return withOther(titleIn(sources, v('source')), v('source_other')) ?? ''
      case 'grow_phase':
        return choice('growPhase', v('grow_phase')) ?? ''
      case 'social':
        return joined(socialNetworks.map((network) => (v(network) ? `${t(`contacts:social.${network}`)}: ${v(network)}` : null)))
      case 'parent_carer':
        return joined([
          spaced([v('parent_carer_first_name'), v('parent_carer_last_name')]) || null,
          choice('relationship', v('parent_carer_relationship')),
          v('parent_carer_email'),
          v('parent_carer_phone'),
        ])
      case 'consent': {
        const type = v('consent_type')
        const date = v('consent_date')
        return joined([
          type ? t(`consent:types.${type}` as 'consent:types.verbal', { defaultValue: type }) : null,
          date ? format.date(date) : null,
          v('consent_content'),
          values['consent_photo_file_id'] ? t('merge.values.consentPhoto') : null,
        ])
      }
      case 'email':
      case 'phone':
        return v(group) ?? ''
    }
  }
}

/**
 * A record's photo to choose: the photo itself where the selected group may read the contact,
 * else the words alone (the call refuses another group's contact).
 */
export function MergePhoto({ scope, contactId, values, name }: { scope: TeamGroupParams | null; contactId: number; values: MergeValues; name: string }) {
  const { t } = useTranslation('duplicates')
  const photoId = numberOf(values['avatar_file_id'])
  const photo = useContactPhotoFile(scope && photoId !== null ? { scope, contactId, photoId } : null)
  return (
    <Group gap="xs" wrap="nowrap" component="span">
      {photo.status === 'ready' && <Avatar component="span" src={photo.url} alt={t('merge.values.photoAlt', { name })} size={40} radius="xl" />}
      <Text span inherit>
        {t('merge.values.photo')}
      </Text>
    </Group>
  )
}
