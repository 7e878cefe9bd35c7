import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoanListView } from './LoanListView';

/** The tabs say the status; the staff and reloan filters belong to the loan list. */
const TAB_LISTS_WITHOUT = ['status', 'currentStatus', 'staffId', 'reloan'] as const;

interface Props {
  path: string;
  /** i18n key of the page title */
  titleKey: string;
  /** The query parameter the tabs set (`approvalStatus`, `payoutStatus`) and its values. */
  param: string;
  values: readonly string[];
  enumName: string;
  detailPath: string;
}

/** A loan list split by one status in tabs (the approval and payout lists); the tab lives in the URL. */
export function StatusTabsListPage({ path, titleKey, param, values, enumName, detailPath }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const current = values.includes(search.get(param) ?? '') ? search.get(param)! : values[0]!;
  return (
    <LoanListView
      path={path}
      titleKey={titleKey}
      openPath={(id) => `${detailPath}/${id}`}
      fixedQuery={{ [param]: current }}
      withoutFilters={TAB_LISTS_WITHOUT}
      header={
        <Tabs
          activeKey={current}
          onChange={(key) => {
            const next = new URLSearchParams(search);
            next.set(param, key);
            next.delete('page');
            setSearch(next, { replace: true });
          }}
          items={values.map((v) => ({ key: v, label: t(`enums:${enumName}.${v}`) }))}
        />
      }
    />
  );
}
