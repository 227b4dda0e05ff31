import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderWithProviders } from '../test/render'
import { ImportDialog, type ImportTexts, type ReadFile } from './import-flow'

// The one import flow's states, whatever the import: pick → read (or why not) → preview and
// dry run → import → result, and a failed call that leaves the preview to try again. Each
// import's own test covers its columns, preview and call.

interface TestFile extends ReadFile {
  rows: string[]
}

const texts: ImportTexts = {
  file: 'Spreadsheet',
  reading: 'Reading…',
  checking: 'Checking…',
  rowsRead: (count, file) => `${count} rows read from ${file}.`,
  missingColumns: (columns) => `Missing: ${columns.join(', ')}.`,
  readError: (failure) => `Unreadable: ${(failure as Error).message}`,
  failure: (failure) => `Failed: ${(failure as Error).message}`,
  import: 'Import',
  cancel: 'Cancel',
  close: 'Close',
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

interface Calls {
  read: (file: File) => Promise<TestFile>
  check?: (file: TestFile, choice: string) => Promise<string>
  run: (file: TestFile, choice: string) => Promise<string>
}

function Harness({ calls, missingBlocks, onClose }: { calls: Calls; missingBlocks: boolean; onClose: () => void }) {
  const [choice, setChoice] = useState('a')
  const { check } = calls
  return (
    <ImportDialog<TestFile, string, string>
      title="Import things"
      texts={texts}
      intro="Choose a file of things."
      read={calls.read}
      missingBlocks={missingBlocks}
      {...(check ? { check: { key: choice, run: (file: TestFile) => check(file, choice) } } : {})}
      preview={(file, checked, busy) => (
        <>
          <button type="button" disabled={busy} onClick={() => setChoice(choice === 'a' ? 'b' : 'a')}>
            Choice {choice}
          </button>
          <p>Rows: {file.rows.join(', ')}</p>
          {checked && <p>Dry run: {checked}</p>}
        </>
      )}
      run={(file) => calls.run(file, choice)}
      result={(result) => <p>Result: {result}</p>}
      onClose={onClose}
    />
  )
}

function open(calls: Calls, missingBlocks = true) {
  const onClose = vi.fn()
  const view = renderWithProviders(<Harness calls={calls} missingBlocks={missingBlocks} onClose={onClose} />)
  return { ...view, onClose, dialog: () => within(screen.getByRole('dialog', { name: 'Import things' })) }
}

const csv = (name = 'things.csv') => new File(['x'], name, { type: 'text/csv' })

describe('the import flow (issue 34: one import dialog)', () => {
  it('reads the chosen file, previews it, imports and shows the result; Close closes', async () => {
    const reading = deferred<TestFile>()
    const run = vi.fn((_file: TestFile, _choice: string) => Promise.resolve('2 imported'))
    const { user, dialog, onClose } = open({ read: () => reading.promise, run })
    await screen.findByRole('dialog', { name: 'Import things' })
    expect(dialog().getByText('Choose a file of things.')).toBeInTheDocument()
    expect(dialog().getByRole('button', { name: 'Import' })).toBeDisabled()

    await user.upload(dialog().getByLabelText('Spreadsheet'), csv())
    expect(await dialog().findByText('Reading…')).toBeInTheDocument()
    reading.resolve({ name: 'things.csv', rows: ['one', 'two'], missing: [] })
    expect(await dialog().findByText('2 rows read from things.csv.')).toBeInTheDocument()
    expect(dialog().getByText('Rows: one, two')).toBeInTheDocument()

    await user.click(dialog().getByRole('button', { name: 'Import' }))
    expect(await dialog().findByText('Result: 2 imported')).toBeInTheDocument()
    expect(run).toHaveBeenCalledTimes(1)
    // The result takes the place of the form: only Close is left.
    expect(dialog().queryByLabelText('Spreadsheet')).not.toBeInTheDocument()
    expect(dialog().queryByRole('button', { name: 'Import' })).not.toBeInTheDocument()
    // The last Close is the dialog's button; the first is the corner's ×.
    await user.click(dialog().getAllByRole('button', { name: 'Close' }).at(-1)!)
    expect(onClose).toHaveBeenCalled()
  })

  it('says why a file cannot be read; missing required columns block the import where they must', async () => {
    const read = vi.fn((file: File) =>
      file.name === 'bad.csv' ? Promise.reject(new Error('not a spreadsheet')) : Promise.resolve({ name: file.name, rows: ['one'], missing: ['gender'] }),
    )
    const { user, dialog } = open({ read, run: () => Promise.resolve('done') })
    await screen.findByRole('dialog', { name: 'Import things' })
    await user.upload(dialog().getByLabelText('Spreadsheet'), csv('bad.csv'))
    expect(await dialog().findByRole('alert')).toHaveTextContent('Unreadable: not a spreadsheet')
    expect(dialog().getByRole('button', { name: 'Import' })).toBeDisabled()

    await user.upload(dialog().getByLabelText('Spreadsheet'), csv('short.csv'))
    expect(await dialog().findByRole('alert')).toHaveTextContent('Missing: gender.')
    expect(dialog().getByRole('button', { name: 'Import' })).toBeDisabled()
  })

  it('imports a file with missing columns where they only warn', async () => {
    const { user, dialog } = open(
      { read: (file) => Promise.resolve({ name: file.name, rows: ['one'], missing: ['gender'] }), run: () => Promise.resolve('done') },
      false,
    )
    await screen.findByRole('dialog', { name: 'Import things' })
    await user.upload(dialog().getByLabelText('Spreadsheet'), csv())
    expect(await dialog().findByText('Missing: gender.')).toBeInTheDocument()
    await user.click(dialog().getByRole('button', { name: 'Import' }))
    expect(await dialog().findByText('Result: done')).toBeInTheDocument()
  })

  it('asks the dry run once per file and choice, keeps only the latest answer, and imports with the choice', async () => {
    const answers: Array<ReturnType<typeof deferred<string>> & { choice: string }> = []
    const check = vi.fn((_file: TestFile, choice: string) => {
      const answer = { ...deferred<string>(), choice }
      answers.push(answer)
      return answer.promise
    })
    const run = vi.fn((_file: TestFile, choice: string) => Promise.resolve(`imported with ${choice}`))
    const { user, dialog } = open({ read: (file) => Promise.resolve({ name: file.name, rows: ['one'], missing: [] }), check, run })
    await screen.findByRole('dialog', { name: 'Import things' })
    await user.upload(dialog().getByLabelText('Spreadsheet'), csv())
    expect(await dialog().findByText('Checking…')).toBeInTheDocument()
    expect(check).toHaveBeenCalledTimes(1)
    expect(dialog().getByRole('button', { name: 'Import' })).toBeDisabled()
    answers[0]!.resolve('would import 1 (a)')
    expect(await dialog().findByText('Dry run: would import 1 (a)')).toBeInTheDocument()
    expect(dialog().getByRole('button', { name: 'Import' })).toBeEnabled()

    // A new choice asks again (the choices wait while it is on its way).
    await user.click(dialog().getByRole('button', { name: 'Choice a' }))
    await waitFor(() => expect(check).toHaveBeenCalledTimes(2))
    expect(answers[1]!.choice).toBe('b')
    expect(dialog().getByRole('button', { name: 'Choice b' })).toBeDisabled()
    answers[1]!.resolve('would import 1 (b)')
    expect(await dialog().findByText('Dry run: would import 1 (b)')).toBeInTheDocument()

    // Another file while a dry run is on its way: the earlier answer arriving late does not land over the new one.
    await user.click(dialog().getByRole('button', { name: 'Choice b' }))
    await waitFor(() => expect(check).toHaveBeenCalledTimes(3))
    await user.upload(dialog().getByLabelText('Spreadsheet'), csv('other.csv'))
    await waitFor(() => expect(check).toHaveBeenCalledTimes(4))
    answers[3]!.resolve('would import 1 (other.csv)')
    answers[2]!.resolve('would import 1 (things.csv)')
    expect(await dialog().findByText('Dry run: would import 1 (other.csv)')).toBeInTheDocument()
    expect(dialog().queryByText('Dry run: would import 1 (things.csv)')).not.toBeInTheDocument()

    await user.click(dialog().getByRole('button', { name: 'Import' }))
    expect(await dialog().findByText('Result: imported with a')).toBeInTheDocument()
    expect(check).toHaveBeenCalledTimes(4)
  })

  it('a dry run or an import that fails says why and leaves the preview to try again', async () => {
    let failCheck = true
    const check = vi.fn(() => (failCheck ? Promise.reject(new Error('offline')) : Promise.resolve('would import 1')))
    const run = vi.fn().mockRejectedValueOnce(new Error('server error')).mockResolvedValueOnce('1 imported')
    const { user, dialog } = open({ read: (file) => Promise.resolve({ name: file.name, rows: ['one'], missing: [] }), check, run })
    await screen.findByRole('dialog', { name: 'Import things' })
    await user.upload(dialog().getByLabelText('Spreadsheet'), csv())
    expect(await dialog().findByRole('alert')).toHaveTextContent('Failed: offline')
    expect(dialog().getByRole('button', { name: 'Import' })).toBeDisabled()

    failCheck = false
    await user.click(dialog().getByRole('button', { name: 'Choice a' }))
    expect(await dialog().findByText('Dry run: would import 1')).toBeInTheDocument()
    expect(dialog().queryByRole('alert')).not.toBeInTheDocument()

    await user.click(dialog().getByRole('button', { name: 'Import' }))
    expect(await dialog().findByRole('alert')).toHaveTextContent('Failed: server error')
    expect(dialog().getByText('Dry run: would import 1')).toBeInTheDocument()
    await user.click(dialog().getByRole('button', { name: 'Import' }))
    expect(await dialog().findByText('Result: 1 imported')).toBeInTheDocument()
  })
})
