/**
 * /adminModify: the staff member's own details — name, mobile, email, avatar (JPG/PNG/GIF up to
 * 2 MB) and a password change that needs the current password (spec §2, §5).
 */
import { PASSWORD_MIN } from '@harbour/contracts';
import { useEffect, useState } from 'react';
import { App, Avatar, Button, Card, Divider, Form, Input, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { validateEmail, validateHkMobile } from '@harbour/domain';
import { getOwnDetails, getUserInfo, saveOwnDetails, uploadAvatar } from '../../api/auth.js';
import { ApiError } from '../../api/errors.js';
import type { OwnProfile } from '../../api/types.js';
import { useSession } from '../../stores/session.js';
import { checkAvatar } from './avatar-check.js';

interface FormValues {
  name: string;
  mobile: string;
  email?: string;
  currentPassword?: string;
  password?: string;
  confirm?: string;
}

const NAME_MIN = 2;
const NAME_MAX = 16;

export default function AdminModifyPage() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [profile, setProfile] = useState<OwnProfile>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    getOwnDetails()
      .then((p) => {
        setProfile(p);
        form.setFieldsValue({ name: p.name, mobile: p.mobile ?? '', email: p.email ?? '' });
      })
      .catch(() => undefined);
  }, [form]);

  const refreshSession = async () => useSession.getState().setUser(await getUserInfo({ startup: false }));

  const onFinish = async (v: FormValues) => {
    setSaving(true);
    try {
      const saved = await saveOwnDetails({
        name: v.name.trim(),
        mobile: v.mobile.trim(),
        email: v.email?.trim() || null,
        password: v.password || null,
        currentPassword: v.password ? v.currentPassword || null : null,
      });
      setProfile(saved);
      form.setFieldsValue({ currentPassword: '', password: '', confirm: '' });
      void message.success(t('success:modified'));
      await refreshSession();
    } catch (e) {
      if (e instanceof ApiError && e.errors?.length) {
        form.setFields(e.errors.map((fe) => ({ name: fe.field as keyof FormValues, errors: [fe.message] })));
      } else if (e instanceof Error) void message.error({ content: e.message, duration: 5 });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('profile.title')}</h1>} style={{ maxWidth: 720 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 24, flexWrap: 'wrap' }}>
        <Avatar
          size={72}
          src={profile?.avatarUrl || undefined}
          icon={<UserOutlined />}
          alt={t('profile.avatarAlt', { name: profile?.name ?? '' })}
        />
        <div>
          <Upload
            accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = checkAvatar(file);
              if (problem) {
                void message.error({ content: t(problem === 'type' ? 'admin:avatarType' : 'admin:avatarTooLarge'), duration: 5 });
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={async ({ file, onSuccess, onError }) => {
              setUploading(true);
              try {
                const saved = await uploadAvatar(file as File);
                setProfile(saved);
                void message.success(t('profile.avatarSaved'));
                onSuccess?.(saved);
                await refreshSession();
              } catch (e) {
                onError?.(e as Error);
              } finally {
                setUploading(false);
              }
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              {t('profile.upload')}
            </Button>
          </Upload>
          <div style={{ fontSize: 12, marginTop: 6, color: 'var(--harbour-muted)' }}>{t('profile.avatarHint')}</div>
        </div>
      </div>
      <Form<FormValues> form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 480 }}>
        {profile?.username && (
          <Form.Item label={t('profile.username')} htmlFor="profile-username">
            <Input id="profile-username" value={profile.username} disabled />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('profile.name')}
          rules={[{ required: true, min: NAME_MIN, max: NAME_MAX, whitespace: true, message: t('validation:nameLength') }]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={t('profile.mobile')}
          rules={[
            {
              required: true,
              validator: (_, v: string | undefined) =>
                validateHkMobile(v ?? '').ok ? Promise.resolve() : Promise.reject(new Error(t('validation:mobile'))),
            },
          ]}
        >
          <Input autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('profile.email')}
          rules={[
            {
              validator: (_, v: string | undefined) =>
                !v?.trim() || validateEmail(v).ok ? Promise.resolve() : Promise.reject(new Error(t('validation:email'))),
            },
          ]}
        >
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <Divider titlePlacement="start">{t('profile.password')}</Divider>
        <p style={{ fontSize: 12, color: 'var(--harbour-muted)', marginTop: -8 }}>{t('profile.passwordHint')}</p>
        <Form.Item
          name="currentPassword"
          label={t('profile.oldPassword')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v: string | undefined) =>
                getFieldValue('password') && !v ? Promise.reject(new Error(t('validation:currentPasswordRequired'))) : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('profile.newPassword')} rules={[{ min: PASSWORD_MIN, message: t('validation:passwordLength') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('profile.confirmPassword')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v: string | undefined) =>
                (getFieldValue('password') ?? '') === (v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('profile.confirmRule'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common:actions.save')}
        </Button>
      </Form>
    </Card>
  );
}
