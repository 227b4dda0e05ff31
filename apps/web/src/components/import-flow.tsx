import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react'
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { spreadsheetAccept } from '../lib/spreadsheet'
import { InlineLoading } from './inline-loading'

// The product's one import flow (issue 34): pick a file → read it in the browser → preview
// (and, where the server offers one, a dry run) → import → the result. Contacts, interactions,
// attendance, rosters and team users all go through it; each passes in only what is its own —
// how a file is read, its preview, the call and its result — and its feature's texts.

/** The texts of the flow, in the words of the import's feature. */
export interface ImportTexts {
  file: string
  reading: string
  rowsRead: (count: number, file: string) => string
  missingColumns: (columns: readonly string[]) => string
  /** Why a file could not be read (a SpreadsheetError, or an Error('empty')). */
  readError: (failure: unknown) => string
  /** Why a dry run or the import failed. */
  failure: (failure: unknown) => string
  import: string
  /** Shown while the dry run is on its way (imports with `check`). */
  checking?: string
  /** Dialogs only: the flow inside a page has no way to close. */
  cancel?: string
  close?: string
  stop?: string
}

/** What the flow needs of a file read: its name, its rows and the required columns it lacks. */
export interface ReadFile {
  name: string
  rows: readonly unknown[]
  missing: readonly string[]
}

/** The dry run of an import: `key` names the choices it depends on; a new key asks again. */
export interface ImportCheck<F, P> {
  key: string
  run: (file: F) => Promise<P>
}

export interface ImportFlowProps<F extends ReadFile, P, R> {
  texts: ImportTexts
  intro: ReactNode
  /** Under the intro while no file is chosen (the contact import's recent imports). */
  idle?: ReactNode
  sample?: { href: string; fileName: string; label: string }
  fileHint?: string
  read: (file: File) => Promise<F>
  /** Whether missing required columns stop the import, or only warn that those rows will be refused. */
  missingBlocks: boolean
  check?: ImportCheck<F, P>
  /** The file's preview: the rows, the choices, the dry run's answer. `busy` while a call is on its way. */
  preview: (file: F, checked: P | null, busy: boolean) => ReactNode
  /** The import; `shouldStop` is true once the person asked to stop (see `texts.stop`). */
  run: (file: F, shouldStop: () => boolean) => Promise<R>
  /** Shown while the import runs (a progress bar). */
  progress?: ReactNode
  result: (result: R) => ReactNode
  /** In a dialog: Cancel and Close call it, and the result takes the place of the form. */
  onClose?: () => void
  /**
   * The file as its owner keeps it (the contact import's matched columns): when given, the flow
   * shows, checks and imports this one, and `onFile` hears each file read (null when none).
   */
  file?: F | null
  onFile?: (file: F | null) => void
}

type Stage<R> = { name: 'idle' } | { name: 'importing' } | { name: 'finished'; result: R }

/** The result scrolls into view this long after the import finishes (spec 2 §4; D2-4.7-02). */
export const reportScrollDelayMs = 400

/** The dry run's answer for the file and choices shown: `checked` once it came, `failed` if it could not be had. */
export interface ImportCheckState<P> {
  checked: P | null
  checking: boolean
  failed: boolean
  failure: unknown
}

/**
 * The dry run of a file read (issue 35 item 9), asked once per file and choice: an answer is
 * kept with the file and key it was asked for, so a later answer replaces an earlier one, never
 * the other way round, a new file never shows the last file's answer, and StrictMode's second
 * effect run asks nothing. No file, or no check, asks nothing.
 */
