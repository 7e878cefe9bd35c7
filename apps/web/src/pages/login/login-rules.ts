/** Spec §5 login rules: account 4–16 characters; password at least 5; all three required. */
export interface LoginFields {
  username: string;
  password: string;
  captcha: string;
}

export type LoginErrors = Partial<Record<keyof LoginFields, string>>;

/** Returns i18n keys (namespace `auth`) of the problems, by field. */
export function checkLogin(v: LoginFields): LoginErrors {
  const errors: LoginErrors = {};
  const username = v.username.trim();
  if (!username) errors.username = 'rules.usernameRequired';
  else if (username.length < 4 || username.length > 16) errors.username = 'rules.usernameLength';
  if (!v.password) errors.password = 'rules.passwordRequired';
  else if (v.password.length < 5) errors.password = 'rules.passwordLength';
  if (!v.captcha.trim()) errors.captcha = 'rules.captchaRequired';
  return errors;
}
