import { useTranslation } from 'react-i18next'
import { NativeSelect } from '@mantine/core'
import { relationshipTypes, type RelationshipType } from '@crm/domain'

export interface RelationshipTypeSelectProps {
  label: string
  value: RelationshipType | ''
  onChange: (value: RelationshipType | '') => void
  error?: string | undefined
  required?: boolean
  size?: 'xs' | 'sm'
}

/** The general relationship choices of spec 2 §3, in the spec's order. */
export function RelationshipTypeSelect({ label, value, onChange, error, required, size = 'sm' }: RelationshipTypeSelectProps) {
  const { t } = useTranslation('relationships')
  return (
    <NativeSelect
      label={label}
      value={value}
      required={required}
      error={error}
      size={size}
      onChange={(event) => onChange(event.currentTarget.value as RelationshipType | '')}
      data={[{ value: '', label: '' }, ...relationshipTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))]}
    />
  )
}
