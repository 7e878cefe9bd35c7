import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Card, Empty, Flex, Radio, Result, Select, Space, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18next, ensureLanguage } from '../../../i18n/index';
import { PRINT_ROOT_CLASS, usePrintOnMount } from '../../../components/use-print-on-mount';
import { call } from '../../../api/index.js';
import { endpoints } from '../../../api/endpoints.js';
import { useCompany } from '../../../stores/company';
import { loansApi, optionLabel } from '../loans-api';
import { useOptionChoices } from '../LoanListView';
import { useFormLayout } from '../form-builder/use-form-layout';
import { ApplicationSheet } from './ApplicationSheet';
import './application-form.css';

type PrintLanguage = 'zh-TW' | 'en';

/** Renders the sheet alone under <body> and opens the print dialog (see use-print-on-mount). */
function PrintCopy({ children, onDone }: { children: React.ReactNode; onDone: () => void }) {
  usePrintOnMount(onDone);
  return createPortal(<div className={`${PRINT_ROOT_CLASS} app-sheet-print`}>{children}</div>, document.body);
}

/**
 * Tools → application form (spec §2): the loan application form to print for a loan type, as
 * the application form builder lays it out (hidden fields not printed, required ones marked *), in
 * Chinese or English on A4 — blank, or filled from an application (`?id=`, opened from the loan).
 */
export default function ApplicationFormPage() {
  const { t, i18n } = useTranslation('formLayout');
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const loanId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const choices = useOptionChoices();
  const company = useCompany((s) => s.company);
  const [printLang, setPrintLang] = useState<PrintLanguage>(i18n.language === 'en' ? 'en' : 'zh-TW');
  const [printing, setPrinting] = useState(false);
  const endPrint = useCallback(() => setPrinting(false), []);

  const loan = useQuery({ queryKey: ['loans', 'item', loanId], queryFn: ({ signal }) => loansApi.get(loanId!, signal), enabled: loanId !== undefined });
  const loanType = loan.data?.loanType ?? params.get('loanType') ?? undefined;
  const { layout } = useFormLayout(loanType);
  // The printout's language may differ from the screen's: its texts are loaded first.
  const texts = useQuery({ queryKey: ['i18n', printLang], queryFn: () => ensureLanguage(printLang).then(() => true), staleTime: Infinity });
  const pt = texts.data ? i18next.getFixedT(printLang) : undefined;

  // A form filled from an application holds personal data: its printing is audited on the loan first.
  const recordPrint = useMutation({
    mutationFn: () => call(endpoints.loans.print, { params: { id: loanId! }, body: { document: 'application-form', language: printLang } }),
    onSuccess: () => setPrinting(true),
  });
  const print = () => (loanId === undefined ? setPrinting(true) : recordPrint.mutate());

  if (id !== null && loanId === undefined) return <Result status="404" title={t('errors:notFound')} />;
  if (loan.isError) return <Result status="404" title={loan.error.message} />;

  const loanTypes = choices.data?.loanType ?? [];
  const ready = !!loanType && !!pt && (loanId === undefined || !!loan.data);
  const sheet = ready ? (
    <ApplicationSheet
      t={pt}
      lang={printLang}
      loanType={loanType}
      layout={layout}
      choices={choices.data}
      loan={loan.data}
      companyName={company ? (printLang === 'en' ? company.nameEn : company.nameZh) : undefined}
    />
  ) : null;

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex wrap gap={12} align="center" justify="space-between">
          <Space wrap size={16}>
            <Space>
              <label htmlFor="application-form-loan-type">{t('print.loanType')}</label>
              <Select
                id="application-form-loan-type"
                style={{ minWidth: 180 }}
                placeholder={t('print.chooseLoanType')}
                value={loanType}
                disabled={loanId !== undefined}
                onChange={(v: string) => setParams({ loanType: v }, { replace: true })}
                options={loanTypes.map((o) => ({ value: o.code, label: optionLabel(choices.data, 'loanType', o.code, i18n.language) }))}
              />
            </Space>
            <Space>
              <span>{t('print.language')}</span>
              <Radio.Group
                optionType="button"
                value={printLang}
                onChange={(e) => setPrintLang(e.target.value as PrintLanguage)}
                options={(['zh-TW', 'en'] as const).map((l) => ({ value: l, label: t(`common:languages.${l}`) }))}
              />
            </Space>
          </Space>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!ready} loading={recordPrint.isPending} onClick={print}>
            {t('print.print')}
          </Button>
        </Flex>
      </Card>
      {loan.data && <Alert type="info" showIcon title={t('print.filledFrom', { applyNo: loan.data.applyNo })} />}
      {!loanType ? (
        <Card>
          <Empty description={t('print.chooseLoanType')} />
        </Card>
      ) : !ready ? (
        <Spin />
      ) : (
        <div className="app-sheet-paper">{sheet}</div>
      )}
      {printing && sheet && <PrintCopy onDone={endPrint}>{sheet}</PrintCopy>}
      <Typography.Text type="secondary" className="app-sheet-hint">
        {t('print.requiredNote')}
      </Typography.Text>
    </Flex>
  );
}
