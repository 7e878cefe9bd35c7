import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Alert, Badge, Button, Card, Col, Flex, Form, Row, Skeleton, Space, Typography, Upload, theme, type FormRule as Rule } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PictureOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH, ARTICLE_LIMITS, articleResource, type ArticleItem, type ResourceField } from '@harbour/contracts';
import { usePermission } from '../../components/Permission.js';
import { FieldInput } from '../../generic/FieldInput';
import { formFields, toFormValues, toPayload } from '../../generic/form-values';
import { applyServerErrors, fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { useCreateResource, useResourceItem, useUpdateResource } from '../../generic/use-resource';
import { useSession } from '../../stores/session';
import { ARTICLE_EDIT_PATH, articleApi, imageFileProblem, imagePixels, isBannerSize } from './article-api';
import { PublishAction } from './PublishAction';
import type { RichTextEditorProps } from './RichTextEditor';

// The editor (and its ProseMirror) is its own chunk, fetched only when this screen opens.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The form control of the content: the editor once its chunk is here (Form.Item passes value/onChange through). */
function ContentInput(props: RichTextEditorProps) {
  const { t } = useTranslation('articles');
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 300 }} aria-label={t('editor.loading')} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** Holds the image URL in the form; the preview and the buttons show it. */
function ImageValue(_: { value?: string | null }) {
  return null;
}

const LIST_PATH = '/article/list';
const FIELDS = formFields(articleResource.fields, 'create');
const FORM_FIELDS = [...FIELDS.map((f) => f.name), 'content', 'image'];

/**
 * Articles → edit (spec §2 "Article (list, edit)"): title, date, author, short content, the
 * 620 × 248 image with a preview, and the rich-text content. `?id=` edits one; without it a new
 * draft is created. Publishing is a separate action (the list's, or the button here).
 */
