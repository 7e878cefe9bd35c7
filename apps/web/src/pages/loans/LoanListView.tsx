import { useMemo, type ReactNode } from 'react';
import { Input, Select, Tag, Typography } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoanListItem } from '@harbour/contracts';
import type { LoanStatus } from '@harbour/domain';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { RowAction } from '../../generic/RowAction';
import type { Row } from '../../generic/use-resource';
import { useSession } from '../../stores/session.js';
import { loanListDecl } from './loan-list-decl';
import { loansApi, optionLabel } from './loans-api';
import { useStoreName } from './use-store-name';

/** Solid tag colours of the loan statuses, dark enough for the tag's white text (WCAG AA). */
export const STATUS_COLOR: Record<LoanStatus, string> = {
  pending: '#595959',
  wait_approve: '#ad4e00',
  approved: '#0958d9',
  repaying: '#237804',
  complete: '#006d75',
  reloaned: '#531dab',
  reject: '#a8071a',
  cancel: '#434343',
  oca: '#ad2102',
  bad: '#9e1068',
};

export function LoanStatusTag({ status }: { status: LoanStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`enums:loanStatus.${status}`)}</Tag>;
}

export function useOptionChoices() {
  return useQuery({ queryKey: ['optionChoices'], queryFn: ({ signal }) => loansApi.optionChoices(signal), staleTime: 60_000 });
}

interface Props {
  /** The list's route: `/loans`, `/approvals` or `/payouts`. */
  path: string;
  /** i18n key of the page title */
  titleKey: string;
  /** Where a row opens (the loan operation page or a detail page). */
  openPath: (id: number) => string;
  header?: ReactNode;
  fixedQuery?: Record<string, string>;
  /** The loan list offers "New application". */
  withCreate?: boolean;
  /** Filters left out (the approval and payout lists split by status in tabs instead). */
  withoutFilters?: readonly string[];
}

/**
 * The loan list (spec §2), also the approval and payout lists over their own routes: the
 * declared list page with the loan's columns (customer name with masked ID, loan type label,
 * status tag), the loan filters, and a row that opens the loan.
 */
export function LoanListView({ path, titleKey, openPath, header, fixedQuery, withCreate, withoutFilters }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const choices = useOptionChoices();
  const stores = useSession((s) => s.user?.stores);
  const decl = useMemo(
    () => ({
      ...loanListDecl,
      path,
      fields: loanListDecl.fields.map((f) => (withoutFilters?.includes(f.name) ? { ...f, filter: undefined } : f)),
      ...(withCreate ? {} : { permissions: { ...loanListDecl.permissions, create: undefined } }),
    }),
    [path, withCreate, withoutFilters],
  );
  const lang = i18n.language;
  const storeName = useStoreName();
  const cells = useMemo(
    () => ({
      customer: (row: Row) => {
        const c = (row as unknown as LoanListItem).customer;
        return (
          <span style={{ whiteSpace: 'nowrap' }}>
            {c.name} <Typography.Text type="secondary">{c.idNumber}</Typography.Text>
          </span>
        );
      },
      loanType: (row: Row) => optionLabel(choices.data, 'loanType', String(row.loanType), lang),
      status: (row: Row) => <LoanStatusTag status={row.status as LoanStatus} />,
      storeId: (row: Row) => storeName(Number(row.storeId), String(row.storeName ?? '')),
      staffId: (row: Row) => String(row.staffName ?? ''),
    }),
    [choices.data, lang, storeName],
  );
  const filterControls = useMemo(
    () => ({
      loanType: (
        <Select
          allowClear
          style={{ width: 180 }}
          options={(choices.data?.loanType ?? []).map((o) => ({ value: o.code, label: optionLabel(choices.data, 'loanType', o.code, lang) }))}
        />
      ),
      storeId: (
        <Select
          allowClear
          style={{ width: 180 }}
          options={(stores ?? []).map((s) => ({ value: String(s.store_id), label: lang === 'en' ? s.english_name || s.store_name : s.store_name }))}
        />
      ),
      q: <SearchInput />,
    }),
    [choices.data, stores, lang],
  );
  const open = (row: Row) => navigate(openPath(Number(row.id)));
  return (
    <ResourceListPage
      decl={decl}
      title={titleKey}
      cells={cells}
      header={header}
      fixedQuery={fixedQuery}
      filterControls={filterControls}
      onCreate={() => navigate('/loan/create')}
      onOpen={open}
      rowActions={(row) => (
        <RowAction
          icon={<FolderOpenOutlined />}
          onClick={(e) => {
            e.stopPropagation();
            open(row);
          }}
        >
          {t('loans:list.open')}
        </RowAction>
      )}
    />
  );
}

/** The one search box: application or loan number, name, or an exact ID number or phone. */
function SearchInput(props: Record<string, unknown>) {
  const { t } = useTranslation();
  // On a phone the box narrows to stay on its label's line, like the other filters.
  return <Input allowClear autoComplete="off" placeholder={t('loans:list.searchHint')} style={{ width: 300, maxWidth: 'calc(100vw - 150px)' }} {...props} />;
}
