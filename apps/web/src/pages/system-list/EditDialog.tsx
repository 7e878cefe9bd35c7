import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The save/cancel dialog both lists edit in; `onOk` submits the dialog's form. */
export function EditDialog({ title, pending, onOk, onClose, children }: { title: string; pending: boolean; onOk: () => void; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('params');
  return (
    <Modal open title={title} okText={t('save')} cancelText={t('cancel')} confirmLoading={pending} onOk={onOk} onCancel={onClose} destroyOnHidden>
      {children}
    </Modal>
  );
}
