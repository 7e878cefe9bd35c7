import { staffLevelResource } from '@harbour/contracts';
import { useTranslation } from 'react-i18next';
import { ApprovalLimit } from '../../components/ApprovalLimit.js';
import { ResourceListPage } from '../../generic/ResourceListPage';

const NEW_LEVEL = { id: 0, unlimited: false, state: 'normal' };

/**
 * Master data → staff level and privilege (spec §2, §6): the generic page over its declaration,
 * the maximum approved amount shown as money or "No upper limit".
 */
export default function StaffLevelPage() {
  const { t } = useTranslation('levels');
  return (
    <ResourceListPage
      decl={staffLevelResource}
      cells={{ maxApprovedAmount: (row) => <ApprovalLimit amount={row.maxApprovedAmount} unlimited={row.unlimited} /> }}
      formProps={{
        defaults: NEW_LEVEL,
        itemProps: {
          maxApprovedAmount: { extra: t('amountHint') },
          unlimited: { extra: t('unlimitedHint') },
        },
      }}
    />
  );
}
