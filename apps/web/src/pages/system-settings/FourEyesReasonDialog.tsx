import { useId } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The confirmation of a settings save that goes to a second person (four eyes: rates, fees, the
 * active period, the list of controlled actions): it says so and asks the maker's reason, which the
 * request records and the Approvals page shows the checker. `onConfirm` gets the trimmed reason.
 */
export function FourEyesReasonDialog({ open, pending, onConfirm, onCancel }: { open: boolean; pending: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('approvals');
  const [form] = Form.useForm<{ reason: string }>();
  const formName = useId();
  return (
    <Modal
      open={open}
      title={t('reasonDialog.title')}
      okText={t('reasonDialog.send')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={pending}
      onOk={() =>
        form.validateFields().then(
          (v) => onConfirm(v.reason.trim()),
          // the missing reason is said under the field; the dialog stays open
          () => undefined,
        )
      }
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('reasonDialog.intro')}</Typography.Paragraph>
      <Form form={form} name={formName} layout="vertical">
        <Form.Item name="reason" label={t('fields.reason')} rules={[{ required: true, whitespace: true, message: t('errors.reasonRequired') }, { max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
