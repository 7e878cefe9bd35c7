import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Flex, Grid, Popconfirm, Space, Table, Typography, theme } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RowAction } from './RowAction';
import { PAGE_SIZES, type ResourceDecl, type ResourceField } from '@harbour/contracts';
import { Permission, declaredKey } from '../components/Permission.js';
import { FilterBar } from './FilterBar';
import { ResourceFormDrawer, type ResourceFormDrawerProps } from './ResourceFormDrawer';
import { renderCell } from './cells';
import { nsKey } from './i18n-key';
import { columnSortOrder, parseListState, sortFromColumn, writeListState, type ListState } from './list-query';
import { useDeleteResource, useResourceList, type Row } from './use-resource';
import { useFeedback } from './use-feedback';
import { useFocusableScroll } from './use-focusable-scroll';

/**
 * The list page of a declared resource: title, filter bar, sortable paged table, and the create /
 * edit / delete actions the user's permissions allow. Its state lives in the URL query (see
 * list-query.ts). Hand-written screens reuse it and add what is unique through the props.
 */
export interface ResourceListPageProps {
  decl: ResourceDecl;
  /** The heading's message key, when the screen is also a menu page of another name (default: the declaration's title). */
  title?: string;
  /** Extra buttons per row, after edit and delete. */
  rowActions?: (row: Row) => ReactNode;
  /** Extra buttons in the toolbar, before Create. */
  toolbar?: ReactNode;
  /** Replaces the cell of a field (e.g. a state tag with an action). */
  cells?: Partial<Record<string, (row: Row) => ReactNode>>;
  /** Columns after the declared ones (values the declaration does not list). */
  extraColumns?: TableColumnsType<Row>;
  /** Replaces the declared create/edit drawer (a screen with a richer form). */
  renderForm?: (props: { target: 'new' | Row | undefined; onClose: () => void }) => ReactNode;
  /** Extra props of the declared drawer (hand-written form items). */
  formProps?: Pick<ResourceFormDrawerProps, 'extra' | 'itemProps' | 'controls' | 'prepareItem' | 'preparePayload' | 'size' | 'defaults' | 'confirmCreate' | 'titles'>;
  /** The delete button's label and question (i18n keys), when "Delete" is not the word (e.g. remove from the blacklist). */
  deleteTexts?: { label: string; confirm: string };
  /** Whether a row may be deleted (e.g. a role still in use may not). */
  canDelete?: (row: Row) => boolean;
  /** Shown above the table (a setting switch, a hint). */
  header?: ReactNode;
  /** Query parameters always sent and never shown as filters. */
  fixedQuery?: Record<string, string>;
  /** Replaces the filter control of a field (see FilterBar `controls`). */
  filterControls?: Partial<Record<string, ReactNode>>;
  /** Replaces the declared drawer's create: the button runs this (a page of its own). */
  onCreate?: () => void;
  /** Clicking a row opens it (a detail page). */
  onOpen?: (row: Row) => void;
}

