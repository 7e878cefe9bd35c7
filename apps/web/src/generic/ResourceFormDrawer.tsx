import { useMemo } from 'react';
import { Button, Drawer, Form, Grid, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDecl } from '@harbour/contracts';
import { ResourceForm, type ResourceFormProps } from './ResourceForm';
import { clearableIn } from './clearable';
import { formFields, toPayload } from './form-values';
import { nsKey } from './i18n-key';
import { applyServerErrors } from './server-errors';
import { useCreateResource, useResourceItem, useUpdateResource, type Row } from './use-resource';
import { useFeedback } from './use-feedback';
import { isApprovalRequested } from '../api/four-eyes';

/**
 * Create or edit one resource item in a side drawer, so the list (with its filters and page)
 * stays where it was. Edit loads the item fresh from `GET <path>/:id` rather than trusting the
 * list row, which may be masked or stale.
 */
export interface ResourceFormDrawerProps {
  decl: Pick<ResourceDecl, 'name' | 'path' | 'fields' | 'title' | 'update' | 'messages'>;
  /** `undefined`: closed; `'new'`: create; a row: edit it. */
  target: 'new' | Row | undefined;
  onClose: () => void;
  /** Hand-written items below the declared ones; a function gets the mode (an edit's reason). */
  extra?: ResourceFormProps['extra'] | ((mode: 'create' | 'edit') => ResourceFormProps['extra']);
  itemProps?: ResourceFormProps['itemProps'];
  controls?: ResourceFormProps['controls'];
  /** Turns the API item into the form's shape (e.g. `stores[]` → `storeIds`). */
  prepareItem?: (item: Row) => Row;
  /** Adds to the payload what the declared fields cannot express. */
  preparePayload?: (body: Record<string, unknown>, values: Record<string, unknown>, mode: 'create' | 'edit') => Record<string, unknown>;
  /** Drawer width; wide forms ask for more. */
  size?: number;
  /** Values a new item starts with (the default language, an enabled state). */
  defaults?: Row;
  /** Asks before creating (texts already translated): adding someone to the blacklist is deliberate. */
  confirmCreate?: { title: string; content?: string; okText?: string };
  /** The drawer's titles (message keys) when "New · <list title>" does not read well ("New staff member"). */
  titles?: { create: string; edit: string };
}

export function ResourceFormDrawer(props: ResourceFormDrawerProps) {
  const { decl, target, onClose, extra, itemProps, controls, prepareItem, preparePayload, size = 520, defaults, confirmCreate, titles } = props;
  const { t } = useTranslation();
  const { message, confirm } = useFeedback();
  const [form] = Form.useForm();
  // A phone gets the whole width; a fixed-width drawer would run off its screen.
  const wide = Grid.useBreakpoint().md !== false;
  const mode = target === 'new' ? 'create' : 'edit';
  const editId = target !== undefined && target !== 'new' ? target.id : undefined;
  const item = useResourceItem(decl, editId);
  const create = useCreateResource(decl);
  const update = useUpdateResource(decl);
  const saving = create.isPending || update.isPending;
  const names = formFields(decl.fields, mode).map((f) => f.name);

  const onFinish = (values: Record<string, unknown>) => {
    const declared = toPayload(decl.fields, values, mode, clearableIn(decl));
    const body = preparePayload ? preparePayload(declared, values, mode) : declared;
    const onError = (err: unknown) => applyServerErrors(form, err, names);
    if (editId === undefined) {
      const send = () =>
        create.mutate(body, {
          onSuccess: () => {
            message.success(t(nsKey(decl.messages?.create ?? 'success.created')));
            onClose();
          },
          onError,
        });
      if (!confirmCreate) send();
      else
        confirm({
          title: confirmCreate.title,
          content: confirmCreate.content,
          okText: confirmCreate.okText ?? t('admin:resource.save'),
          cancelText: t('admin:resource.cancel'),
          onOk: send,
        });
    } else {
      update.mutate(
        { id: editId, body },
        {
          onSuccess: (answer) => {
            // under four eyes (a staff level's limit) the edit waits for a second person: nothing changed yet
            if (isApprovalRequested(answer)) void message.info(t('approvals:success.requested'));
            else message.success(t(nsKey(decl.messages?.update ?? 'success.updated')));
            onClose();
          },
          onError,
        },
      );
    }
  };

  const loaded = item.data ?? (target !== 'new' ? target : undefined);
  const formItem = useMemo(() => (loaded && prepareItem ? prepareItem(loaded) : loaded), [loaded, prepareItem]);

  const title = titles
    ? t(nsKey(titles[mode]))
    : `${t(mode === 'create' ? 'admin:resource.create' : 'admin:resource.edit')} · ${t(nsKey(decl.title))}`;
  return (
    <Drawer
      open={target !== undefined}
      onClose={onClose}
      title={title}
      size={wide ? size : '100%'}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('admin:resource.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('admin:resource.save')}
          </Button>
        </Space>
      }
    >
      {mode === 'edit' && item.isLoading ? (
        <Spin />
      ) : (
        <ResourceForm
          name={`${decl.name}-form`}
          form={form}
          fields={decl.fields}
          mode={mode}
          item={mode === 'edit' ? formItem : defaults}
          onFinish={onFinish}
          disabled={saving}
          extra={typeof extra === 'function' ? extra(mode) : extra}
          itemProps={itemProps}
          controls={controls}
        />
      )}
    </Drawer>
  );
}
