/**
 * The one server-paged list: `usePagedList` keeps the filter a page searched for, the page and its size, and
 * asks the server for that page; `ServerTable` shows it with pagination, loading, and the server's refusal
 * above the table. Every list of the console is these two, its columns and its filters (`FilterForm`); ESLint
 * refuses a table paged by hand (eslint.config.js, `one-way/page-through-server-table`).
 */
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Alert, Button, Table, type TableProps } from 'antd';
import type { SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { ApiError } from '@/api/client';

/** One page of a list as every list endpoint answers it. */
export interface PageOf<T> {
  list: T[];
  total: number;
  page?: number;
  limit?: number;
}

export const PAGE_SIZES = [10, 20, 50, 100];

export interface PagedListOptions<F, T, P extends PageOf<T> = PageOf<T>> {
  /** The cache key's stem: the area and list (a save elsewhere in the area invalidates it). */
  queryKey: QueryKey;
  /** Asks the server for one page under a filter. */
  fetchPage: (filter: F, page: number, limit: number) => Promise<P>;
  initialFilter: F;
  limit?: number;
  /** False while the list cannot be asked yet (a required filter missing). */
  enabled?: boolean;
  /** Asks again every so many milliseconds: a list that changes without the user (terminals knocking). */
  refetchInterval?: number;
}

/**
 * For a reply that carries its page of rows under `lines` beside the rest (a wage sheet, an order): the page
 * at the top, as `usePagedList` reads it, and the whole reply under `reply`.
 */
export function linesPage<R extends { lines: PageOf<unknown> }>(reply: R): R['lines'] & { reply: R } {
  return { ...reply.lines, reply };
}

/** `P` is the whole reply, for lists that answer more than their rows (a flow list's balance and sums). */
export function usePagedList<F, T, P extends PageOf<T> = PageOf<T>>({
  queryKey,
  fetchPage,
  initialFilter,
  limit = 10,
  enabled = true,
  refetchInterval,
}: PagedListOptions<F, T, P>) {
  const [filter, setFilter] = useState<F>(initialFilter);
  const [paging, setPaging] = useState({ page: 1, limit });
  // Counts 查询 presses: pressing it with the same filter asks the server again, as a user expects.
  const [round, setRound] = useState(0);
  const query = useQuery({
    queryKey: [...queryKey, filter, paging, round],
    queryFn: () => fetchPage(filter, paging.page, paging.limit),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval,
  });

  /** 查询: the first page under `next`, asked again even when nothing changed. */
  const search = (next: F) => {
    setFilter(next);
    setPaging((current) => ({ ...current, page: 1 }));
    setRound((current) => current + 1);
  };

  return {
    filter,
    paging,
    query,
    search,
    /** 重置: the first page without filters. */
    reset: () => search(initialFilter),
    /** Moves to a page; a new page size starts again at page 1. */
    turn: (page: number, pageSize: number) =>
      setPaging((current) => ({ limit: pageSize, page: pageSize === current.limit ? page : 1 })),
  };
}

export type PagedList<F, T, P extends PageOf<T> = PageOf<T>> = ReturnType<typeof usePagedList<F, T, P>>;

type ServerTableProps<F, T, P extends PageOf<T>> = Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'onChange'> & {
  list: PagedList<F, T, P>;
  /** The pagination's total, e.g. `共 ${total} 人`; `共 N 条` when not given. */
  totalText?: (total: number) => ReactNode;
  /** A click on a sortable column's header (sorted on the server: the list's filter carries the sort). */
  onSort?: (sorter: SorterResult<T> | SorterResult<T>[]) => void;
  /** The pager's looks, for a narrow place (a drawer's tab, a banner): no size changer, hidden on one page. */
  pager?: Pick<TablePaginationConfig, 'showSizeChanger' | 'hideOnSinglePage'>;
  'data-testid'?: string;
};

export default function ServerTable<F, T extends object, P extends PageOf<T> = PageOf<T>>({
  list,
  totalText,
  onSort,
  pager,
  ...table
}: ServerTableProps<F, T, P>) {
  const { query, paging } = list;
  return (
    <>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={query.error instanceof ApiError ? query.error.message : '加载失败'}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<T>
        size="middle"
        {...table}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: totalText ?? ((total) => `共 ${total} 条`),
          ...pager,
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort' && onSort) onSort(sorter);
          else list.turn(pagination.current ?? 1, pagination.pageSize ?? paging.limit);
        }}
      />
    </>
  );
}