export function ResourceListPage(props: ResourceListPageProps) {
  const { decl, rowActions, toolbar, cells, extraColumns, renderForm, formProps, canDelete, header, fixedQuery, deleteTexts, filterControls, onCreate, onOpen } = props;
  const titleKey = nsKey(props.title ?? decl.title);
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [search, setSearch] = useSearchParams();
  const state = parseListState(search, decl);
  const list = useResourceList(decl, state, fixedQuery);
  const remove = useDeleteResource(decl);
  const [target, setTarget] = useState<'new' | Row | undefined>();
  const { token } = theme.useToken();
  // On a phone a pinned actions column would cover half the row; there it scrolls with the rest.
  const wide = Grid.useBreakpoint().md !== false;
  const tableBox = useFocusableScroll(t(titleKey));

  // `replace`: paging and sorting refine the same view; they are not steps to go back through.
  const go = (next: ListState) => setSearch(writeListState(search, next, decl), { replace: true });

  const canEdit = !!decl.permissions.update && decl.fields.some((f) => f.form === true || f.form === 'edit');
  const columns = useMemo<TableColumnsType<Row>>(() => {
    const declared = decl.fields
      .filter((f) => f.list)
      .map((f: ResourceField) => ({
        key: f.name,
        dataIndex: f.name,
        title: t(nsKey(f.label)),
        align: f.kind === 'money' || f.kind === 'rate' || f.kind === 'integer' ? ('right' as const) : undefined,
        sorter: f.sortable ? true : undefined,
        sortOrder: f.sortable ? columnSortOrder(state.sort, f.name) : undefined,
        render: (value: unknown, row: Row) => cells?.[f.name]?.(row) ?? renderCell(f, value, row, t),
      }));
    const actions = {
      key: '__actions',
      title: t('admin:resource.actions'),
      fixed: wide ? ('right' as const) : undefined,
      render: (_: unknown, row: Row) => (
        <Space size={4} wrap>
          {canEdit && (
            <Permission need={declaredKey(decl.permissions.update)}>
              <RowAction icon={<EditOutlined />} onClick={() => setTarget(row)}>
                {t('admin:resource.edit')}
              </RowAction>
            </Permission>
          )}
          {decl.permissions.delete && (canDelete?.(row) ?? true) && (
            <Permission need={declaredKey(decl.permissions.delete)}>
              <Popconfirm
                title={t(deleteTexts?.confirm ?? 'admin:resource.deleteConfirm')}
                okText={t(deleteTexts?.label ?? 'admin:resource.delete')}
                cancelText={t('admin:resource.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutateAsync(row.id).then(() => {
                    message.success(t(nsKey(decl.messages?.delete ?? 'success.deleted')));
                  }, () => undefined)
                }
              >
                <RowAction danger icon={<DeleteOutlined />}>
                  {t(deleteTexts?.label ?? 'admin:resource.delete')}
                </RowAction>
              </Popconfirm>
            </Permission>
          )}
          {rowActions?.(row)}
        </Space>
      ),
    };
    return [...declared, ...(extraColumns ?? []), actions];
  }, [decl, t, state.sort, cells, extraColumns, rowActions, canEdit, canDelete, remove, message, wide, deleteTexts]);

  const onTableChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<Row> | SorterResult<Row>[],
  ) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = sortFromColumn(s?.columnKey as string | undefined, s?.order, decl.defaultSort);
    const pageSize = pagination.pageSize ?? state.pageSize;
    // A new sort or page size starts again at page 1.
    const page = sort !== state.sort || pageSize !== state.pageSize ? 1 : (pagination.current ?? 1);
    go({ ...state, sort, pageSize, page });
  };

  const title = t(titleKey);
  return (
    <Card variant="borderless">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={() => list.refetch()} aria-label={t('admin:resource.reload')} />
          {toolbar}
          {decl.permissions.create && (
            <Permission need={declaredKey(decl.permissions.create)}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => (onCreate ? onCreate() : setTarget('new'))}>
                {t('admin:resource.create')}
              </Button>
            </Permission>
          )}
        </Space>
      </Flex>
      {header}
      <FilterBar name={`${decl.name}-filters`} fields={decl.fields} value={state.filters} controls={filterControls} onApply={(filters) => go({ ...state, filters, page: 1 })} />
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('admin:resource.loadFailed')}
          description={list.error instanceof Error ? list.error.message : undefined}
          action={
            <Button size="small" onClick={() => list.refetch()}>
              {t('admin:resource.retry')}
            </Button>
          }
        />
      )}
      <div ref={tableBox}>
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        onChange={onTableChange}
        onRow={onOpen ? (row) => ({ onClick: () => onOpen(row), style: { cursor: 'pointer' } }) : undefined}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <span style={{ color: token.colorTextSecondary }}>
                  {list.isError ? t('admin:resource.loadFailed') : t('admin:resource.empty')}
                </span>
              }
            />
          ),
        }}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('admin:resource.total', { count: total }),
        }}
      />
      </div>
      {renderForm ? (
        renderForm({ target, onClose: () => setTarget(undefined) })
      ) : (
        <ResourceFormDrawer decl={decl} target={target} onClose={() => setTarget(undefined)} {...formProps} />
      )}
    </Card>
  );
}
