import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Box, PasswordInput } from '@mantine/core'
import type { PasswordRating } from '@crm/domain/rules/password'
import type { PasswordCheck } from '../lib/password-strength'

const ratingColors: Record<PasswordRating, string> = {
  Poor: 'var(--mantine-color-red-7)',
  Weak: 'var(--mantine-color-orange-7)',
  Good: 'var(--mantine-color-teal-7)',
  Strong: 'var(--mantine-color-green-8)',
}

type PasswordInputProps = ComponentPropsWithoutRef<typeof PasswordInput>

export interface PasswordFieldProps extends Omit<PasswordInputProps, 'description' | 'error'> {
  label: string
  /** The rating of the typed value (usePasswordCheck). */
  check: PasswordCheck
  /** Another error to show (a blank required field, the server's answer). */
  error?: string | null
  hint?: string
}

/** Four bars filled by the score, then the rating in words (which is what screen readers read). */
function StrengthMeter({ rating, score }: { rating: PasswordRating; score: number }) {
  const { t } = useTranslation()
  const filled = Math.max(1, score)
  return (
    <Box component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <Box component="span" aria-hidden="true" style={{ display: 'inline-flex', gap: 3 }}>
        {[1, 2, 3, 4].map((bar) => (
          <Box
            key={bar}
            component="span"
            style={{
              display: 'inline-block',
              width: 28,
              height: 5,
              borderRadius: 3,
              background: bar <= filled ? ratingColors[rating] : 'var(--mantine-color-gray-3)',
            }}
          />
        ))}
      </Box>
      <span>
        {t('password.strength')} <strong style={{ color: ratingColors[rating] }}>{t(`password.ratings.${rating}`)}</strong>
      </span>
    </Box>
  )
}

/**
 * A new-password field with a strength meter (spec 1 §5). The rules, and zxcvbn's
 * dictionaries, load with the first character typed (lib/password-strength.ts).
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField({ label, check, error, hint, ...inputProps }, ref) {
  const { t } = useTranslation()
  const problem = check.problem ? t(`password.${check.problem}`) : null
  const meter = check.strength ? <StrengthMeter rating={check.strength.rating} score={check.strength.score} /> : null
  return (
    <PasswordInput
      ref={ref}
      label={label}
      autoComplete="new-password"
      description={
        meter || hint ? (
          <Box component="span" style={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-live="polite">
            {meter}
            {hint && <span>{hint}</span>}
          </Box>
        ) : undefined
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error || problem || undefined}
      // Mantine's PasswordInput marks its error visually only.
      aria-invalid={Boolean(error || problem) || undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('password.show') }}
      {...inputProps}
    />
  )
})
