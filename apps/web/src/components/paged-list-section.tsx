import { Fragment, useId, useRef, type ReactNode, type RefObject } from 'react'
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { Paging, useReducePageToMax, type ListPaging } from './paging'

/** A page of a list as the API answers it (spec 1 §9: count and max_pages, the count maybe a lower bound). */
export interface ListPage<Item> {
  items: Item[]
  count: number
  max_pages: number
  count_is_lower_bound?: true | undefined
}

/** What the list needs of its query (TanStack Query's result). */
export interface ListQuery<Item> {
  data: ListPage<Item> | undefined
  isError: boolean
  isFetching: boolean
  isPlaceholderData: boolean
  refetch: () => unknown
}

/** The body's texts, in the namespace of the page that shows it. */
export interface ListBodyTexts {
  /** An empty page: a text, or what stands in its place. */
  nothingFound: ReactNode
  loadFailed: string
  /** The failure's Try again button; none without it. */
  retry?: string
  /** Names the loader. */
  loading: string
  /** The pager's name: "Pages of Processed". */
  pagesOf?: string
}

/** The section's texts: the body's, and its heading's. */
export interface ListSectionTexts extends ListBodyTexts {
  nothingFound: string
  updating: string
  /** "12 imports": the list's count. */
  count: (count: number) => string
}

/**
 * The rows: one `role="listitem"` element per item, in a list the body draws and names; or
 * the whole page of rows drawn by the page (a table, a `ul`), told when it is being replaced.
 */
type ListRows<Item> =
  | { renderItem: (item: Item) => ReactNode; itemKey: (item: Item) => string | number; renderRows?: never }
  | { renderRows: (items: Item[], busy: boolean) => ReactNode; renderItem?: never; itemKey?: never }

/**
 * When the pager shows: with rows (the default), with any answer, even an empty one (its
 * rows per page stay in place), always, or only when there is more than one page.
 */
export type PagerShown = 'rows' | 'answer' | 'always' | 'pages'

type PagedListBodyProps<Item> = ListRows<Item> & {
  list: ListQuery<Item>
  /** Without it, no pager: the list's first page only (the notifications panel). */
  paging?: ListPaging
  texts: ListBodyTexts
  /** The name of the list the body draws for `renderItem`. */
  label?: { labelledBy: string } | { label: string }
  pager?: PagerShown
  /** A failure says so quietly (dimmed text), or in a red box. */
  failure?: 'quiet' | 'box'
  /** While the first answer loads; a loader by default. */
  loading?: ReactNode
  /** Paging scrolls to and focuses this (the list's heading). */
  pagingTarget?: RefObject<HTMLElement | null>
}

// A list without paging shows page 1, which no answer moves.
const stayOnFirstPage = () => undefined

/**
 * A paged list without its heading: the rows, the pager, and what it says while loading,
 * when empty and when it failed. Only an answer to the page on screen moves a page past the
 * end back to the last page (D1-9-07).
 */
export function PagedListBody<Item>(props: PagedListBodyProps<Item>) {
  const { list, paging, texts, label, pager = 'rows', failure = 'quiet', loading, pagingTarget } = props
  useReducePageToMax(paging?.page ?? 1, list.isPlaceholderData ? undefined : list.data?.max_pages, paging?.setPage ?? stayOnFirstPage)
  const busy = list.isPlaceholderData && list.isFetching
  const data = list.data

  const goToPage = (page: number) => {
    paging?.setPage(page)
    const target = pagingTarget?.current
    if (!target) return
    target.scrollIntoView({ block: 'start' })
    target.focus({ preventScroll: true })
  }

  const rows = (items: Item[]) => {
    if (props.renderRows) return props.renderRows(items, busy)
    const { renderItem, itemKey } = props
    return (
      <Stack
        gap="xs"
        role="list"
        aria-labelledby={label && 'labelledBy' in label ? label.labelledBy : undefined}
        aria-label={label && 'label' in label ? label.label : undefined}
        aria-busy={busy}
      >
        {items.map((item) => (
          <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
        ))}
      </Stack>
    )
  }

  let body
  if (data) {
    body =
      data.items.length > 0 ? (
        rows(data.items)
      ) : typeof texts.nothingFound === 'string' ? (
        <Text c="dimmed" py="xs">
          {texts.nothingFound}
        </Text>
      ) : (
        texts.nothingFound
      )
  } else if (list.isError) {
    body =
      failure === 'box' ? (
        <Alert color="red" role="alert">
          {texts.loadFailed}
        </Alert>
      ) : (
        <Group gap="sm" py="xs">
          <Text c="dimmed" role="alert">
            {texts.loadFailed}
          </Text>
          {texts.retry !== undefined && (
            <Button variant="light" size="compact-sm" onClick={() => void list.refetch()}>
              {texts.retry}
            </Button>
          )}
        </Group>
      )
  } else {
    body = loading ?? (
      <Center py="xs">
        <Loader size="sm" role="status" aria-label={texts.loading} />
      </Center>
    )
  }

  const pagerShown = {
    rows: data !== undefined && data.items.length > 0,
    answer: data !== undefined,
    always: true,
    pages: data !== undefined && (data.max_pages > 1 || data.count_is_lower_bound === true),
  }[pager]

  if (!paging || !pagerShown) return body
  return (
    <Stack gap="sm">
      {body}
      <Paging
        page={paging.page}
        maxPages={data?.max_pages ?? 1}
        more={data?.count_is_lower_bound === true}
        onPageChange={goToPage}
        pageSize={paging.pageSize}
        onPageSizeChange={paging.setPageSize}
        label={texts.pagesOf}
      />
    </Stack>
  )
}

type PagedListSectionProps<Item> = ListRows<Item> & {
  title: string
  list: ListQuery<Item>
  paging: ListPaging
  texts: ListSectionTexts
  pager?: PagerShown
  /** Between the heading and the rows (the import's Process). */
  children?: ReactNode
}

/**
 * One paged list of a page with several (the events' Current, Upcoming and Past; the
 * imports' Not processed and Processed): its heading and count, and the body that carries
 * the rows, the pager and the loading, empty and failed states. Paging moves to the heading.
 */
export function PagedListSection<Item>({ title, list, paging, texts, pager, children, ...rows }: PagedListSectionProps<Item>) {
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const updating = list.isPlaceholderData && list.isFetching

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group gap="sm" align="baseline">
        {/* Focusable by script only: paging moves focus here. Clear of the 60 px header. */}
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
      {children}
      <PagedListBody {...rows} list={list} paging={paging} texts={texts} pager={pager} label={{ labelledBy: headingId }} pagingTarget={headingRef} />
    </Stack>
  )
}