export function useImportCheck<F, P>(file: F | null, check: ImportCheck<F, P> | undefined): ImportCheckState<P> {
  const [answer, setAnswer] = useState<{ file: F; key: string; checked: P | null; failed: boolean; failure: unknown } | null>(null)
  const asked = useRef<{ file: F; key: string } | null>(null)
  const key = check?.key
  const ask = useEffectEvent((read: F, key: string) => {
    if (!check || (asked.current?.file === read && asked.current.key === key)) return
    const question = { file: read, key }
    asked.current = question
    check.run(read).then(
      (checked) => {
        if (asked.current === question) setAnswer({ ...question, checked, failed: false, failure: undefined })
      },
      (failure: unknown) => {
        if (asked.current === question) setAnswer({ ...question, checked: null, failed: true, failure })
      },
    )
  })
  useEffect(() => {
    if (file !== null && key !== undefined) ask(file, key)
  }, [file, key])
  const current = file !== null && answer?.file === file && answer.key === key ? answer : null
  return {
    checked: current?.checked ?? null,
    checking: file !== null && key !== undefined && current === null,
    failed: current?.failed ?? false,
    failure: current?.failure,
  }
}

/** The import flow, inside a page or a dialog (ImportDialog). */
export function ImportFlow<F extends ReadFile, P, R>(props: ImportFlowProps<F, P, R>) {
  const { texts, intro, idle, sample, fileHint, read, missingBlocks, check, preview, run, progress, result, onClose, onFile } = props
  const [readFile, setReadFile] = useState<F | null>(null)
  const file = props.file === undefined ? readFile : props.file
  const [error, setError] = useState<string | null>(null)
  const [stage, setStage] = useState<Stage<R>>({ name: 'idle' })
  const stopRequested = useRef(false)
  const resultRef = useRef<HTMLDivElement>(null)
  const { checked, checking, failed, failure } = useImportCheck(file, check)

  const finished = stage.name === 'finished'
  useEffect(() => {
    if (!finished) return
    const timer = window.setTimeout(() => resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }), reportScrollDelayMs)
    return () => window.clearTimeout(timer)
  }, [finished])

  const choose = (chosen: F | null) => {
    setReadFile(chosen)
    onFile?.(chosen)
    setError(null)
    setStage({ name: 'idle' })
  }

  const importing = stage.name === 'importing'
  const ready = file !== null && !(missingBlocks && file.missing.length > 0) && !(check && checked === null) && !checking
  const runImport = async () => {
    if (!file || !ready) return
    stopRequested.current = false
    setError(null)
    setStage({ name: 'importing' })
    try {
      setStage({ name: 'finished', result: await run(file, () => stopRequested.current) })
    } catch (failure) {
      setError(texts.failure(failure))
      setStage({ name: 'idle' })
    }
  }

  const inDialogResult = finished && onClose !== undefined
  const shownError = error ?? (failed ? texts.failure(failure) : null)
  return (
    <Stack gap="md">
      {!inDialogResult && (
        <>
          <Text size="sm">{intro}</Text>
          {file === null && stage.name === 'idle' && idle}
          {sample && (
            <Anchor href={sample.href} download={sample.fileName} size="sm" style={{ alignSelf: 'flex-start' }}>
              {sample.label}
            </Anchor>
          )}
          <ImportFilePicker
            texts={texts}
            hint={fileHint}
            read={read}
            disabled={importing}
            file={finished ? null : file}
            onFile={choose}
            missingBlocks={missingBlocks}
          >
            {(read) => (
              <>
                {preview(read, checked, checking || importing)}
                {checking && texts.checking && <InlineLoading text={texts.checking} />}
              </>
            )}
          </ImportFilePicker>
          {shownError && (
            <Alert color="red" role="alert">
              {shownError}
            </Alert>
          )}
          {importing && progress}
        </>
      )}
      {stage.name === 'finished' && (
        <Stack gap="sm" ref={resultRef} style={{ scrollMarginTop: 16 }}>
          {result(stage.result)}
        </Stack>
      )}
      <Group justify={onClose ? 'flex-end' : 'flex-start'} gap="sm">
        {inDialogResult ? (
          <Button onClick={onClose}>{texts.close}</Button>
        ) : importing && texts.stop ? (
          <Button variant="default" onClick={() => (stopRequested.current = true)}>
            {texts.stop}
          </Button>
        ) : (
          !finished && (
            <>
              {onClose && (
                <Button variant="default" onClick={onClose}>
                  {texts.cancel}
                </Button>
              )}
              <Button onClick={() => void runImport()} disabled={!ready && !importing} loading={importing}>
                {texts.import}
              </Button>
            </>
          )
        )}
      </Group>
    </Stack>
  )
}

