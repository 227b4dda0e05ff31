import { useTranslation } from 'react-i18next'
import { Alert, List } from '@mantine/core'
import { useContactFieldLabel } from '../../../../lib/contact-field-labels'
import { isFieldErrorKey, type RefusedField } from './server-errors'

/**
 * What the server refused that the form cannot mark on an input (a field not shown, or
 * disabled under the chosen consent): named here, so a failed save always says why.
 */
export function RefusedFieldsNotice({ fields }: { fields: RefusedField[] }) {
  const { t } = useTranslation('contact-form')
  const labelOf = useContactFieldLabel()
  if (fields.length === 0) return null
  return (
    <Alert color="red" role="alert" title={t('saveErrors.refusedTitle')}>
      <List size="sm" spacing={2}>
        {fields.map(({ field, message }) => {
          // '_' is the request as a whole: only the message.
          const label = labelOf(field) ?? (field === '_' ? null : field)
          const text = isFieldErrorKey(message) ? t(`errors.${message}`) : message
          return <List.Item key={field}>{label ? t('saveErrors.refusedField', { label, message: text }) : text}</List.Item>
        })}
      </List>
    </Alert>
  )
}
