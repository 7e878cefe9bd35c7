import { Popconfirm } from 'antd';
import { CloudUploadOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { articleResource, type ArticleStatus } from '@harbour/contracts';
import { Permission } from '../../components/Permission.js';
import { RowAction } from '../../generic/RowAction';
import { useFeedback } from '../../generic/use-feedback';
import { resourceKeys } from '../../generic/use-resource';
import { articleApi } from './article-api';

/** Publish a draft / unpublish a published article, after a confirmation. */
export function PublishAction({ id, status, onDone }: { id: number; status: ArticleStatus; onDone?: () => void }) {
  const { t } = useTranslation('articles');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const action = status === 'draft' ? 'publish' : 'unpublish';
  return (
    <Permission need="article.publish">
      <Popconfirm
        title={t(`${action}Confirm`)}
        okText={t(action)}
        cancelText={t('admin:resource.cancel')}
        onConfirm={() =>
          articleApi.action(id, action).then(
            async () => {
              void message.success(t(action === 'publish' ? 'published' : 'unpublished'));
              await qc.invalidateQueries({ queryKey: resourceKeys.all(articleResource.path) });
              onDone?.();
            },
            () => undefined,
          )
        }
      >
        <RowAction icon={action === 'publish' ? <CloudUploadOutlined /> : <StopOutlined />}>{t(action)}</RowAction>
      </Popconfirm>
    </Permission>
  );
}