/** The import flow in a modal: full screen on a phone; closing it mid-import stops after the part on its way. */
export function ImportDialog<F extends ReadFile, P, R>({ title, onClose, ...flow }: ImportFlowProps<F, P, R> & { title: string; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false })
  const [importing, setImporting] = useState(false)
  const closed = useRef(false)
  const run: typeof flow.run = async (file, shouldStop) => {
    setImporting(true)
    try {
      return await flow.run(file, () => closed.current || shouldStop())
    } finally {
      setImporting(false)
    }
  }
  const close = () => {
    // Closing while rows are being sent stops after the chunk on its way: nothing is cut in half.
    closed.current = true
    onClose()
  }
  return (
    <Modal opened onClose={close} title={title} size="xl" fullScreen={isPhone} closeOnClickOutside={!importing}>
      <ImportFlow {...flow} run={run} onClose={close} />
    </Modal>
  )
}

export interface ImportFilePickerProps<F extends ReadFile> {
  texts: Pick<ImportTexts, 'file' | 'reading' | 'rowsRead' | 'missingColumns' | 'readError'>
  hint?: string | undefined
  read: (file: File) => Promise<F>
  file: F | null
  onFile: (file: F | null) => void
  missingBlocks: boolean
  /** A form's field: marked required, and an error the form found. */
  required?: boolean
  error?: string | null
  disabled?: boolean
  /** The preview of the file read. */
  children?: (file: F) => ReactNode
}

/** Choose a spreadsheet and read it: the file input, reading, why it cannot be read, its rows and missing columns. */
export function ImportFilePicker<F extends ReadFile>({
  texts,
  hint,
  read,
  file,
  onFile,
  missingBlocks,
  required,
  error,
  disabled,
  children,
}: ImportFilePickerProps<F>) {
  const inputId = useId()
  const hintId = useId()
  const [reading, setReading] = useState(false)
  const [readError, setReadError] = useState<string | null>(null)

  const choose = async (chosen: File | undefined) => {
    onFile(null)
    setReadError(null)
    if (!chosen) return
    setReading(true)
    try {
      onFile(await read(chosen))
    } catch (failure) {
      setReadError(texts.readError(failure))
    } finally {
      setReading(false)
    }
  }

  const shownError = readError ?? error ?? null
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <label htmlFor={inputId}>
          <Text size="sm" fw={500} component="span">
            {texts.file}
            {required && (
              <>
                {' '}
                <Text span c="red" aria-hidden="true">
                  *
                </Text>
              </>
            )}
          </Text>
        </label>
        {hint && (
          <Text size="xs" c="dimmed" id={hintId}>
            {hint}
          </Text>
        )}
        <input
          id={inputId}
          type="file"
          accept={spreadsheetAccept}
          required={required}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          aria-invalid={shownError ? true : undefined}
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
        />
      </Stack>
      {reading && <InlineLoading text={texts.reading} />}
      {shownError && (
        <Alert color="red" role="alert">
          {shownError}
        </Alert>
      )}
      {file && (
        <Stack gap="sm">
          <Text size="sm" role="status">
            {texts.rowsRead(file.rows.length, file.name)}
          </Text>
          {file.missing.length > 0 &&
            (missingBlocks ? (
              <Alert color="red" role="alert">
                {texts.missingColumns(file.missing)}
              </Alert>
            ) : (
              <Alert color="yellow">{texts.missingColumns(file.missing)}</Alert>
            ))}
          {children?.(file)}
        </Stack>
      )}
    </Stack>
  )
}
