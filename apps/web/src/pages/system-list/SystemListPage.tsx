import { useId, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Form, Grid, List, Skeleton, Table, Tabs, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SettingGroup, SystemParam, SystemSettingKey } from '@harbour/contracts';
import { usePermission } from '../../components/Permission';
import { applyServerErrors } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { SettingControl, SWITCHES } from '../system-settings/SettingControl';
import { EditDialog } from './EditDialog';
import { LastChange } from './LastChange';
import { rangeText, valueText } from './param-text';
import { systemListApi } from './system-list-api';

/** One group's parameters. */
function GroupTable({ group, onEdit }: { group: SettingGroup; onEdit: (p: SystemParam) => void }) {
  const { t } = useTranslation(['params', 'settings']);
  const mayEdit = usePermission('system.list.edit');
  const narrow = !Grid.useBreakpoint().md;
  const params = useQuery({ queryKey: ['systemList', 'group', group], queryFn: ({ signal }) => systemListApi.group(group, signal) });
  if (params.isError) return <Alert type="error" showIcon title={params.error.message} />;
  const action = (p: SystemParam) =>
    mayEdit && p.editable ? (
      <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => onEdit(p)}>
        {t('params:edit')}
      </Button>
    ) : (
      <Tag>{t('params:readOnly')}</Tag>
    );
  if (narrow) {
    // A phone: one card-like item per parameter instead of a table wider than the screen.
    return (
      <List<SystemParam>
        loading={params.isLoading}
        dataSource={params.data ?? []}
        locale={{ emptyText: t('params:empty') }}
        rowKey="key"
        renderItem={(p) => (
          <List.Item>
            <Flex vertical gap={4} style={{ width: '100%' }}>
              <Flex justify="space-between" align="start" gap={8}>
                <Typography.Text strong>{t(`settings:fields.${p.key}`)}</Typography.Text>
                {action(p)}
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`settings:help.${p.key}`)}
              </Typography.Text>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'value', label: t('params:columns.value'), children: valueText(t, p, p.value) },
                  { key: 'range', label: t('params:columns.range'), children: rangeText(t, p) },
                  { key: 'default', label: t('params:columns.default'), children: valueText(t, p, p.default) },
                  { key: 'updated', label: t('params:columns.updated'), children: <LastChange at={p.updatedAt} by={p.updatedBy} /> },
                ]}
              />
            </Flex>
          </List.Item>
        )}
      />
    );
  }
  return (
    <Table<SystemParam>
      rowKey="key"
      size="middle"
      loading={params.isLoading}
      dataSource={params.data ?? []}
      pagination={false}
      scroll={{ x: 900 }}
      locale={{ emptyText: t('params:empty') }}
      columns={[
        {
          title: t('params:columns.name'),
          key: 'name',
          width: 300,
          render: (_, p) => (
            <Flex vertical>
              <Typography.Text strong>{t(`settings:fields.${p.key}`)}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`settings:help.${p.key}`)}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: t('params:columns.value'),
          key: 'value',
          width: 180,
          render: (_, p) => valueText(t, p, p.value),
        },
        { title: t('params:columns.range'), key: 'range', width: 200, render: (_, p) => rangeText(t, p) },
        { title: t('params:columns.default'), key: 'default', width: 150, render: (_, p) => valueText(t, p, p.default) },
        { title: t('params:columns.updated'), key: 'updated', width: 150, render: (_, p) => <LastChange at={p.updatedAt} by={p.updatedBy} /> },
        {
          title: t('params:columns.actions'),
          key: 'actions',
          width: 110,
          fixed: 'right',
          render: (_, p) => action(p),
        },
      ]}
    />
  );
}

/** The dialog that changes one parameter, with the default settings page's own input. */
function EditParam({ param, onClose }: { param: SystemParam; onClose: () => void }) {
  const { t } = useTranslation(['params', 'settings']);
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ value: unknown }>();
  const formName = useId();
  const key = param.key as SystemSettingKey;
  const save = useMutation({
    mutationFn: (value: unknown) => systemListApi.set({ key, value }),
    onSuccess: async () => {
      message.success(t('success:saved'));
      await qc.invalidateQueries({ queryKey: ['systemList'] });
      await qc.invalidateQueries({ queryKey: ['settings'] });
      onClose();
    },
    onError: (err) => {
      const unmatched = applyServerErrors(form, err, ['value']);
      message.error(unmatched[0]?.message ?? err.message);
    },
  });
  const label = t(`settings:fields.${key}`);
  return (
    <EditDialog title={t('params:editTitle', { name: label })} pending={save.isPending} onOk={() => form.submit()} onClose={onClose}>
      <Form form={form} name={formName} layout="vertical" initialValues={{ value: param.value }} onFinish={(v) => save.mutate(v.value)}>
        <Form.Item name="value" label={label} extra={t(`settings:help.${key}`)} valuePropName={SWITCHES.has(key) ? 'checked' : 'value'}>
          <SettingControl name={key} />
        </Form.Item>
      </Form>
    </EditDialog>
  );
}

/**
 * System → system list: the system parameters by group (the same values as the default settings
 * page), each with its allowed range, default and last change; changed one at a time.
 */
export default function SystemListPage() {
  const { t } = useTranslation(['params', 'settings']);
  const [editing, setEditing] = useState<SystemParam | null>(null);
  const groups = useQuery({ queryKey: ['systemList', 'groups'], queryFn: ({ signal }) => systemListApi.groups(signal) });
  if (groups.isError) return <Alert type="error" showIcon title={groups.error.message} />;
  if (!groups.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Typography.Text type="secondary">{t('params:intro')}</Typography.Text>
      </Card>
      <Card>
        <Tabs
          items={groups.data.map((g) => ({
            key: g.id,
            label: `${t(`settings:sections.${g.id}`)} (${g.count})`,
            children: <GroupTable group={g.id} onEdit={setEditing} />,
          }))}
        />
      </Card>
      {editing && <EditParam param={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
