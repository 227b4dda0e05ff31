import { useCallback, useEffect, useRef, useState } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'

const prefix = 'crm.draft:'

export function draftStorageKey(formKey: string): string {
  return prefix + formKey
}

export function readDraft<T>(formKey: string): Partial<T> | null {
  try {
    const text = window.localStorage.getItem(draftStorageKey(formKey))
    const value: unknown = text ? JSON.parse(text) : null
    return value && typeof value === 'object' ? (value as Partial<T>) : null
  } catch {
    return null
  }
}

export function clearDraft(formKey: string): void {
  try {
    window.localStorage.removeItem(draftStorageKey(formKey))
  } catch {
    // Storage unavailable: nothing was saved.
  }
}

/** Removes every saved draft; called at logout so the next person sees none. */
export function clearAllDrafts(): void {
  try {
    const keys: string[] = []
    for (let index = 0; index < window.localStorage.length; index++) {
      const key = window.localStorage.key(index)
      if (key?.startsWith(prefix)) keys.push(key)
    }
    for (const key of keys) window.localStorage.removeItem(key)
  } catch {
    // Storage unavailable: nothing was saved.
  }
}

export interface DraftOptions<T extends FieldValues> {
  /** Fields never written to storage (passwords). */
  exclude?: ReadonlyArray<keyof T & string>
  /** Wait this long after the last change before saving. */
  delayMs?: number
}

export interface Draft {
  /** Clears the saved draft; call it on success. */
  clear: () => void
  /** The form opened with a saved draft, which has been neither discarded nor cleared. */
  restored: boolean
  /** Clears the draft and puts the form back as it would open without one. */
  discard: () => void
}

/** Whether a saved draft holds anything that is restored (excluded fields are not). */
function restorable(formKey: string, excluded: ReadonlyArray<string> = []): boolean {
  const saved = readDraft<Record<string, unknown>>(formKey)
  return saved !== null && Object.keys(saved).some((field) => !excluded.includes(field))
}

/**
 * Saves a form's values locally under a per-form key as they change, restores them when
 * the form mounts (`restored` says so, for the person to be told), and clears them with
 * `clear()` (call it on success) or `discard()`.
 */
export function useDraft<T extends FieldValues>(formKey: string, form: UseFormReturn<T>, options: DraftOptions<T> = {}): Draft {
  const { exclude, delayMs = 300 } = options
  const excluded = useRef(new Set<string>(exclude ?? []))
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pending = useRef<Record<string, unknown> | null>(null)
  // Read when the form opens (or its key changes), before the effect below restores the values.
  const [restoredKey, setRestoredKey] = useState(() => (restorable(formKey, exclude) ? formKey : null))
  const [openedKey, setOpenedKey] = useState(formKey)
  if (openedKey !== formKey) {
    setOpenedKey(formKey)
    setRestoredKey(restorable(formKey, exclude) ? formKey : null)
  }

  useEffect(() => {
    const saved = readDraft<T>(formKey)
    if (!saved) return
    for (const field of excluded.current) delete (saved as Record<string, unknown>)[field]
    form.reset({ ...form.getValues(), ...saved }, { keepDefaultValues: true })
  }, [formKey, form])

  useEffect(() => {
    const save = () => {
      const values = pending.current
      pending.current = null
      if (!values) return
      for (const field of excluded.current) delete values[field]
      try {
        window.localStorage.setItem(draftStorageKey(formKey), JSON.stringify(values))
      } catch {
        // Storage full or refused: the form still works without a draft.
      }
    }
    const subscription = form.watch((values, { name }) => {
      // A reset (restoring, or emptying the form after success) names no field: not a draft.
      if (!name) return
      pending.current = { ...values }
      clearTimeout(timer.current)
      timer.current = setTimeout(save, delayMs)
    })
    return () => {
      clearTimeout(timer.current)
      save()
      subscription.unsubscribe()
    }
  }, [formKey, form, delayMs])

  const clear = useCallback(() => {
    clearTimeout(timer.current)
    pending.current = null
    clearDraft(formKey)
    setRestoredKey(null)
  }, [formKey])

  const discard = useCallback(() => {
    clear()
    form.reset()
  }, [clear, form])

  return { clear, restored: restoredKey === formKey, discard }
}
