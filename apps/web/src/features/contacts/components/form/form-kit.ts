import { useTranslation } from 'react-i18next'
import { get, useFormContext, useWatch } from 'react-hook-form'
import { completeValues, type ContactFormValues } from './contact-form-values'
import { hasParentDetails, isAllowed, isChildEntered, isEnabled, isRestricted, type ContactFormSettings } from './contact-form-rules'
import { isFieldErrorKey } from './server-errors'

/** What every section of the contact form reads: the values, the rules and the errors. */
export interface FormKit {
  values: ContactFormValues
  settings: ContactFormSettings
  /** The translated error of an input (or the server's own words), if any. */
  error: (path: string) => string | undefined
  /** The caller may fill the field in (auth.fields). */
  shown: (name: string) => boolean
  /** The field is editable under the chosen consent. */
  enabled: (name: string) => boolean
  /** The entered birth date or age makes the contact a child (spec 2 §5). */
  child: boolean
  /** Without consent only the name and gender are kept. */
  restricted: boolean
  parentShown: boolean
}

export function useFormKit(settings: ContactFormSettings): FormKit {
  const { t } = useTranslation('contact-form')
  const { control, formState } = useFormContext<ContactFormValues>()
  const watched = useWatch({ control }) as Partial<ContactFormValues>
  const values = completeValues(watched, settings.today)
  const restricted = isRestricted(values, settings)
  const child = isChildEntered(values, settings.today)
  return {
    values,
    settings,
    error: (path) => {
      const message = (get(formState.errors, path) as { message?: string } | undefined)?.message
      if (!message) return undefined
      return isFieldErrorKey(message) ? t(`errors.${message}`) : message
    },
    shown: (name) => isAllowed(settings.fields, name),
    enabled: (name) => isEnabled(name, values, settings),
    child,
    restricted,
    parentShown: child || hasParentDetails(values),
  }
}
