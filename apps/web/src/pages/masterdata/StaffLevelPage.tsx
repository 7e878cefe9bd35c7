import { staffLevelResource } from '@harbour/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApprovalLimit } from '../../components/ApprovalLimit.js';
import { ResourceListPage } from '../../generic/ResourceListPage';

const NEW_LEVEL = { id: 0, unlimited: false, state: 'normal' };

/**
 * Master data → staff level and privilege (spec §2, §6): the generic page over its declaration,
 * the maximum approved amount shown as money or "No upper limit". An edit carries a reason: a
 * change of the limit or state goes to a second person (four eyes), who reads it.
 */
export default function StaffLevelPage() {
  const { t } = useTranslation('levels');
  return (
    <ResourceListPage
      decl={staffLevelResource}
      cells={{ maxApprovedAmount: (row) => <ApprovalLimit amount={row.maxApprovedAmount} unlimited={row.unlimited} /> }}
      formProps={{
        defaults: NEW_LEVEL,
        extra: (mode) =>
          mode === 'edit' ? (
            <Form.Item name="reason" label={t('approvals:fields.reason')} extra={t('reasonHint')} rules={[{ max: 500 }]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          ) : null,
        preparePayload: (body, values, mode) => (mode === 'edit' && typeof values.reason === 'string' && values.reason.trim() ? { ...body, reason: values.reason.trim() } : body),
        itemProps: {
          maxApprovedAmount: { extra: t('amountHint') },
          unlimited: { extra: t('unlimitedHint') },
        },
      }}
    />
  );
}
