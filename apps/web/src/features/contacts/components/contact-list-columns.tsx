import { useCallback, useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core'
import { IconColumns } from '@tabler/icons-react'
import type { ContactOrderBy } from '@crm/domain'

// The columns of the contact lists: which show by default at a width, and the reader's own
// choice, remembered in localStorage like the page size (`per_page`).

export const columnKeys = ['name', 'age', 'memberStatus', 'growPhase', 'lastInteraction', 'created', 'phone', 'email'] as const
export type ColumnKey = (typeof columnKeys)[number]

export interface Column {
  key: ColumnKey
  sortBy?: ContactOrderBy
}

export const columns: readonly Column[] = [
  { key: 'name', sortBy: 'name' },
  { key: 'age', sortBy: 'age' },
  { key: 'memberStatus', sortBy: 'member_status' },
  { key: 'growPhase', sortBy: 'grow_phase' },
  { key: 'lastInteraction', sortBy: 'last_interaction' },
  { key: 'created', sortBy: 'created' },
  { key: 'phone' },
  { key: 'email' },
]

/**
 * The least width (px, cell padding included) a column needs in English or Spanish; the name
 * and email columns truncate, so theirs is what stays readable.
 */
const leastWidths: Record<ColumnKey, number> = {
  name: 160,
  age: 105,
  memberStatus: 110,
  growPhase: 95,
  lastInteraction: 110,
  created: 105,
  phone: 135,
  email: 170,
}

/** The columns a narrow list gives up first, by default; the name always shows. */
const dropOrder: readonly ColumnKey[] = ['created', 'growPhase', 'age', 'lastInteraction', 'memberStatus', 'phone', 'email']

/** The columns that fit a list this wide (px); every column while the width is unknown. */
export function defaultColumns(width: number | undefined): Set<ColumnKey> {
  const shown = new Set<ColumnKey>(columnKeys)
  if (!width) return shown
  let needed = columnKeys.reduce((sum, key) => sum + leastWidths[key], 0)
  for (const key of dropOrder) {
    if (needed <= width) break
    shown.delete(key)
    needed -= leastWidths[key]
  }
  return shown
}

// ---------------------------------------------------------------------------------------
// The reader's choice: `{ email: false, created: true }`, only the columns they changed, so
// the others still follow the width.

/** The localStorage key of the columns the reader showed or hid. */
export const columnsStorageKey = 'contact_columns'

type ColumnChoice = Partial<Record<ColumnKey, boolean>>

const choiceListeners = new Set<() => void>()

function readChoiceText(): string {
  try {
    return window.localStorage.getItem(columnsStorageKey) ?? '{}'
  } catch {
    // Storage can be unavailable (private windows): the defaults still work.
    return '{}'
  }
}

function parseChoice(text: string): ColumnChoice {
  try {
    const value: unknown = JSON.parse(text)
    if (!value || typeof value !== 'object') return {}
    return Object.fromEntries(
      Object.entries(value).filter(([key, shown]) => (columnKeys as readonly string[]).includes(key) && typeof shown === 'boolean'),
    ) as ColumnChoice
  } catch {
    return {}
  }
}

function subscribeChoice(listener: () => void): () => void {
  choiceListeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === columnsStorageKey || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    choiceListeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

function storeChoice(choice: ColumnChoice): void {
  try {
    window.localStorage.setItem(columnsStorageKey, JSON.stringify(choice))
  } catch {
    // Not remembered; the lists on screen still follow the choice.
  }
  for (const listener of choiceListeners) listener()
}

/**
 * The columns a list shows, in order: the width's defaults with the reader's choice over
 * them. One choice for every contact list.
 */
export function useContactColumns(width: number | undefined) {
  const text = useSyncExternalStore(subscribeChoice, readChoiceText, () => '{}')
  const choice = useMemo(() => parseChoice(text), [text])
  const fits = useMemo(() => defaultColumns(width), [width])
  const shownKeys = columnKeys.filter((key) => key === 'name' || (choice[key] ?? fits.has(key)))
  const shownText = shownKeys.join(',')
  // A stable array while the same columns show: the memoised rows do not render again.
  const shown = useMemo(() => columns.filter((column) => shownText.split(',').includes(column.key)), [shownText])
  const setShown = useCallback((key: ColumnKey, visible: boolean) => storeChoice({ ...parseChoice(readChoiceText()), [key]: visible }), [])
  return { shown, setShown }
}

/**
 * The width (px) of an element, kept up to date; undefined until laid out (and in jsdom), and
 * while `measured` is false: a phone's list shows cards whatever its width, and reading the
 * width before the first paint would make the browser lay the page out inside the render's task.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, measured = true): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined)
  // Read before the first paint, so the list never shows with columns it then drops.
  useLayoutEffect(() => {
    const element = ref.current
    if (measured && element) setWidth(Math.round(element.getBoundingClientRect().width) || undefined)
  }, [ref, measured])
  useEffect(() => {
    const element = ref.current
    if (!measured || !element) return
    const observer = new ResizeObserver((entries) => {
      const measuredWidth = Math.round(entries[0]?.contentRect.width ?? 0)
      if (measuredWidth) setWidth(measuredWidth)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, measured])
  return measured ? width : undefined
}

// ---------------------------------------------------------------------------------------

interface ColumnsMenuProps {
  shown: readonly Column[]
  onChange: (key: ColumnKey, visible: boolean) => void
}

/** "Columns": a checkbox per column; a hidden column is one tick away (the name always shows). */
export function ColumnsMenu({ shown, onChange }: ColumnsMenuProps) {
  const { t } = useTranslation('contacts')
  const [opened, setOpened] = useState(false)
  const hiddenCount = columns.length - shown.length
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden="true" />} onClick={() => setOpened((open) => !open)}>
          {hiddenCount > 0 ? t('list.columnsMenu.toggleHidden', { count: hiddenCount }) : t('list.columnsMenu.toggle')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('list.columnsMenu.label')}>
          <Text size="sm" fw={500} aria-hidden="true">
            {t('list.columnsMenu.label')}
          </Text>
          {columns
            .filter((column) => column.key !== 'name')
            .map((column) => (
              <Checkbox
                key={column.key}
                label={t(`list.columns.${column.key}`)}
                checked={shown.some((item) => item.key === column.key)}
                onChange={(event) => onChange(column.key, event.currentTarget.checked)}
              />
            ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
