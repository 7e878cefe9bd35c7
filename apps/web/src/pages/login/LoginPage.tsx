/**
 * /login (spec §2, §5): account 4–16 characters, password at least 5, captcha required; the
 * captcha image refreshes on click; "remember me" keeps the session cookies; language switch.
 * Plain HTML and CSS — no antd — so the first page a staff member opens loads quickly.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../i18n/languages.js';
import { getCaptcha, getUserInfo, login } from '../../api/auth.js';
import type { Captcha } from '../../api/types.js';
import { changeLanguage } from '../../i18n/index.js';
import { useSession } from '../../stores/session.js';
import { useSettings } from '../../stores/settings.js';
import { useTags } from '../../stores/tags.js';
import { useCompanyName, useDocumentTitle } from '../../shell/use-document-title.js';
import { useCompany } from '../../stores/company.js';
import { accessiblePrimary } from '../../components/theme-color.js';
import { CHANGE_PASSWORD_PAGE, DASHBOARD_PATH } from '../../shell/fixed-routes.js';
import { preloadWorkspace } from '../../app/preload.js';
import { checkLogin, type LoginErrors, type LoginFields } from './login-rules.js';
import './login.css';

/** Spec §9: error messages stay 5 s. */
const ERROR_MS = 5000;

/** Only paths inside the app may be a redirect target (no open redirect to other sites). */
export const safeRedirect = (value: string | null) =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const language = useSettings((s) => s.language);
  const themeColor = useSettings((s) => s.themeColor);
  const setSettings = useSettings((s) => s.set);
  const company = useCompanyName();
  const logo = useCompany((s) => s.company?.logoUrl);
  useDocumentTitle('auth:title');

  const [fields, setFields] = useState<LoginFields>({ username: '', password: '', captcha: '' });
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverError, setServerError] = useState<string>();
  const [captcha, setCaptcha] = useState<Captcha>();
  const [submitting, setSubmitting] = useState(false);
  const errorTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The captcha being fetched: a click on Log in before it arrives waits for it instead of
  // doing nothing (the answer typed is checked against the image the staff sees once it loads).
  const pendingCaptcha = useRef<Promise<Captcha | undefined>>(undefined);
  const refreshCaptcha = useCallback(() => {
    const pending = getCaptcha().then(
      (c) => c as Captcha | undefined,
      () => undefined,
    );
    pendingCaptcha.current = pending;
    void pending.then((c) => {
      if (pendingCaptcha.current === pending) setCaptcha(c);
    });
    return pending;
  }, []);

  useEffect(() => {
    // A fresh login starts with a clean workspace.
    useSession.getState().setUser(null);
    useTags.getState().reset();
    void refreshCaptcha();
    return () => clearTimeout(errorTimer.current);
  }, [refreshCaptcha]);

  const update = (name: keyof LoginFields) => (e: { target: { value: string } }) => {
    // Typing means a login is coming: fetch the workspace meanwhile (once).
    preloadWorkspace();
    const next = { ...fields, [name]: e.target.value };
    setFields(next);
    // Once a field has shown an error, re-check it as the staff types.
    if (errors[name]) setErrors({ ...errors, [name]: checkLogin(next)[name] });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkLogin(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['username', 'password', 'captcha'] as const).find((k) => found[k]);
      document.getElementById(`login-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    preloadWorkspace();
    try {
      const current = captcha ?? (await (pendingCaptcha.current ?? refreshCaptcha()));
      if (!current) throw new Error(t('captchaUnavailable'));
      const pair = await login({
        username: fields.username.trim(),
        password: fields.password,
        captcha: fields.captcha.trim(),
        key: current.key,
        remember,
      });
      // A password an administrator set: the server answers nothing else until it is changed.
      if (pair.password_must_change) {
        navigate(`${CHANGE_PASSWORD_PAGE}?redirect=${encodeURIComponent(safeRedirect(params.get('redirect')))}`, { replace: true });
        return;
      }
      // The workspace opens with its user already known (no loading screen, no second render);
      // a failed load is left to the shell, which loads again and says what went wrong.
      const info = await getUserInfo().catch(() => undefined);
      if (info && Array.isArray(info.roles) && info.roles.length > 0) useSession.getState().setUser(info);
      const target = safeRedirect(params.get('redirect'));
      navigate(target === '/' ? DASHBOARD_PATH : target, { replace: true });
    } catch (err) {
      clearTimeout(errorTimer.current);
      setServerError(err instanceof Error ? err.message : String(err));
      errorTimer.current = setTimeout(() => setServerError(undefined), ERROR_MS);
      setFields((f) => ({ ...f, captcha: '' }));
      void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof LoginFields, label: string, input: React.ReactNode) => (
    <div className={`login-field${errors[name] ? ' has-error' : ''}`}>
      <label htmlFor={`login-${name}`}>{label}</label>
      {input}
      {errors[name] && (
        <div className="login-error" id={`login-${name}-error`}>
          {t(errors[name])}
        </div>
      )}
    </div>
  );
  const aria = (name: keyof LoginFields) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `login-${name}-error` : undefined,
  });

  return (
    <div className="login-page" style={{ ['--login-primary' as string]: accessiblePrimary(themeColor) }}>
      <header className="login-top">
        <label className="visually-hidden" htmlFor="login-language">
          {t('shell:nav.language')}
        </label>
        <select
          id="login-language"
          className="login-language"
          value={language}
          onChange={async (e) => {
            const lng = e.target.value as Language;
            await changeLanguage(lng);
            setSettings({ language: lng });
          }}
        >
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {t(`common:languages.${lng}`)}
            </option>
          ))}
        </select>
      </header>
      <main className="login-card">
        <div className="login-brand">
          <img src={logo || '/favicon.svg'} alt="" width={40} height={40} style={{ objectFit: 'contain' }} />
          <div>
            <h1>{company}</h1>
            <p>{t('subtitle')}</p>
          </div>
        </div>
        <h2 className="login-title">{t('title')}</h2>
        {serverError && (
          <div className="login-alert" role="alert">
            {serverError}
          </div>
        )}
        <form onSubmit={onSubmit} noValidate>
          {field(
            'username',
            t('username'),
            <input
              id="login-username"
              name="username"
              autoComplete="username"
              autoFocus
              value={fields.username}
              onChange={update('username')}
              {...aria('username')}
            />,
          )}
          {field(
            'password',
            t('password'),
            <div className="login-password">
              <input
                id="login-password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={fields.password}
                onChange={update('password')}
                {...aria('password')}
              />
              <button
                type="button"
                className="login-eye"
                aria-label={t('showPassword')}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path
                    d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8z"
                    fill="currentColor"
                  />
                </svg>
              </button>
            </div>,
          )}
          {field(
            'captcha',
            t('captcha'),
            <div className="login-captcha">
              <input
                id="login-captcha"
                name="captcha"
                autoComplete="off"
                value={fields.captcha}
                onChange={update('captcha')}
                {...aria('captcha')}
              />
              <button type="button" className="login-captcha-img" onClick={() => void refreshCaptcha()} title={t('captchaAlt')}>
                {captcha ? <img src={captcha.captcha} alt={t('captchaAlt')} /> : <span className="visually-hidden">{t('captchaAlt')}</span>}
              </button>
            </div>,
          )}
          <label className="login-remember">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            {t('remember')}
          </label>
          <button type="submit" className="login-submit" disabled={submitting} aria-busy={submitting}>
            {t('submit')}
          </button>
        </form>
        <p className="login-legal">
          {t('agreement')} <Link to="/user-agreement">{t('shell:footer.agreement')}</Link> {t('and')}{' '}
          <Link to="/privacy-policy">{t('shell:footer.privacy')}</Link>
        </p>
      </main>
    </div>
  );
}
