import { useState } from 'react';
import { Alert, Typography, type TableProps } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@harbour/contracts';

/**
 * The state of a collection list page (the OCA list, the process list): the filters being typed
 * (`draft`) and those searched, page, page size and sort sent to the server; the page's query,
 * its xlsx export, and what the table needs (rows, loading, pagination, sort changes).
 */
export function useCollectionList<F extends object, Row extends object>(opts: {
  name: string;
  fetch: (query: F & { page: number; pageSize: number; sort?: string }, signal: AbortSignal) => Promise<Page<Row>>;
  exportFile: (query: F & { page: number; pageSize: number; sort?: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation('collection');
  const [draft, setDraft] = useState<F>({} as F);
  const [filters, setFilters] = useState<F>({} as F);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [sort, setSort] = useState<string | undefined>(undefined);
  const query = { ...filters, page, pageSize, ...(sort ? { sort } : {}) };
  const list = useQuery({ queryKey: ['collection', opts.name, query], queryFn: ({ signal }) => opts.fetch(query, signal), placeholderData: keepPreviousData });
  const exporting = useMutation({ mutationFn: () => opts.exportFile(query) });
  const data = list.data;

  const search = () => {
    setFilters(draft);
    setPage(1);
  };
  const reset = () => {
    setDraft({} as F);
    setFilters({} as F);
    setPage(1);
    setSort(undefined);
  };
  const sortOrder = (key: string): SortOrder => (sort?.startsWith(`${key}:`) ? (sort.endsWith(':desc') ? 'descend' : 'ascend') : null);
  const table: Pick<TableProps<Row>, 'loading' | 'dataSource' | 'pagination' | 'onChange'> = {
    loading: list.isFetching,
    dataSource: data?.items ?? [],
    pagination: {
      current: data?.page ?? page,
      pageSize,
      total: data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      onChange: (p, size) => {
        setPage(size !== pageSize ? 1 : p);
        setPageSize(size);
      },
    },
    onChange: (_p, _f, sorter) => {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
      const k = s?.columnKey as string | undefined;
      setSort(k && s?.order ? `${k}:${s.order === 'descend' ? 'desc' : 'asc'}` : undefined);
    },
  };
  /** The list's error, if it failed, and its count. */
  const header = (
    <>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      {data && (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          {t('count', { count: data.total })}
        </Typography.Text>
      )}
    </>
  );
  return { draft, setDraft, search, reset, sortOrder, table, header, exporting, empty: !data || data.total === 0 };
}
