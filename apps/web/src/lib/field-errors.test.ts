import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { email, fieldErrorCodes, fieldErrorCodeList, type FieldError, type FieldErrorCode } from '@crm/domain'
import { ApiError } from './api'
import { changeLocale, i18next, supportedLocales } from './i18n'
import { fieldErrorResolver } from './field-error-resolver'
import { fieldErrorKey, wordFieldError } from './field-errors'

afterEach(async () => {
  await changeLocale('en')
})

/** A refusal of the code with each of its parameters given (numbers as numbers). */
function sample(code: FieldErrorCode, params: readonly string[] = fieldErrorCodes[code].params): FieldError {
  return {
    code,
    params: Object.fromEntries(params.map((name, index) => [name, name === 'formats' || name === 'team' || name === 'email' ? `v${index}` : 7 + index])),
  }
}

describe('field error codes in every language (issue 36)', () => {
  for (const locale of supportedLocales) {
    it(`words every code of the domain's table in ${locale}, its parameters filled in`, async () => {
      await changeLocale(locale)
      const refusals = fieldErrorCodeList.map((code) => sample(code))
      // out_of_range names one bound, or both.
      refusals.push(sample('out_of_range', ['min']), sample('out_of_range', ['max']))
      for (const refusal of refusals) {
        const key = `field-errors:${fieldErrorKey(refusal)}`
        expect(i18next.exists(key, { lng: locale, fallbackLng: false }), `${locale} ${key}`).toBe(true)
        const text = wordFieldError(refusal)
        expect(text.trim(), key).not.toBe('')
        expect(text, key).not.toContain('{{')
        for (const value of Object.values(refusal.params)) if (refusal.code !== 'file_too_large') expect(text, key).toContain(String(value))
      }
    })
  }

  it('words a refusal of the server in the reader’s language; a field without a code keeps its message', async () => {
    const error = new ApiError('invalid_request', 400, 'The request is not valid.', {
      errors: { title: 'At most 60 characters', dob_year: 'Enter the year of birth.', team_id: 'Not a team you plan in' },
      error_codes: { title: { code: 'too_long', params: { max: 60 } }, dob_year: { code: 'birth_year_required', params: {} }, other: { code: 'gibberish' } },
    })
    expect(error.fieldErrors).toEqual({ title: 'At most 60 characters.', dob_year: 'Enter the year of birth.', team_id: 'Not a team you plan in' })
    await changeLocale('es')
    expect(error.fieldErrors).toEqual({ title: 'Como máximo 60 caracteres.', dob_year: 'Escribe el año de nacimiento.', team_id: 'Not a team you plan in' })
    expect(error.fieldMessages.dob_year).toBe('Enter the year of birth.')
  })

  it('writes a file size in MB', () => {
    expect(wordFieldError({ code: 'file_too_large', params: { bytes: 5 * 1024 * 1024 } })).toBe('The file may be at most 5 MB.')
  })

  it("words a form's own checks by the same codes, in the reader's language", async () => {
    await changeLocale('es')
    const resolver = fieldErrorResolver(z.object({ name: z.string().trim().min(1).max(5), email, year: z.number().int().max(2100) }))
    const result = await resolver({ name: 'too long', email: 'not an email', year: 3000 }, undefined, { fields: {}, shouldUseNativeValidation: false })
    expect(result.errors).toMatchObject({
      name: { message: 'Como máximo 5 caracteres.' },
      email: { message: 'Escribe una dirección de correo válida.' },
      year: { message: 'Escribe un número igual o menor que 2100.' },
    })
  })
})
