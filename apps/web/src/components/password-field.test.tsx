import { describe, expect, it } from 'vitest'
import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import { setupUser } from '../test/user'
import { usePasswordCheck } from '../lib/password-strength'
import { changeLocale } from '../lib/i18n'
import { TestProviders } from '../test/wrapper'
import { PasswordField } from './password-field'

function Harness({ allowBlank = false }: { allowBlank?: boolean }) {
  const [value, setValue] = useState('')
  const check = usePasswordCheck(value, { allowBlank, userInputs: ['Ruth', 'Miller'] })
  return (
    <>
      <PasswordField label="Password" check={check} value={value} onChange={(event) => setValue(event.currentTarget.value)} />
      <output>{check.ok ? 'may send' : 'may not send'}</output>
    </>
  )
}

function renderField(allowBlank?: boolean) {
  const user = setupUser()
  render(<Harness allowBlank={allowBlank} />, { wrapper: TestProviders })
  return { user, input: screen.getByLabelText('Password') }
}

describe('PasswordField (spec 1 §5)', () => {
  it('D1-5-05 rates a password under 12 characters Weak, with an error', async () => {
    const { user, input } = renderField()
    await user.type(input, 'Xq7#kP2!')
    expect(await screen.findByText('Weak')).toBeInTheDocument()
    expect(screen.getByText('Use at least 12 characters.')).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('may not send')).toBeInTheDocument()
  })

  it('D1-5-06 a score of 2 or below is an error even at 12 characters; Good and Strong pass', async () => {
    const { user, input } = renderField()
    await user.type(input, 'password1234')
    expect(await screen.findByText('Poor')).toBeInTheDocument()
    expect(screen.getByText('This password is too easy to guess. Add more words or characters.')).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, 'lanterns drift over quiet harbours')
    expect(await screen.findByText(/^(Good|Strong)$/)).toBeInTheDocument()
    expect(screen.queryByText(/too easy to guess|at least 12/)).not.toBeInTheDocument()
    expect(input).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('may send')).toBeInTheDocument()
  })

  it('counts the person’s name against the password', async () => {
    const { user, input } = renderField()
    await user.type(input, 'ruthmillerruthmiller')
    expect(await screen.findByText(/^(Poor|Weak)$/)).toBeInTheDocument()
  })

  it('D1-5-07 a blank password passes where blank is allowed, and not elsewhere', async () => {
    renderField(true)
    expect(await screen.findByText('may send')).toBeInTheDocument()
    expect(screen.queryByText(/Password strength/)).not.toBeInTheDocument()
  })

  it('D1-5-07 (blank not allowed)', async () => {
    renderField(false)
    expect(await screen.findByText('may not send')).toBeInTheDocument()
  })

  it('shows the rating in Spanish', async () => {
    await changeLocale('es')
    const { user } = renderField()
    await user.type(screen.getByLabelText('Password'), 'abc')
    expect(await screen.findByText('Débil')).toBeInTheDocument()
    expect(screen.getByText('Usa al menos 12 caracteres.')).toBeInTheDocument()
  })
})
