/**
 * /login (spec §2, §5): account 4–16 characters, password at least 5, captcha required; the
 * captcha image refreshes on click; "remember me" keeps the session cookies; language switch.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { App, Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { getCaptcha, login } from '../../api/auth.js';
import type { Captcha } from '../../api/types.js';
import { useSession } from '../../stores/session.js';
import { useTags } from '../../stores/tags.js';
import { LanguageMenu } from '../../shell/LanguageMenu.js';
import { useCompanyName, useDocumentTitle } from '../../shell/use-document-title.js';
import './login.css';

interface LoginForm {
  username: string;
  password: string;
  captcha: string;
  remember: boolean;
}

/** Only paths inside the app may be a redirect target (no open redirect to other sites). */
export const safeRedirect = (value: string | null) =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const [captcha, setCaptcha] = useState<Captcha>();
  const [submitting, setSubmitting] = useState(false);
  const company = useCompanyName();
  useDocumentTitle('auth:title');

  const refreshCaptcha = useCallback(() => {
    getCaptcha()
      .then(setCaptcha)
      .catch(() => setCaptcha(undefined));
  }, []);

  useEffect(() => {
    // A fresh login starts with a clean workspace.
    useSession.getState().setUser(null);
    useTags.getState().reset();
    refreshCaptcha();
  }, [refreshCaptcha]);

  const onFinish = async (values: LoginForm) => {
    if (!captcha) return refreshCaptcha();
    setSubmitting(true);
    try {
      await login({
        username: values.username.trim(),
        password: values.password,
        captcha: values.captcha.trim(),
        key: captcha.key,
        remember: values.remember,
      });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      void message.error({ content: e instanceof Error ? e.message : String(e), duration: 5 });
      form.setFieldValue('captcha', '');
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page">
      <header className="login-top">
        <LanguageMenu withLabel />
      </header>
      <main className="login-card">
        <div className="login-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            <h1>{company}</h1>
            <p>{t('subtitle')}</p>
          </div>
        </div>
        <h2 className="login-title">{t('title')}</h2>
        <Form<LoginForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ remember: false }}
          onFinish={onFinish}
          size="large"
        >
          <Form.Item
            name="username"
            label={t('username')}
            rules={[
              { required: true, whitespace: true, message: t('rules.usernameRequired') },
              { min: 4, max: 16, message: t('rules.usernameLength') },
            ]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('password')}
            rules={[
              { required: true, message: t('rules.passwordRequired') },
              { min: 5, message: t('rules.passwordLength') },
            ]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item label={t('captcha')} required={false} style={{ marginBottom: 0 }}>
            <div className="login-captcha">
              <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: t('rules.captchaRequired') }]}>
                <Input autoComplete="off" inputMode="text" aria-label={t('captcha')} />
              </Form.Item>
              <button type="button" className="login-captcha-img" onClick={refreshCaptcha} title={t('captchaAlt')}>
                {captcha ? <img src={captcha.captcha} alt={t('captchaAlt')} /> : <span className="visually-hidden">{t('captchaAlt')}</span>}
              </button>
            </div>
          </Form.Item>
          <Form.Item name="remember" valuePropName="checked" style={{ margin: '16px 0 8px' }}>
            <Checkbox>{t('remember')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('submit')}
          </Button>
        </Form>
        <p className="login-legal">
          {t('agreement')} <Link to="/user-agreement">{t('shell:footer.agreement')}</Link> {t('and')}{' '}
          <Link to="/privacy-policy">{t('shell:footer.privacy')}</Link>
        </p>
      </main>
    </div>
  );
}
