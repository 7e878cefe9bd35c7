import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Modal, Popconfirm, Select, Space, Spin, Table, Typography, Upload } from 'antd';
import { DeleteOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOANS_PATH, LOAN_DOCUMENT_KINDS, LOAN_DOCUMENT_OPEN_STATUSES, LOAN_DOCUMENT_REMOVABLE_STATUSES, type LoanDocument, type LoanDocumentKind, type LoanItem } from '@harbour/contracts';
import { usePermission } from '../../components/Permission.js';
import { DateTimeText } from '../../generic/DateTimeText';
import { RowAction } from '../../generic/RowAction';
import { fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { resourceKeys } from '../../generic/use-resource';
import { loansApi } from './loans-api';

/** A file size for people: "68 B", "12.3 KB", "1.2 MB". */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A document's file shown in the page: an image (an ID card copy comes watermarked "COPY") or a PDF. */
function DocumentViewer({ loanId, doc, onClose }: { loanId: number; doc: LoanDocument; onClose: () => void }) {
  const { t } = useTranslation('loans');
  const [url, setUrl] = useState<string>();
  const [type, setType] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let made: string | undefined;
    let live = true;
    loansApi
      .documentFile(loanId, doc.id)
      .then(({ blob }) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setType(blob.type);
        setUrl(made);
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [loanId, doc.id]);
  return (
    <Modal open title={`${t(`documents.kinds.${doc.kind}`)} · ${doc.fileName}`} footer={null} onCancel={onClose} width={900} destroyOnHidden>
      {error ? (
        <Alert type="error" showIcon title={error} />
      ) : !url ? (
        <Spin />
      ) : type?.startsWith('image/') ? (
        // the whole image in the window: a tall scan is scaled down to fit, never cut at the bottom
        <img src={url} alt={doc.fileName} style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain', display: 'block', margin: '0 auto' }} />
      ) : (
        <iframe title={doc.fileName} src={url} style={{ width: '100%', height: '70vh', border: 0 }} />
      )}
    </Modal>
  );
}

interface Props {
  loan: Pick<LoanItem, 'id' | 'status' | 'documents'>;
}

/**
 * Section D (spec §2): the loan's documents — type, file, size, who uploaded them and when — with
 * upload (the type chosen first; JPG, PNG or PDF up to 10 MB, judged again by the server), view
 * (the served file; ID cards watermarked) and delete after a confirmation, while the loan is
 * still before payout and the staff member holds `loan.documents`.
 */
export function LoanDocuments({ loan }: Props) {
  const { t } = useTranslation('loans');
  const qc = useQueryClient();
  const { message } = useFeedback();
  const mayChange = usePermission('loan.documents') && LOAN_DOCUMENT_OPEN_STATUSES.includes(loan.status);
  const mayRemove = mayChange && LOAN_DOCUMENT_REMOVABLE_STATUSES.includes(loan.status);
  const [kind, setKind] = useState<LoanDocumentKind>('id-card');
  const [viewing, setViewing] = useState<LoanDocument>();
  const [error, setError] = useState<string>();

  const keep = (documents: LoanDocument[]) => {
    qc.setQueryData<LoanItem>(resourceKeys.item(LOANS_PATH, loan.id), (old) => (old ? { ...old, documents } : old));
    void qc.invalidateQueries({ queryKey: resourceKeys.all(LOANS_PATH) });
  };
  const upload = useMutation({
    mutationFn: (file: File) => loansApi.uploadDocument(loan.id, kind, file),
    onSuccess: (documents) => {
      setError(undefined);
      keep(documents);
      message.success(t('documents.uploaded'));
    },
    // A refused file comes as a field error of `file` (wrong type, too large): show its text.
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      setError(fields.length > 0 ? fields.map((f) => f.message).join(' ') : e instanceof Error ? e.message : String(e));
    },
  });
  const remove = useMutation({
    mutationFn: (docId: number) => loansApi.removeDocument(loan.id, docId),
    onSuccess: keep,
  });

  return (
    <Flex vertical gap={12}>
      {mayChange && (
        <Flex wrap gap={8} align="center">
          <Select<LoanDocumentKind>
            aria-label={t('documents.kind')}
            value={kind}
            onChange={setKind}
            style={{ width: 200 }}
            options={LOAN_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`documents.kinds.${k}`) }))}
          />
          <Upload
            accept="image/jpeg,image/png,application/pdf"
            showUploadList={false}
            customRequest={({ file, onSuccess, onError }) => {
              upload.mutate(file as File, { onSuccess: () => onSuccess?.(null), onError: (e) => onError?.(e) });
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {t('documents.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('documents.hint')}</Typography.Text>
        </Flex>
      )}
      {error && <Alert type="error" showIcon title={error} closable={{ onClose: () => setError(undefined) }} />}
      <Table<LoanDocument>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={loan.documents}
        locale={{ emptyText: <Typography.Text type="secondary">{t('documents.none')}</Typography.Text> }}
        columns={[
          { key: 'kind', title: t('documents.kind'), render: (_, d) => t(`documents.kinds.${d.kind}`) },
          { key: 'file', title: t('documents.fileName'), dataIndex: 'fileName' },
          { key: 'size', title: t('documents.size'), align: 'right', render: (_, d) => <span style={{ whiteSpace: 'nowrap' }}>{fileSizeText(d.size)}</span> },
          { key: 'by', title: t('documents.uploadedBy'), render: (_, d) => d.uploadedByName ?? '—' },
          { key: 'at', title: t('documents.uploadedAt'), render: (_, d) => <DateTimeText value={d.createdAt} /> },
          {
            key: 'actions',
            title: '',
            render: (_, d) => (
              <Space size={0}>
                <RowAction icon={<EyeOutlined />} onClick={() => setViewing(d)}>
                  {t('documents.view')}
                </RowAction>
                {mayRemove && (
                  <Popconfirm
                    title={t('documents.deleteConfirm', { fileName: d.fileName })}
                    okText={t('documents.delete')}
                    cancelText={t('common:actions.cancel')}
                    okButtonProps={{ danger: true, loading: remove.isPending }}
                    onConfirm={() => remove.mutateAsync(d.id)}
                  >
                    <RowAction danger icon={<DeleteOutlined />}>
                      {t('documents.delete')}
                    </RowAction>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {viewing && <DocumentViewer loanId={loan.id} doc={viewing} onClose={() => setViewing(undefined)} />}
    </Flex>
  );
}
