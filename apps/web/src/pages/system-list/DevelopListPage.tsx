import { useId, useState } from 'react';
import { Alert, Badge, Button, Card, Descriptions, Flex, Form, InputNumber, Select, Switch, Table, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, SETTING_GROUPS, type CreateSystemDevelopInput, type Language, type SystemDevelop } from '@harbour/contracts';
import { isSuperAdmin, useSession } from '../../stores/session';
import { useFeedback } from '../../generic/use-feedback';
import { rangeText, valueText } from './param-text';
import { EditDialog } from './EditDialog';
import { LastChange } from './LastChange';
import { systemListApi } from './system-list-api';

const yesNo = (on: boolean, t: (k: string) => string) => <Badge status={on ? 'success' : 'default'} text={t(on ? 'enums:yesNo.true' : 'enums:yesNo.false')} />;

/** The texts of a parameter in the three languages and its last change (the expanded row). */
function Texts({ d }: { d: SystemDevelop }) {
  const { t } = useTranslation('params');
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        ...LANGUAGES.map((l: Language) => ({
        key: l,
        label: t(`develop.languages.${l}`),
        children: (
          <Flex vertical>
            <Typography.Text strong>{d.label[l]}</Typography.Text>
            <Typography.Text type="secondary">{d.description[l]}</Typography.Text>
          </Flex>
        ),
        })),
        { key: 'updated', label: t('columns.updated'), children: <LastChange at={d.updatedAt} by={d.updatedBy} /> },
      ]}
    />
  );
}

type Presentation = Required<Omit<CreateSystemDevelopInput, 'key'>>;

function EditDefinition({ d, onClose }: { d: SystemDevelop; onClose: () => void }) {
  const { t, i18n } = useTranslation(['params', 'settings']);
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<Presentation>();
  const formName = useId();
  const save = useMutation({
    mutationFn: (v: Presentation) => systemListApi.setDevelop({ key: d.key, ...v }),
    onSuccess: async () => {
      message.success(t('success:saved'));
      await qc.invalidateQueries({ queryKey: ['systemList'] });
      onClose();
    },
  });
  const name = d.label[i18n.language as Language] ?? d.key;
  return (
    <EditDialog title={t('params:develop.editTitle', { name })} pending={save.isPending} onOk={() => form.submit()} onClose={onClose}>
      <Form<Presentation>
        form={form}
        name={formName}
        layout="vertical"
        initialValues={{ group: d.group, sort: d.sort, listed: d.listed, editable: d.editable }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="group" label={t('params:columns.group')} rules={[{ required: true }]}>
          <Select options={SETTING_GROUPS.map((g) => ({ value: g, label: t(`settings:sections.${g}`) }))} />
        </Form.Item>
        <Form.Item name="sort" label={t('params:columns.sort')} rules={[{ required: true }]}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="listed" label={t('params:columns.listed')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="editable" label={t('params:columns.editable')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </EditDialog>
  );
}

/**
 * System → develop list: every parameter definition — key, group, type, range, default, texts in
 * three languages — and how the system list presents it, which only the super administrator changes.
 */
export default function DevelopListPage() {
  const { t, i18n } = useTranslation(['params', 'settings', 'enums']);
  const superAdmin = isSuperAdmin(useSession((s) => s.user));
  const [editing, setEditing] = useState<SystemDevelop | null>(null);
  const list = useQuery({ queryKey: ['systemList', 'develop'], queryFn: ({ signal }) => systemListApi.developList(signal) });
  if (list.isError) return <Alert type="error" showIcon title={list.error.message} />;
  const lang = i18n.language as Language;
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('params:develop.intro')}</Typography.Text>
          {!superAdmin && <Alert type="info" showIcon title={t('params:develop.superOnly')} />}
        </Flex>
      </Card>
      <Card>
        <Table<SystemDevelop>
          rowKey="key"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: 1100 }}
          expandable={{ expandedRowRender: (d) => <Texts d={d} /> }}
          locale={{ emptyText: t('params:empty') }}
          columns={[
            {
              title: t('params:columns.name'),
              key: 'name',
              width: 220,
              render: (_, d) => (
                <Flex vertical>
                  <Typography.Text strong>{d.label[lang] ?? d.label.en}</Typography.Text>
                  <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
                    {d.key}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('params:columns.group'),
              key: 'group',
              width: 150,
              render: (_, d) => (
                <Flex vertical>
                  <span>{t(`settings:sections.${d.group}`)}</span>
                  <Typography.Text type="secondary">
                    {t('params:columns.sort')} {d.sort}
                  </Typography.Text>
                </Flex>
              ),
            },
            { title: t('params:columns.kind'), key: 'kind', width: 90, render: (_, d) => t(`params:kinds.${d.kind}`) },
            { title: t('params:columns.range'), key: 'range', width: 190, render: (_, d) => rangeText(t, d) },
            { title: t('params:columns.default'), key: 'default', width: 130, render: (_, d) => valueText(t, d, d.default) },
            { title: t('params:columns.listed'), key: 'listed', width: 100, render: (_, d) => yesNo(d.listed, t) },
            { title: t('params:columns.editable'), key: 'editable', width: 100, render: (_, d) => yesNo(d.editable, t) },
            ...(superAdmin
              ? [
                  {
                    title: t('params:columns.actions'),
                    key: 'actions',
                    width: 90,
                    render: (_: unknown, d: SystemDevelop) => (
                      <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing(d)}>
                        {t('params:edit')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {editing && <EditDefinition d={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
