import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { setupUser } from '../test/user'
import { TestProviders } from '../test/wrapper'
import { TwoFactorCodeInput } from './two-factor-code-input'
import { TwoFactorSetup } from './two-factor-setup'

function renderInput() {
  const onComplete = vi.fn()
  const user = setupUser()
  render(<TwoFactorCodeInput onComplete={onComplete} />, { wrapper: TestProviders })
  return { onComplete, user, input: screen.getByLabelText(/^Verification code/) }
}

describe('TwoFactorCodeInput (spec 1 §4)', () => {
  it('D1-4-10 submits when the 6th digit is typed, not before', async () => {
    const { onComplete, user, input } = renderInput()
    await user.type(input, '12345')
    expect(onComplete).not.toHaveBeenCalled()
    await user.type(input, '6')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456')
  })

  it('D1-4-08 holds 6 digits and nothing else', async () => {
    const { onComplete, user, input } = renderInput()
    await user.type(input, '12a3-4')
    expect(input).toHaveValue('1234')
    expect(input).toHaveAttribute('maxlength', '6')
    expect(input).toHaveAttribute('autocomplete', 'one-time-code')
    expect(onComplete).not.toHaveBeenCalled()
  })

  it('D1-4-09 a paste takes the first 6 characters and submits', async () => {
    const { onComplete, user, input } = renderInput()
    await user.click(input)
    await user.paste('98765432')
    expect(input).toHaveValue('987654')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('987654')
  })

  it('reads a grouped code from an authenticator app without its spaces', async () => {
    const { onComplete, user, input } = renderInput()
    await user.click(input)
    await user.paste(' 123 456 ')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456')
  })

  it('does not submit a paste whose first 6 characters are not all digits', async () => {
    const { onComplete, user, input } = renderInput()
    await user.click(input)
    await user.paste('ab1234')
    expect(input).toHaveValue('1234')
    expect(onComplete).not.toHaveBeenCalled()
  })
})

describe('TwoFactorSetup', () => {
  it('shows the QR image, the grouped secret and the code field', () => {
    render(<TwoFactorSetup setup={{ qr_code_url: 'data:image/png;base64,AAAA', secret_grouped: 'ABCD EFGH IJKL' }} onComplete={vi.fn()} />, {
      wrapper: TestProviders,
    })
    expect(screen.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute('src', 'data:image/png;base64,AAAA')
    expect(screen.getByText('ABCD EFGH IJKL')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Verification code/)).toBeInTheDocument()
  })
})
