import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { setupUser } from '../test/user'
import { TestProviders } from '../test/wrapper'
import { Paging, pageSizeStorageKey, readPageParam, usePageSize } from './paging'

function pagesOf(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => Number(button.textContent))
}

function renderPaging(props: { page: number; maxPages: number; onPageChange?: (page: number) => void; more?: boolean }) {
  const onPageChange = props.onPageChange ?? vi.fn()
  const onPageSizeChange = vi.fn()
  const view = render(
    <Paging
      page={props.page}
      maxPages={props.maxPages}
      onPageChange={onPageChange}
      pageSize={100}
      onPageSizeChange={onPageSizeChange}
      label="Pages of People"
      more={props.more}
    />,
    { wrapper: TestProviders },
  )
  return { ...view, onPageChange, onPageSizeChange }
}

/** Two lists on one page share the one page-size setting. */
function TwoLists() {
  const [first, setFirst] = usePageSize()
  const [second] = usePageSize()
  const [page, setPage] = useState(1)
  return (
    <>
      <Paging page={page} maxPages={3} onPageChange={setPage} pageSize={first} onPageSizeChange={setFirst} />
      <output aria-label="second list size">{second}</output>
    </>
  )
}

describe('Paging (spec 1 §9)', () => {
  it('D1-9-08: shows the first 3, the last 3, the current page and its neighbours, gaps as an ellipsis', () => {
    renderPaging({ page: 10, maxPages: 20 })
    const nav = screen.getByRole('navigation', { name: 'Pages of People' })
    expect(pagesOf(nav)).toEqual([1, 2, 3, 9, 10, 11, 18, 19, 20])
    expect(within(nav).getAllByText('…')).toHaveLength(2)
    expect(within(nav).getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('button', { name: 'Page 9' })).not.toHaveAttribute('aria-current')
  })

  it('shows every page of a short list, one gap at an edge, and no page buttons for one page', () => {
    const { rerender } = renderPaging({ page: 1, maxPages: 5 })
    expect(pagesOf(screen.getByRole('navigation'))).toEqual([1, 2, 3, 4, 5])
    expect(screen.queryByText('…')).not.toBeInTheDocument()
    rerender(<Paging page={1} maxPages={20} onPageChange={vi.fn()} pageSize={100} onPageSizeChange={vi.fn()} />)
    expect(pagesOf(screen.getByRole('navigation', { name: 'Pages' }))).toEqual([1, 2, 3, 18, 19, 20])
    rerender(<Paging page={1} maxPages={1} onPageChange={vi.fn()} pageSize={100} onPageSizeChange={vi.fn()} />)
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeInTheDocument()
  })

  it('D1-9-07: a page above max_pages shows the last page as the current one', async () => {
    const user = setupUser()
    const { onPageChange } = renderPaging({ page: 999, maxPages: 20 })
    const navigation = screen.getByRole('navigation', { name: 'Pages of People' })
    const nav = within(navigation)
    expect(pagesOf(navigation)).toEqual([1, 2, 3, 18, 19, 20])
    expect(nav.getByRole('button', { name: 'Page 20' })).toHaveAttribute('aria-current', 'page')
    expect(nav.getByRole('button', { name: 'Next page' })).toBeDisabled()
    await user.click(nav.getByRole('button', { name: 'Previous page' }))
    expect(onPageChange).toHaveBeenLastCalledWith(19)
  })

  it('is keyboard operable: Previous, the page buttons and Next', async () => {
    const user = setupUser()
    const { onPageChange } = renderPaging({ page: 1, maxPages: 20 })
    const nav = within(screen.getByRole('navigation'))
    expect(nav.getByRole('button', { name: 'Previous page' })).toBeDisabled()
    await user.tab() // rows per page
    await user.tab() // Previous is disabled: focus goes to Page 1
    expect(nav.getByRole('button', { name: 'Page 1' })).toHaveFocus()
    await user.tab()
    expect(nav.getByRole('button', { name: 'Page 2' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(onPageChange).toHaveBeenLastCalledWith(2)
    nav.getByRole('button', { name: 'Next page' }).focus()
    await user.keyboard(' ')
    expect(onPageChange).toHaveBeenLastCalledWith(2)
    expect(onPageChange).toHaveBeenCalledTimes(2)
    // The current page's own button does nothing.
    await user.click(nav.getByRole('button', { name: 'Page 1' }))
    expect(onPageChange).toHaveBeenCalledTimes(2)
  })

  it('a list counted up to a bound (issue 11): a gap after the last page known, and Next goes on', async () => {
    const user = setupUser()
    const { onPageChange } = renderPaging({ page: 11, maxPages: 11, more: true })
    const nav = screen.getByRole('navigation', { name: 'Pages of People' })
    expect(pagesOf(nav)).toEqual([1, 2, 3, 9, 10, 11])
    expect(within(nav).getAllByText('…')).toHaveLength(2)
    await user.click(within(nav).getByRole('button', { name: 'Next page' }))
    expect(onPageChange).toHaveBeenCalledWith(12)
  })

  it('D1-9-03: offers exactly 4, 20, 50, 100 and 200 rows per page', async () => {
    const user = setupUser()
    const { onPageSizeChange } = renderPaging({ page: 1, maxPages: 2 })
    const size = screen.getByRole('combobox', { name: 'Rows per page' })
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['4', '20', '50', '100', '200'])
    await user.selectOptions(size, '4')
    expect(onPageSizeChange).toHaveBeenCalledWith(4)
  })

  it('D1-9-04, D1-9-05: the page size is 100 by default, remembered under per_page, and shared by every list', async () => {
    const user = setupUser()
    window.localStorage.setItem(pageSizeStorageKey, '7')
    const { unmount } = render(<TwoLists />, { wrapper: TestProviders })
    // A value that is not a page size is ignored.
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('100')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50')
    expect(window.localStorage.getItem('per_page')).toBe('50')
    expect(screen.getByRole('status', { name: 'second list size' })).toHaveTextContent('50')
    unmount()
    render(<TwoLists />, { wrapper: TestProviders })
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50')
  })

  it('D1-9-06: reads the page query value, 1 unless it is a positive whole number', () => {
    expect(readPageParam(null)).toBe(1)
    expect(readPageParam('')).toBe(1)
    expect(readPageParam('abc')).toBe(1)
    expect(readPageParam('0')).toBe(1)
    expect(readPageParam('-4')).toBe(1)
    expect(readPageParam('3')).toBe(3)
    expect(readPageParam('2.7')).toBe(2)
  })
})
