import { describe, expect, it } from 'vitest'
import { errorStatus, type ErrorCode } from '@crm/domain'
import en from '../locales/en/index'
import es from '../locales/es/index'
import { ApiError } from './api'
import { errorCodeText, errorText, statusOnlyCodes } from './errors'
import { changeLocale } from './i18n'

const codes = Object.keys(errorStatus) as ErrorCode[]
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort()

describe('error texts', () => {
  it('every code the server can answer has its text in en and es, with the same placeholders', () => {
    const missing: string[] = []
    for (const code of codes) {
      const texts = { en: (en.errors as Record<string, unknown>)[code], es: (es.errors as Record<string, unknown>)[code] }
      for (const [locale, text] of Object.entries(texts)) {
        if (typeof text !== 'string' || text.trim() === '') missing.push(`${locale}:${code}`)
      }
      if (typeof texts.en === 'string' && typeof texts.es === 'string') expect(placeholders(texts.es), code).toEqual(placeholders(texts.en))
    }
    expect(missing).toEqual([])
  })

  it("use the spec's words", () => {
    expect(errorCodeText('login_failed')).toBe('Wrong email or password.')
    expect(errorCodeText('name_taken')).toBe('This name is already used.')
    expect(errorCodeText('require_address')).toBe('An address is required.')
    expect(errorCodeText('internal_error')).toBe('Something went wrong.')
    expect(errorCodeText('acms_not_in_church', { email: 'ann@example.test' })).toBe('The email ann@example.test was not found as a member of this church.')
  })

  it('lists names as the reader lists them (merge_other_team’s teams, issue 40)', async () => {
    const teams = { teams: ['Hope Chapel', 'River Church', 'Grace Church'] }
    expect(errorCodeText('merge_other_team', teams)).toBe(
      'These records are also held by Hope Chapel, River Church, and Grace Church: their owners must agree first.',
    )
    await changeLocale('es')
    try {
      expect(errorCodeText('merge_other_team', teams)).toBe(
        'Estos registros también están en Hope Chapel, River Church y Grace Church: sus responsables deben estar de acuerdo primero.',
      )
    } finally {
      await changeLocale('en')
    }
  })

  it('words the refusals of a merge request (issue 40 §1)', async () => {
    expect(errorCodeText('merge_approval_not_needed')).toBe('You act for every team that holds these records: merge them now, without asking.')
    expect(errorCodeText('merge_request_decided')).toBe('This merge request was answered already.')
    await changeLocale('es')
    try {
      expect(errorCodeText('merge_approval_not_needed')).toBe('Actúas por todos los equipos que tienen estos registros: fusiónalos ahora, sin pedirlo.')
      expect(errorCodeText('merge_request_decided')).toBe('Esta solicitud de fusión ya fue respondida.')
    } finally {
      await changeLocale('en')
    }
  })
})

describe("a failed form's text (spec 1 §4)", () => {
  const failure = (code: ErrorCode, data: Record<string, unknown> = {}) => new ApiError(code, errorStatus[code], 'server text', data)

  it("shows the server's message (the code's text) before the form's own message", () => {
    expect(errorText(failure('incorrect_old_password'), 'Not saved')).toBe('The old password provided is incorrect. Your password has not been updated.')
    expect(errorText(failure('require_address'))).toBe('An address is required.')
  })

  it("shows the form's message, else 'Error', for a code that names only a status", () => {
    for (const code of statusOnlyCodes) {
      expect(errorText(failure(code), 'Not saved'), code).toBe('Not saved')
      expect(errorText(failure(code)), code).toBe('Error')
    }
    expect(errorText(new ApiError('network_error', 0, 'offline'))).toBe('Error')
    expect(errorText(new Error('boom'), 'Not saved')).toBe('Not saved')
  })
})
