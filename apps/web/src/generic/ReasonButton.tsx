import { useId, useState, type ReactNode } from 'react';
import { Button, Form, Input, Modal, Typography, theme } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RowAction } from './RowAction';
import { applyServerErrors } from './server-errors';
import { useFeedback } from './use-feedback';
import { isApprovalRequested } from '../api/four-eyes';
import { Permission, type PermissionNeed } from '../components/Permission';

/**
 * A change that needs a reason and a confirmation (black / white list a customer, disable / enable
 * a member): a button (or a row action when `compact`) that opens a dialog naming the record,
 * asks for the reason and runs `run(reason)`. The server's field error on `reason` is shown in the
 * dialog; shown only to holders of `need`.
 */
export function ReasonButton<T>({
  need,
  label,
  icon,
  danger,
  question,
  reasonLabel,
  reasonRequired,
  maxLength = 500,
  done,
  run,
  onDone,
  compact = false,
}: {
  need: PermissionNeed;
  /** The button's and the dialog's title and OK text. */
  label: string;
  icon: ReactNode;
  /** The dangerous way (its icon red). */
  danger: boolean;
  /** The dialog's question, naming the record. */
  question: string;
  reasonLabel: string;
  reasonRequired: string;
  maxLength?: number;
  /** The success message. */
  done: string;
  run: (reason: string) => Promise<T>;
  onDone?: (answer: T) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const formName = useId();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const { token } = theme.useToken();
  const change = useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      // under four eyes the action waits for a second person: say so, never that it was done
      if (isApprovalRequested(answer)) void message.info(t('approvals:success.requested'));
      else void message.success(done);
      setOpen(false);
      form.resetFields();
      onDone?.(answer);
    },
    onError: (err) => {
      if (applyServerErrors(form, err, ['reason']).length > 0 || !('errors' in err)) void message.error(err.message);
    },
  });
  return (
    <Permission need={need}>
      {compact ? (
        <RowAction danger={danger} icon={icon} onClick={() => setOpen(true)}>
          {label}
        </RowAction>
      ) : (
        // The red icon marks the dangerous way; red text on white would not reach 4.5:1.
        <Button icon={<span style={{ color: danger ? token.colorError : token.colorSuccess, display: 'inline-flex' }}>{icon}</span>} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <Modal
        open={open}
        title={label}
        okText={label}
        cancelText={t('admin:resource.cancel')}
        okButtonProps={{ htmlType: 'submit', form: formName, loading: change.isPending }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{question}</Typography.Paragraph>
        <Form form={form} name={formName} layout="vertical" onFinish={(v) => change.mutate(v.reason)}>
          <Form.Item name="reason" label={reasonLabel} rules={[{ required: true, whitespace: true, message: reasonRequired }, { max: maxLength, message: t('validation:tooLong', { max: maxLength }) }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={maxLength} />
          </Form.Item>
        </Form>
      </Modal>
    </Permission>
  );
}
