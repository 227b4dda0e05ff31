import { Fragment, useId, useRef, type ReactNode } from 'react'
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { Paging, useReducePageToMax, type SectionPaging } from './paging'

/** A page of a list as the API answers it (spec 1 §9: count and max_pages, the count maybe a lower bound). */
export interface ListPage<Item> {
  items: Item[]
  count: number
  max_pages: number
  count_is_lower_bound?: true | undefined
}

/** What the section needs of the list's query (TanStack Query's result). */
export interface ListQuery<Item> {
  data: ListPage<Item> | undefined
  isError: boolean
  isFetching: boolean
  isPlaceholderData: boolean
  refetch: () => unknown
}

/** The section's texts, in the namespace of the page that shows it. */
export interface ListSectionTexts {
  nothingFound: string
  loadFailed: string
  retry: string
  loading: string
  updating: string
  /** "12 imports": the list's count. */
  count: (count: number) => string
  /** The pager's name: "Pages of Processed". */
  pagesOf: string
}

interface PagedListSectionProps<Item> {
  title: string
  list: ListQuery<Item>
  paging: SectionPaging
  texts: ListSectionTexts
  itemKey: (item: Item) => string | number
  /** A row: a `role="listitem"` element. */
  renderItem: (item: Item) => ReactNode
}

/**
 * One paged list of a page with several (the events' Current, Upcoming and Past; the
 * imports' Not processed and Processed): its heading and count, the rows, the pager, and
 * what it says while loading, when empty and when it failed. Paging moves to the heading.
 */
export function PagedListSection<Item>({ title, list, paging, texts, itemKey, renderItem }: PagedListSectionProps<Item>) {
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useReducePageToMax(paging.page, list.isPlaceholderData ? undefined : list.data?.max_pages, paging.setPage)
  const updating = list.isPlaceholderData && list.isFetching

  const goToPage = (page: number) => {
    paging.setPage(page)
    headingRef.current?.scrollIntoView({ block: 'start' })
    headingRef.current?.focus({ preventScroll: true })
  }

  let body
  if (list.data) {
    body =
      list.data.items.length === 0 ? (
        <Text c="dimmed" py="xs">
          {texts.nothingFound}
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack gap="xs" role="list" aria-labelledby={headingId} aria-busy={updating}>
            {list.data.items.map((item) => (
              <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
            ))}
          </Stack>
          <Paging
            page={paging.page}
            maxPages={list.data.max_pages}
            more={list.data.count_is_lower_bound === true}
            onPageChange={goToPage}
            pageSize={paging.pageSize}
            onPageSizeChange={paging.setPageSize}
            label={texts.pagesOf}
          />
        </Stack>
      )
  } else if (list.isError) {
    body = (
      <Group gap="sm" py="xs">
        <Text c="dimmed" role="alert">
          {texts.loadFailed}
        </Text>
        <Button variant="light" size="compact-sm" onClick={() => void list.refetch()}>
          {texts.retry}
        </Button>
      </Group>
    )
  } else {
    body = (
      <Center py="xs">
        <Loader size="sm" role="status" aria-label={texts.loading} />
      </Center>
    )
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group gap="sm" align="baseline">
        <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={-1} style={{ scrollMarginTop: 76 }}>
          {title}
        </Title>
        {list.data && (
          <Text c="dimmed" size="sm">
            {texts.count(list.data.count)}
          </Text>
        )}
        {updating && <Loader size="xs" role="status" aria-label={texts.updating} />}
      </Group>
      {body}
    </Stack>
  )
}
