import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionIcon, Group, NativeSelect } from '@mantine/core'
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react'
import type { ContactListItem, ContactOrderBy, ContactSort } from '@crm/domain'
import { firstSortOrder } from '@crm/domain'
import { useRevealedRows, useRouteLinkClicks } from '../../../components/long-lists'
import { columns as allColumns, type Column } from './contact-list-columns'
import { cellValue, nameLine, RestrictedText, type ContactsT } from './contact-list-table'
import classes from './contact-list.module.css'

interface ContactListCardsProps {
  items: ContactListItem[]
  /** The columns shown, in order: a card stacks them under the name. */
  columns: readonly Column[]
  /** The rows on screen are the previous answer while the next one loads. */
  busy: boolean
  /** Names the list, e.g. the section's heading. */
  caption: string
}

/** A contact list on a phone: one card per contact, every shown column stacked (spec 2 §2). */
export function ContactListCards({ items, columns, busy, caption }: ContactListCardsProps) {
  const { t } = useTranslation('contacts')
  const revealed = useRevealedRows(items.length)
  const onLinkClick = useRouteLinkClicks()
  return (
    // One delegated click handler for the rows' links (useRouteLinkClicks): the keyboard
    // reaches each link itself, and Enter on a link clicks it, so the list needs no key handler.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <ul className={[classes.cards, busy ? classes.busy : ''].join(' ')} aria-label={caption} aria-busy={busy || undefined} onClick={onLinkClick}>
      {items.slice(0, revealed).map((item) => (
        <ContactCard key={item.id} item={item} columns={columns} t={t} />
      ))}
    </ul>
  )
}

const ContactCard = memo(function ContactCard({ item, columns, t }: { item: ContactListItem; columns: readonly Column[]; t: ContactsT }) {
  const fields = item.is_restricted
    ? []
    : columns.flatMap((column) => {
        if (column.key === 'name') return []
        const value = cellValue(column.key, item, t)
        return value === null || value === '' ? [] : [{ key: column.key, value }]
      })
  return (
    <li className={classes.card}>
      {nameLine(item, t)}
      {item.is_restricted && <RestrictedText t={t} />}
      {fields.length > 0 && (
        <dl className={classes.fields}>
          {fields.map(({ key, value }) => (
            <div key={key}>
              <dt>{t(`list.columns.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  )
})

interface CardSortProps {
  sort: ContactSort
  onSort: (sort: ContactSort) => void
}

/** Sorting without column headers: the column, and the direction as a toggle. */
export function CardSort({ sort, onSort }: CardSortProps) {
  const { t } = useTranslation('contacts')
  const options = allColumns.flatMap((column) => (column.sortBy ? [{ value: column.sortBy, label: t(`list.columns.${column.key}`) }] : []))
  const ascending = sort.order === 'asc'
  const Icon = ascending ? IconSortAscending : IconSortDescending
  return (
    <Group gap={4} align="end" wrap="nowrap">
      <NativeSelect
        label={t('list.sortBy')}
        data={options}
        value={sort.order_by}
        onChange={(event) => {
          const orderBy = event.currentTarget.value as ContactOrderBy
          onSort({ order_by: orderBy, order: firstSortOrder(orderBy) })
        }}
      />
      <ActionIcon
        variant="default"
        size="input-sm"
        aria-label={ascending ? t('list.sortAscending') : t('list.sortDescending')}
        onClick={() => onSort({ order_by: sort.order_by, order: ascending ? 'desc' : 'asc' })}
      >
        <Icon size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  )
}
