import { useMemo } from 'react';
import { Alert, Spin, Tree, theme } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { enumKey } from '../../generic/i18n-key';
import { adminApi } from './admin-api';

const GROUP = 'group:';

/**
 * The role editor's permission picker: the catalogue grouped as the menu groups it, each group
 * checkable as a whole. The value is the list of permission keys (group nodes are never sent).
 */
export function PermissionTreeInput({
  value,
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (keys: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('admin');
  const tree = useQuery({ queryKey: ['permissions', 'tree'], queryFn: ({ signal }) => adminApi.permissionTree(signal) });

  const data = useMemo<DataNode[]>(
    () =>
      (tree.data ?? []).map((g) => ({
        key: `${GROUP}${g.group}`,
        title: t(enumKey('permissionGroup', g.group), { defaultValue: g.group }),
        children: [...g.permissions]
          .sort((a, b) => a.sort - b.sort)
          .map((p) => ({ key: p.key, title: <PermissionTitle name={p.name} permKey={p.key} /> })),
      })),
    [tree.data, t],
  );

  if (tree.isLoading) return <Spin />;
  if (tree.isError) return <Alert type="error" showIcon title={t('resource.loadFailed')} />;
  return (
    <div id={id} role="group" aria-label={t('fields:permissions')} style={{ maxHeight: 420, overflow: 'auto', border: '1px solid rgba(128,128,128,0.25)', borderRadius: 4, padding: 8 }}>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        treeData={data}
        checkedKeys={value ?? []}
        onCheck={(checked) => {
          const keys = Array.isArray(checked) ? checked : checked.checked;
          onChange?.(keys.map(String).filter((k) => !k.startsWith(GROUP)));
        }}
      />
    </div>
  );
}

/** A permission's name is an i18n key of the catalogue; its key is shown too for the admin. */
function PermissionTitle({ name, permKey }: { name: string; permKey: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <span>
      {t(name, { defaultValue: permKey })}{' '}
      <span style={{ color: token.colorTextSecondary, fontSize: '0.85em' }}>{permKey}</span>
    </span>
  );
}
