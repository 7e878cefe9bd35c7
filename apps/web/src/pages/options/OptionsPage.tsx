import { useCallback, useMemo } from 'react';
import { Badge, Grid, Input, Popconfirm, Segmented, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { StopOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OPTION_GROUPS, OPTION_RESOURCES, type OptionGroup, type ResourceDecl } from '@harbour/contracts';
import { Permission, declaredKey } from '../../components/Permission.js';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { RowAction } from '../../generic/RowAction';
import { enumKey } from '../../generic/i18n-key';
import { resourceKeys, type Row } from '../../generic/use-resource';
import { useFeedback } from '../../generic/use-feedback';
import { optionLabel, setOptionState } from './options-api';

/**
 * Master data → customer related / loan related: the option lists of one group, one category at
 * a time (the selector above the table keeps it in the URL's `category`), from the group's
 * declaration: create and edit in the drawer, disable / enable and delete behind a confirmation.
 * Labels show in the reader's language; built-in options (rules use their codes) cannot be
 * deleted.
 */
const builtin = (item: Record<string, unknown> | undefined) => item?.builtin === true;

function OptionsPage({ group }: { group: OptionGroup }) {
  const { t, i18n } = useTranslation('options');
  const [search, setSearch] = useSearchParams();
  const decl = OPTION_RESOURCES[group];
  const categories: readonly string[] = OPTION_GROUPS[group];
  // On a phone the categories do not fit side by side: a drop-down instead.
  const wide = Grid.useBreakpoint().md !== false;
  const asked = search.get('category');
  const category = asked && categories.includes(asked) ? asked : categories[0]!;

  // The category is the selector's, not the filter bar's, and one category needs no column.
  const view = useMemo<ResourceDecl>(
    () => ({ ...decl, fields: decl.fields.map((f) => (f.name === 'category' ? { ...f, filter: undefined, list: false } : f)) }),
    [decl],
  );
  const fixedQuery = useMemo(() => ({ category }), [category]);
  const defaults = useMemo(() => ({ id: 0, category, sortOrder: 0 }), [category]);

  // Rules refer to a built-in option by its code: shown, but not editable.
  const codeItemProps = useCallback((item?: Record<string, unknown>) => ({ code: { extra: t(builtin(item) ? 'builtinHint' : 'codeHint') } }), [t]);
  const codeControl = useCallback((item?: Record<string, unknown>) => (builtin(item) ? { code: <Input disabled /> } : {}), []);

  const choices = categories.map((c) => ({ value: c, label: t(enumKey('optionCategory', c)) }));
  const pick = (next: string) => {
    const params = new URLSearchParams(search);
    params.set('category', next);
    params.delete('page');
    setSearch(params, { replace: true });
  };

  return (
    <ResourceListPage
      decl={view}
      fixedQuery={fixedQuery}
      header={
        <div style={{ marginBottom: 16 }}>
          {wide ? (
            <Segmented aria-label={t('categoryPicker')} value={category} onChange={(v) => pick(String(v))} options={choices} />
          ) : (
            <Select aria-label={t('categoryPicker')} value={category} onChange={pick} options={choices} style={{ width: '100%' }} />
          )}
        </div>
      }
      cells={{
        code: (row) => (
          <Space size={6}>
            <Typography.Text code>{String(row.code)}</Typography.Text>
            {row.builtin === true && (
              <Tooltip title={t('builtinHint')}>
                <Tag bordered={false}>{t('builtin')}</Tag>
              </Tooltip>
            )}
          </Space>
        ),
        label: (row) => optionLabel(row, i18n.language),
        state: (row) => (
          <Badge status={row.state === 'disabled' ? 'default' : 'success'} text={t(enumKey('optionState', String(row.state)))} />
        ),
      }}
      canDelete={(row) => row.builtin !== true}
      rowActions={(row) => <OptionStateAction decl={decl} row={row} />}
      formProps={{ defaults, itemProps: codeItemProps, controls: codeControl }}
    />
  );
}

function OptionStateAction({ decl, row }: { decl: (typeof OPTION_RESOURCES)[OptionGroup]; row: Row }) {
  const { t, i18n } = useTranslation('options');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const disabled = row.state === 'disabled';
  const action = disabled ? 'enable' : 'disable';
  const change = useMutation({
    mutationFn: () => setOptionState(decl.path, Number(row.id), action),
    onSuccess: () => {
      message.success(t('success:statusChanged'));
      return qc.invalidateQueries({ queryKey: resourceKeys.all(decl.path) });
    },
  });
  const name = optionLabel(row, i18n.language);
  return (
    <Permission need={declaredKey(decl.actions[action].permission)}>
      <Popconfirm
        title={t(disabled ? 'enableTitle' : 'disableTitle')}
        description={t(disabled ? 'enableText' : 'disableText', { name })}
        okText={t(action)}
        cancelText={t('admin:resource.cancel')}
        okButtonProps={{ danger: !disabled }}
        onConfirm={() => change.mutateAsync().catch(() => undefined)}
      >
        <RowAction danger={!disabled} icon={disabled ? <UndoOutlined /> : <StopOutlined />}>
          {t(action)}
        </RowAction>
      </Popconfirm>
    </Permission>
  );
}

export function CustomerOptionsPage() {
  return <OptionsPage group="customer" />;
}

export function LoanOptionsPage() {
  return <OptionsPage group="loan" />;
}
