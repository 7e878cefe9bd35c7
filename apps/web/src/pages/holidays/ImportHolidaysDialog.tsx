import { useState } from 'react';
import { Alert, Button, InputNumber, Modal, Space, Tabs, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { holidayResource, type HolidayImportRequest, type HolidayImportResult } from '@harbour/contracts';
import { resourceKeys } from '../../generic/use-resource';
import { holidaysApi } from './holidays-api';

/** Larger than any year's 1823 file by far; a bigger upload is not that file. */
const MAX_FILE_BYTES = 1024 * 1024;

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * Import holidays: Hong Kong general holidays of a year (from the holiday rules on the server)
 * or the government's 1823 JSON file. The file is read in the browser and sent as its text; the
 * server checks it and skips dates already listed.
 */
export function ImportHolidaysDialog({ open, onClose }: Props) {
  const { t } = useTranslation('holidays');
  const qc = useQueryClient();
  const [tab, setTab] = useState<'rules' | 'file'>('rules');
  const [year, setYear] = useState<number | null>(new Date().getFullYear());
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  const run = useMutation({
    mutationFn: (body: HolidayImportRequest) => holidaysApi.importHolidays(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: resourceKeys.all(holidayResource.path) }),
  });
  const outcome: HolidayImportResult | undefined = run.data;

  const submit = () => {
    setLocalError(null);
    if (tab === 'rules' && year) run.mutate({ source: 'rules', year });
    if (tab === 'file' && file) run.mutate({ source: '1823', file: file.text });
  };

  const choose = async (f: File) => {
    run.reset();
    setFile(null);
    if (f.size > MAX_FILE_BYTES) {
      setLocalError(t('import.fileTooLarge'));
      return false;
    }
    setLocalError(null);
    setFile({ name: f.name, text: await f.text() });
    return false; // read here, never uploaded by the Upload component itself
  };

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('import.close')}</Button>
          <Button type="primary" loading={run.isPending} disabled={tab === 'rules' ? !year : !file} onClick={submit}>
            {t('import.submit')}
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as 'rules' | 'file');
          run.reset();
        }}
        items={[
          {
            key: 'rules',
            label: t('import.rulesTab'),
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Paragraph type="secondary">{t('import.rulesHelp')}</Typography.Paragraph>
                <label htmlFor="holiday-import-year">{t('import.year')}</label>
                <InputNumber id="holiday-import-year" min={1990} max={2100} precision={0} value={year} onChange={setYear} style={{ width: 160 }} />
              </Space>
            ),
          },
          {
            key: 'file',
            label: t('import.fileTab'),
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Paragraph type="secondary">{t('import.fileHelp')}</Typography.Paragraph>
                <Upload accept=".json,application/json" maxCount={1} showUploadList={false} beforeUpload={choose}>
                  <Button icon={<UploadOutlined />}>{t('import.chooseFile')}</Button>
                </Upload>
                {file && <Typography.Text code>{file.name}</Typography.Text>}
              </Space>
            ),
          },
        ]}
      />
      {localError && <Alert type="error" showIcon title={localError} style={{ marginTop: 12 }} />}
      {run.isError && <Alert type="error" showIcon title={run.error.message} style={{ marginTop: 12 }} />}
      {outcome && (
        <Alert
          role="status"
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title={t('import.result', { added: outcome.added, skipped: outcome.skipped })}
        />
      )}
    </Modal>
  );
}
