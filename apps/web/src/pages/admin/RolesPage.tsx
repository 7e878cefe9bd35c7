import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { PermissionTreeInput } from './PermissionTreeInput';
import { rolesResource } from '@harbour/contracts';
import { useRoleName } from '../../components/role-name';

/**
 * Role list (spec §2, §6): roles with their grouped permissions. A role still held by staff
 * cannot be deleted (the server answers 409), so the page does not offer it.
 */
export default function RolesPage() {
  const { t } = useTranslation('admin');
  const role = useRoleName();
  return (
    <ResourceListPage
      decl={rolesResource}
      cells={{ name: (row) => role.name(row.name), description: (row) => role.description(row.name, row.description) }}
      canDelete={(row) => Number(row.staffCount) === 0}
      extraColumns={[
        {
          key: 'permissionCount',
          title: t('roles.permissionCount'),
          align: 'right',
          render: (_, row) => (Array.isArray(row.permissions) ? row.permissions.length : 0),
        },
      ]}
      formProps={{ controls: { permissions: <PermissionTreeInput /> }, size: 640, titles: { create: 'shell:perm.role.create', edit: 'shell:perm.role.update' } }}
    />
  );
}
