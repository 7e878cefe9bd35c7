import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '@harbour/contracts';
import { changePassword, logout } from '../../api/auth.js';
import { ApiError } from '../../api/errors.js';
import { DASHBOARD_PATH } from '../../shell/fixed-routes.js';
import { useDocumentTitle } from '../../shell/use-document-title.js';

interface FormValues {
  currentPassword: string;
  password: string;
  confirm: string;
}

/** Only paths of this site, as the login page takes them. */
const inside = (v: string | null) => (v && v.startsWith('/') && !v.startsWith('//') && v !== '/' ? v : DASHBOARD_PATH);

/**
 * The first-login screen of a staff member whose password an administrator set (OWASP ASVS 5.0):
 * the server answers nothing but `POST /changePassword` until it is changed, so the login page comes
 * here instead of the workspace. The policy (length setting, common passwords) is the server's; its
 * refusals show next to the field they concern.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  useDocumentTitle('shell:changePassword.title');

  const submit = async (v: FormValues) => {
    setSaving(true);
    setError(undefined);
    try {
      await changePassword({ currentPassword: v.currentPassword, password: v.password });
      navigate(inside(params.get('redirect')), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.errors?.length) form.setFields(e.errors.map((fe) => ({ name: fe.field as keyof FormValues, errors: [fe.message] })));
      else setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 440 }} title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('changePassword.title')}</h1>}>
        <p style={{ marginTop: 0 }}>{t('changePassword.intro', { min: PASSWORD_MIN })}</p>
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item name="currentPassword" label={t('profile.oldPassword')} rules={[{ required: true, message: t('validation:currentPasswordRequired') }]}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('profile.newPassword')} rules={[{ required: true, min: PASSWORD_MIN, message: t('validation:passwordLength') }]}>
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
          <div style={{ display: 'flex', gap: 8, justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Button onClick={() => void signOut()}>{t('changePassword.logout')}</Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('changePassword.submit')}
            </Button>
          </div>
        </Form>
      </Card>
    </main>
  );
}
