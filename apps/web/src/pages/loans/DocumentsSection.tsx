import { Button, Card, Flex, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LoanItem } from '@harbour/contracts';
import { LoanDocuments } from './LoanDocuments';

interface Props {
  /** The saved application; undefined while it is new. */
  loan: LoanItem | undefined;
  saving: boolean;
  /** Saves the new application as a draft and reopens it in the form, where documents can be added. */
  onSaveDraft: () => void;
}

/**
 * Section D of the application form: the documents of a saved application; a new one is saved as
 * a draft first (documents belong to an application number).
 */
export function DocumentsSection({ loan, saving, onSaveDraft }: Props) {
  const { t } = useTranslation('loans');
  return (
    <Card title={t('form.sectionD')} id="loan-documents">
      {loan ? (
        <LoanDocuments loan={loan} />
      ) : (
        <Flex wrap gap={12} align="center">
          <Typography.Text type="secondary">{t('documents.saveFirst')}</Typography.Text>
          <Button icon={<SaveOutlined />} loading={saving} onClick={onSaveDraft}>
            {t('documents.saveDraft')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
