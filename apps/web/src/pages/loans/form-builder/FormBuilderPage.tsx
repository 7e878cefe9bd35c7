import { useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { FileTextOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_FORM_FIELDS,
  DEFAULT_FIELD_SETTING,
  FORM_BUILDER_EDIT_PERMISSION,
  type ApplicationFormFieldKey,
  type ConfigurableFormField,
  type FormFieldSetting,
} from '@harbour/contracts';
import { usePermission } from '../../../components/Permission';
import { DateTimeText } from '../../../generic/DateTimeText';
import { useFeedback } from '../../../generic/use-feedback';
import { optionLabel } from '../loans-api';
import { useOptionChoices } from '../LoanListView';
import { formLayoutApi, formLayoutKeys } from './form-layout-api';

type Settings = Record<ConfigurableFormField, { shown: boolean; required: boolean }>;
interface Row {
  key: ApplicationFormFieldKey;
  section: string;
  label: string;
  fixed: boolean;
}

const settingsOf = (fields: readonly FormFieldSetting[]): Settings => Object.fromEntries(fields.map((f) => [f.key, { shown: f.shown, required: f.required }])) as Settings;

/**
 * Tools → application form builder (spec §2, §5): per loan type, each optional field of the
 * application form shown or hidden, required or optional. Fields the law or the loan's
 * mathematics needs are listed as always shown and required. Saving needs
 * `tools.formBuilder.edit`; the loan form, the printed form and the server's checks follow it.
 */
export default function FormBuilderPage() {
  const { t, i18n } = useTranslation('formLayout');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mayEdit = usePermission(FORM_BUILDER_EDIT_PERMISSION);
  const choices = useOptionChoices();
  const layouts = useQuery({ queryKey: formLayoutKeys.all, queryFn: ({ signal }) => formLayoutApi.list(signal) });
  const [loanType, setLoanType] = useState<string>();
  const current = layouts.data?.find((l) => l.loanType === loanType) ?? layouts.data?.[0];
  // What is being edited, for the layout as last read (another loan type or a fresh save starts over).
  const stamp = current ? `${current.loanType}|${current.updatedAt ?? ''}` : '';
  const [edits, setEdits] = useState<{ stamp: string; settings: Settings }>();
  const settings = current ? (edits?.stamp === stamp ? edits.settings : settingsOf(current.fields)) : undefined;
  const setSettings = (fn: (s: Settings | undefined) => Settings | undefined) => {
    const next = fn(settings);
    if (next) setEdits({ stamp, settings: next });
  };

  const save = useMutation({
    mutationFn: () => formLayoutApi.save(current!.loanType, Object.entries(settings!).map(([key, s]) => ({ key: key as ConfigurableFormField, ...s }))),
    onSuccess: async (saved) => {
      qc.setQueryData(formLayoutKeys.one(saved.loanType), saved);
      await qc.invalidateQueries({ queryKey: formLayoutKeys.all });
      void message.success(t('success:saved'));
    },
  });

  const rows: Row[] = useMemo(
    () => APPLICATION_FORM_FIELDS.map((f) => ({ key: f.key, section: f.section, label: f.label, fixed: f.fixed })),
    [],
  );
  const changed = !!current && !!settings && current.fields.some((f) => settings[f.key].shown !== f.shown || settings[f.key].required !== f.required);
  const set = (key: ConfigurableFormField, next: Partial<{ shown: boolean; required: boolean }>) =>
    setSettings((s) => {
      if (!s) return s;
      const merged = { ...s[key], ...next };
      // A hidden field is never required; requiring a field shows it.
      if (next.shown === false) merged.required = false;
      if (next.required === true) merged.shown = true;
      return { ...s, [key]: merged };
    });

  /** A field's shown or required switch: fixed fields are on and cannot be switched. */
  const switchOf = (r: Row, what: 'shown' | 'required') => {
    const name = `${t(r.label)} ${t(`builder.${what}`)}`;
    if (r.fixed || !settings) return <Switch size="small" checked disabled aria-label={name} />;
    const key = r.key as ConfigurableFormField;
    return <Switch size="small" checked={settings[key][what]} disabled={!mayEdit} aria-label={name} onChange={(on) => set(key, { [what]: on })} />;
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('builder.intro')}
      </Typography.Paragraph>
      <Card>
        <Flex vertical gap={16}>
          <Flex wrap gap={12} align="center" justify="space-between">
            <Space wrap>
              <label htmlFor="form-builder-loan-type">{t('builder.loanType')}</label>
              <Select
                id="form-builder-loan-type"
                style={{ minWidth: 200 }}
                loading={layouts.isLoading}
                value={current?.loanType}
                onChange={setLoanType}
                options={(layouts.data ?? []).map((l) => ({ value: l.loanType, label: optionLabel(choices.data, 'loanType', l.loanType, i18n.language) }))}
              />
            </Space>
            <Space wrap>
              {/* Shown once the layouts are in rather than enabled then: a button fading in from its
                  disabled grey is read mid-fade by the contrast check, and is no help to anyone. */}
              {current && (
                <Button icon={<FileTextOutlined />} onClick={() => navigate(`/tools/applicationForm?loanType=${encodeURIComponent(current.loanType)}`)}>
                  {t('builder.preview')}
                </Button>
              )}
              {mayEdit && settings && (
                <>
                  <Button
                    icon={<UndoOutlined />}
                    onClick={() => setSettings((s) => (s ? (Object.fromEntries(Object.keys(s).map((k) => [k, { ...DEFAULT_FIELD_SETTING }])) as Settings) : s))}
                  >
                    {t('builder.reset')}
                  </Button>
                  <Button type="primary" icon={<SaveOutlined />} disabled={!changed} loading={save.isPending} onClick={() => save.mutate()}>
                    {t('builder.save')}
                  </Button>
                </>
              )}
            </Space>
          </Flex>
          {current && (
            <Alert
              type="info"
              showIcon
              title={
                current.updatedAt ? (
                  <>
                    {t('builder.updatedAt')} <DateTimeText value={current.updatedAt} />
                  </>
                ) : (
                  t('builder.default')
                )
              }
            />
          )}
          <Table<Row>
            rowKey="key"
            size="small"
            pagination={false}
            loading={layouts.isLoading}
            dataSource={rows}
            columns={[
              { key: 'section', title: t('builder.section'), dataIndex: 'section', width: 64, align: 'center' },
              {
                key: 'field',
                title: t('builder.field'),
                render: (_, r) => (
                  <Space wrap size={4}>
                    {t(r.label)}
                    {r.fixed && <Tag>{t('builder.fixed')}</Tag>}
                  </Space>
                ),
              },
              { key: 'shown', title: t('builder.shown'), width: 76, align: 'center', render: (_, r) => switchOf(r, 'shown') },
              { key: 'required', title: t('builder.required'), width: 76, align: 'center', render: (_, r) => switchOf(r, 'required') },
            ]}
          />
        </Flex>
      </Card>
    </Flex>
  );
}
