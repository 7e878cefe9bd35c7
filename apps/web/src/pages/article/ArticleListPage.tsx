import { useEffect } from 'react';
import { Badge } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { articleResource, type ArticleStatus } from '@harbour/contracts';
import { ResourceListPage } from '../../generic/ResourceListPage';
import type { Row } from '../../generic/use-resource';
import { ARTICLE_EDIT_PATH } from './article-api';
import { PublishAction } from './PublishAction';

/** Opens the edit screen for "create" / "edit" instead of a drawer (the content needs room). */
function OpenEditor({ target, onClose }: { target: 'new' | Row | undefined; onClose: () => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (target === undefined) return;
    navigate(target === 'new' ? ARTICLE_EDIT_PATH : `${ARTICLE_EDIT_PATH}?id=${target.id}`);
    onClose();
  }, [target, navigate, onClose]);
  return null;
}

/** Articles (spec §2): the generic list over the declaration; create and edit open the edit screen. */
export default function ArticleListPage() {
  const { t } = useTranslation('enums');
  return (
    <ResourceListPage
      decl={articleResource}
      cells={{
        status: (row) => (
          <Badge status={row.status === 'published' ? 'success' : 'default'} text={t(`articleStatus.${String(row.status)}`)} />
        ),
      }}
      rowActions={(row) => <PublishAction id={Number(row.id)} status={row.status as ArticleStatus} />}
      renderForm={(props) => <OpenEditor {...props} />}
    />
  );
}
