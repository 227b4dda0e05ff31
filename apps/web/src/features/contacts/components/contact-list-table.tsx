import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconLock } from '@tabler/icons-react'
import type { ContactListItem } from '@crm/domain'
import { firstSortOrder, type ContactOrderBy, type ContactSort } from '@crm/domain'

interface ContactListTableProps {
  items: ContactListItem[]
  sort: ContactSort
  onSort: (sort: ContactSort) => void
  /** The rows on screen are the previous answer while the next one loads. */
  busy: boolean
  /** Names the table, e.g. the section's heading. */
  caption: string
}

type Column = { key: string; sortBy?: ContactOrderBy }

/** Short values read on one line: a wrapped '46 years old' or phone number is hard to scan. */
const oneLine = { whiteSpace: 'nowrap' } as const

const columns: Column[] = [
  { key: 'name', sortBy: 'name' },
  { key: 'age', sortBy: 'age' },
  { key: 'memberStatus', sortBy: 'member_status' },
  { key: 'growPhase', sortBy: 'grow_phase' },
  { key: 'lastInteraction', sortBy: 'last_interaction' },
  { key: 'created', sortBy: 'created' },
  { key: 'phone' },
  { key: 'email' },
]

/** The rows of a contact list, with sortable column headers (spec 2 §2, D2-2.1-06). */
export function ContactListTable({ items, sort, onSort, busy, caption }: ContactListTableProps) {
  const { t } = useTranslation('contacts')

  const header = (column: Column) => {
    const label = t(`list.columns.${column.key}` as 'list.columns.name')
    if (!column.sortBy) return <Table.Th key={column.key} style={oneLine}>{label}</Table.Th>
    const sortBy = column.sortBy
    const active = sort.order_by === sortBy
    const Icon = !active ? IconArrowsSort : sort.order === 'asc' ? IconArrowUp : IconArrowDown
    const next: ContactSort = active
      ? { order_by: sortBy, order: sort.order === 'asc' ? 'desc' : 'asc' }
      : { order_by: sortBy, order: firstSortOrder(sortBy) }
    return (
      <Table.Th key={column.key} style={oneLine} aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
        <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm">
          <Group gap={4} wrap="nowrap">
            {label}
            <Icon size={14} aria-hidden="true" style={{ opacity: active ? 1 : 0.4 }} />
          </Group>
        </UnstyledButton>
      </Table.Th>
    )
  }

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-label={caption}
        aria-busy={busy || undefined}
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>{columns.map(header)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <ContactRow key={item.id} item={item} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function ContactRow({ item }: { item: ContactListItem }) {
  const { t } = useTranslation('contacts')
  const name = (
    <Group gap={6} wrap="nowrap">
      <Anchor component={Link} to={`/contacts/view/${item.id}`} fw={500}>
        {item.name}
      </Anchor>
      {item.is_child && (
        <Badge size="xs" variant="light" color="grape">
          {t('list.child')}
        </Badge>
      )}
      {item.is_awaiting_approval && (
        <Badge size="xs" variant="light" color="yellow">
          {t('list.awaitingApproval')}
        </Badge>
      )}
    </Group>
  )

  // The child data gate withheld the details: only the name is sent (spec 2 §5).
  if (item.is_restricted) {
    return (
      <Table.Tr>
        <Table.Td>{name}</Table.Td>
        <Table.Td colSpan={columns.length - 1}>
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconLock size={14} aria-hidden="true" />
            <Text size="sm">{t('list.restricted')}</Text>
          </Group>
        </Table.Td>
      </Table.Tr>
    )
  }

  return (
    <Table.Tr>
      <Table.Td style={oneLine}>{name}</Table.Td>
      <Table.Td style={oneLine}>{item.age !== null ? t('age', { count: item.age }) : null}</Table.Td>
      <Table.Td>{item.member_status_display}</Table.Td>
      <Table.Td>{item.grow_phase ? t(`growPhase.${item.grow_phase}`) : null}</Table.Td>
      <Table.Td style={oneLine}>{lastInteractionText(item.last_interaction_days_ago, t)}</Table.Td>
      <Table.Td style={oneLine}>{item.created_display}</Table.Td>
      <Table.Td style={oneLine}>
        {item.phone && (
          <Anchor href={`tel:${item.phone.replace(/\s+/g, '')}`} size="sm">
            {item.phone}
          </Anchor>
        )}
      </Table.Td>
      <Table.Td>
        {item.email && (
          <Anchor href={`mailto:${item.email}`} size="sm">
            {item.email}
          </Anchor>
        )}
      </Table.Td>
    </Table.Tr>
  )
}

function lastInteractionText(daysAgo: number | null, t: ReturnType<typeof useTranslation<'contacts'>>['t']): string {
  if (daysAgo === null) return t('list.noInteraction')
  if (daysAgo <= 0) return t('list.today')
  return t('list.daysAgo', { count: daysAgo })
}
