import { memo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Table, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconLock } from '@tabler/icons-react'
import type { ContactListItem } from '@crm/domain'
import { firstSortOrder, type ContactSort } from '@crm/domain'
import { routeLinkAttribute, useRevealedRows, useRouteLinkClicks } from '../../../components/long-lists'
import type { Column, ColumnKey } from './contact-list-columns'
import classes from './contact-list.module.css'

export type ContactsT = ReturnType<typeof useTranslation<'contacts'>>['t']

interface ContactListTableProps {
  items: ContactListItem[]
  /** The columns shown, in order (contact-list-columns.tsx). */
  columns: readonly Column[]
  sort: ContactSort
  onSort: (sort: ContactSort) => void
  /** The rows on screen are the previous answer while the next one loads. */
  busy: boolean
  /** Names the table, e.g. the section's heading. */
  caption: string
}

/** Short values read on one line: a wrapped '46 years old' or phone number is hard to scan. */
const oneLineColumns = new Set<ColumnKey>(['age', 'lastInteraction', 'created', 'phone'])
/** Long values that truncate, with the full value on hover (title) and focus; emails run longer than names. */
const squeezed: Partial<Record<ColumnKey, string>> = { name: classes.squeezeName, email: classes.squeezeEmail }

/** The sort a header click asks for: the other direction of the sorted column, else its first. */
export function nextSort(sort: ContactSort, sortBy: NonNullable<Column['sortBy']>): ContactSort {
  return sort.order_by === sortBy ? { order_by: sortBy, order: sort.order === 'asc' ? 'desc' : 'asc' } : { order_by: sortBy, order: firstSortOrder(sortBy) }
}

/** The rows of a contact list, with sortable column headers (spec 2 §2, D2-2.1-06). */
export function ContactListTable({ items, columns, sort, onSort, busy, caption }: ContactListTableProps) {
  const { t } = useTranslation('contacts')
  const revealed = useRevealedRows(items.length)
  const onLinkClick = useRouteLinkClicks()

  const header = (column: Column) => {
    const label = t(`list.columns.${column.key}`)
    const className = [Table.classes.th, squeezed[column.key] ?? ''].join(' ')
    if (!column.sortBy) {
      return (
        <th key={column.key} className={className}>
          {label}
        </th>
      )
    }
    const active = sort.order_by === column.sortBy
    const Icon = !active ? IconArrowsSort : sort.order === 'asc' ? IconArrowUp : IconArrowDown
    const sortBy = column.sortBy
    const lastSpace = label.lastIndexOf(' ')
    return (
      <th key={column.key} className={className} aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
        <UnstyledButton className={classes.sortButton} onClick={() => onSort(nextSort(sort, sortBy))}>
          {/* A long header wraps between words; the icon stays with the last one. */}
          {label.slice(0, lastSpace + 1)}
          <span className={classes.nowrap}>
            {label.slice(lastSpace + 1)}
            <Icon size={14} aria-hidden="true" className={classes.sortIcon} style={{ opacity: active ? 1 : 0.4 }} />
          </span>
        </UnstyledButton>
      </th>
    )
  }

  return (
    <div className={classes.scroll}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={caption} aria-busy={busy || undefined} className={busy ? classes.busy : undefined}>
        <Table.Thead>
          <Table.Tr>{columns.map(header)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody onClick={onLinkClick}>
          {items.slice(0, revealed).map((item) => (
            <ContactRow key={item.id} item={item} columns={columns} t={t} />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}

// Rows are plain elements with Mantine's table classes and memoised: a page of 100 renders
// once per answer, not again on every render of the section (search typing, busy, paging).
const rowAttributes = { className: Table.classes.tr, 'data-striped': 'odd', 'data-hover': true, 'data-with-row-border': true }

const ContactRow = memo(function ContactRow({ item, columns, t }: { item: ContactListItem; columns: readonly Column[]; t: ContactsT }) {
  // The child data gate withheld the child's name and details (spec 2 §5, issue 33).
  if (item.is_restricted) {
    return (
      <tr {...rowAttributes}>
        <td className={`${Table.classes.td} ${classes.squeezeName}`}>{nameLine(item, t)}</td>
        <td className={Table.classes.td} colSpan={Math.max(1, columns.length - 1)}>
          <RestrictedText t={t} />
        </td>
      </tr>
    )
  }
  return (
    <tr {...rowAttributes}>
      {columns.map((column) => (
        <td key={column.key} className={[Table.classes.td, oneLineColumns.has(column.key) ? classes.nowrap : '', squeezed[column.key] ?? ''].join(' ')}>
          {cellValue(column.key, item, t)}
        </td>
      ))}
    </tr>
  )
})

export function RestrictedText({ t }: { t: ContactsT }) {
  return (
    <span className={classes.restricted}>
      <IconLock size={14} aria-hidden="true" />
      {t('list.restricted')}
    </span>
  )
}

/**
 * The name (a link to the contact page, truncated) with the child and awaiting badges. The
 * list's container routes the link's clicks (useRouteLinkClicks).
 */
export function nameLine(item: ContactListItem, t: ContactsT): ReactNode {
  // A child under the child data gate comes without a name (issue 33).
  const name = item.is_restricted && !item.name ? t('list.restrictedName') : item.name
  return (
    <span className={classes.nameLine}>
      <a href={`/contacts/view/${item.id}`} {...{ [routeLinkAttribute]: '' }} className={`${classes.link} ${classes.name} ${classes.truncate}`} title={name}>
        {name}
      </a>
      {item.is_child && <span className={`${classes.badge} ${classes.child}`}>{t('list.child')}</span>}
      {item.is_awaiting_approval && <span className={`${classes.badge} ${classes.awaiting}`}>{t('list.awaitingApproval')}</span>}
    </span>
  )
}

/** What a column shows of a contact, in the table and on a phone's card; null when empty. */
export function cellValue(key: ColumnKey, item: ContactListItem, t: ContactsT): ReactNode {
  switch (key) {
    case 'name':
      return nameLine(item, t)
    case 'age':
      return item.age !== null ? t('age', { count: item.age }) : null
    case 'memberStatus':
      return item.member_status_display
    case 'growPhase':
      return item.grow_phase ? t(`growPhase.${item.grow_phase}`) : null
    case 'lastInteraction':
      return lastInteractionText(item.last_interaction_days_ago, t)
    case 'created':
      return item.created_display
    case 'phone':
      return item.phone ? (
        <a href={`tel:${item.phone.replace(/\s+/g, '')}`} className={classes.link}>
          {item.phone}
        </a>
      ) : null
    case 'email':
      return item.email ? (
        <a href={`mailto:${item.email}`} className={`${classes.link} ${classes.truncate}`} title={item.email}>
          {item.email}
        </a>
      ) : null
  }
}

function lastInteractionText(daysAgo: number | null, t: ContactsT): string {
  if (daysAgo === null) return t('list.noInteraction')
  if (daysAgo <= 0) return t('list.today')
  return t('list.daysAgo', { count: daysAgo })
}