export default function ArticleEditPage() {
  const { t } = useTranslation('articles');
  const { token } = theme.useToken();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const formName = useId();
  const [form] = Form.useForm<Record<string, unknown>>();
  const { message } = useFeedback();
  const idParam = Number(search.get('id'));
  const id = Number.isInteger(idParam) && idParam > 0 ? idParam : undefined;
  const mode = id ? 'edit' : 'create';
  const item = useResourceItem(articleResource, id);
  const article = item.data as ArticleItem | undefined;
  const create = useCreateResource(articleResource);
  const update = useUpdateResource(articleResource);
  const mayEdit = usePermission(id ? 'article.update' : 'article.create');
  const userName = useSession((s) => s.user?.name);
  const image = Form.useWatch('image', form) as string | null | undefined;
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState<string>();

  useEffect(() => {
    if (article) form.setFieldsValue({ ...toFormValues(articleResource.fields, article, 'edit'), content: article.content, image: article.image });
  }, [article, form]);

  const saving = create.isPending || update.isPending;
  /** The contract's rules, checked before sending: required, and the column's length. */
  const rulesOf = (f: ResourceField): Rule[] => {
    if (f.kind === 'date') return [{ required: true, message: t('validation:date') }];
    const max = ARTICLE_LIMITS[f.name as 'title' | 'author' | 'summary'];
    return [...(f.required ? [{ required: true, whitespace: true, message: t(`${f.name}Required`) }] : []), { max, message: t('validation:tooLong', { max }) }];
  };
  const onFinish = async (values: Record<string, unknown>) => {
    const body = { ...toPayload(articleResource.fields, values, mode, (n) => n === 'summary'), content: values.content ?? '', image: values.image ?? null };
    try {
      const saved = (id ? await update.mutateAsync({ id, body }) : await create.mutateAsync(body)) as unknown as ArticleItem;
      void message.success(t(id ? 'success:updated' : 'success:created'));
      form.setFieldsValue({ content: saved.content });
      if (!id) navigate(`${ARTICLE_EDIT_PATH}?id=${saved.id}`, { replace: true });
    } catch (err) {
      applyServerErrors(form, err, FORM_FIELDS);
    }
  };

  const pickImage = async (file: File) => {
    setImageError(undefined);
    const problem = imageFileProblem(file);
    if (problem) return setImageError(t(problem));
    const size = await imagePixels(file);
    if (size && !isBannerSize(size)) return setImageError(t('imageSize', size));
    setUploading(true);
    try {
      const { url } = await articleApi.uploadImage(file);
      form.setFieldsValue({ image: url });
      form.setFields([{ name: 'image', errors: [] }]);
    } catch (err) {
      setImageError((err as Error).message || fieldErrorsOf(err)[0]?.message);
    } finally {
      setUploading(false);
    }
  };

  if (id && item.isError) return <Alert type="error" showIcon title={t('notFound')} action={<Button onClick={() => navigate(LIST_PATH)}>{t('back')}</Button>} />;
  if (id && !article) return <Skeleton active paragraph={{ rows: 12 }} />;

  const previewWidth = `min(100%, ${ARTICLE_IMAGE_WIDTH}px)`;
  return (
    <Card variant="borderless">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t(id ? 'editTitle' : 'newTitle')}
          </Typography.Title>
          {article && <Badge status={article.status === 'published' ? 'success' : 'default'} text={t(`enums:articleStatus.${article.status}`)} />}
        </Space>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
            {t('back')}
          </Button>
          {article && <PublishAction id={article.id} status={article.status} onDone={() => void item.refetch()} />}
          {mayEdit && (
            <Button type="primary" icon={<SaveOutlined />} htmlType="submit" form={formName} loading={saving}>
              {t('save')}
            </Button>
          )}
        </Space>
      </Flex>
      <Form
        name={formName}
        id={formName}
        form={form}
        layout="vertical"
        disabled={!mayEdit}
        initialValues={id ? undefined : { date: dayjs(), author: userName ?? '', content: '', image: null }}
        onFinish={onFinish}
        scrollToFirstError
      >
        <Row gutter={24}>
          <Col xs={24} xl={14}>
            <Row gutter={16}>
              {FIELDS.map((f) => (
                <Col key={f.name} xs={24} md={f.kind === 'date' || f.name === 'author' ? 12 : 24}>
                  <Form.Item
                    name={f.name}
                    label={t(`fields.${f.name}`)}
                    required={f.required}
                    rules={rulesOf(f)}
                  >
                    {f.kind === 'textarea' ? (
                      <FieldInput field={f} showCount maxLength={ARTICLE_LIMITS.summary} autoSize={{ minRows: 2, maxRows: 4 }} />
                    ) : (
                      <FieldInput field={f} {...(f.kind === 'date' ? {} : { maxLength: ARTICLE_LIMITS[f.name as 'title' | 'author'] })} />
                    )}
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Col>
          <Col xs={24} xl={10}>
            <Form.Item label={t('fields.image')} extra={t('imageHint')} validateStatus={imageError ? 'error' : undefined} help={imageError}>
              <Flex vertical gap={8}>
                <Form.Item name="image" noStyle>
                  <ImageValue />
                </Form.Item>
                <div
                  style={{
                    width: previewWidth,
                    aspectRatio: `${ARTICLE_IMAGE_WIDTH} / ${ARTICLE_IMAGE_HEIGHT}`,
                    border: `1px dashed ${token.colorBorder}`,
                    borderRadius: token.borderRadius,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    overflow: 'hidden',
                    background: token.colorFillQuaternary,
                  }}
                >
                  {image ? (
                    <img src={image} alt={t('preview')} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                  ) : (
                    <Typography.Text type="secondary">
                      <PictureOutlined aria-hidden /> {t('noImage')}
                    </Typography.Text>
                  )}
                </div>
                {mayEdit && (
                  <Space wrap>
                    <Upload
                      accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                      showUploadList={false}
                      beforeUpload={(file) => {
                        void pickImage(file);
                        return Upload.LIST_IGNORE;
                      }}
                    >
                      <Button icon={<UploadOutlined />} loading={uploading}>
                        {t('upload')}
                      </Button>
                    </Upload>
                    {image && (
                      <Button icon={<DeleteOutlined />} onClick={() => form.setFieldsValue({ image: null })}>
                        {t('removeImage')}
                      </Button>
                    )}
                  </Space>
                )}
              </Flex>
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="content"
          label={t('fields.content')}
          required
          rules={[{ validator: async (_, v: string | undefined) => { if (!v || !v.replace(/<[^>]*>|&nbsp;|\s/g, '')) throw new Error(t('contentRequired')); } }]}
        >
          <ContentInput />
        </Form.Item>
      </Form>
    </Card>
  );
}
