/** Spec §5 login rules: account 4–16 characters; password at least 5; all three required. */
export interface LoginFields {
  username: string;
  password: string;
  captcha: string;
}

export type LoginErrors = Partial<Record<keyof LoginFields, string>>;

/** Returns the problems by field, as keys of the shared validation messages the server answers with too. */
export function checkLogin(v: LoginFields): LoginErrors {
  const errors: LoginErrors = {};
  const username = v.username.trim();
  if (!username) errors.username = 'validation:accountRequired';
  else if (username.length < 4 || username.length > 16) errors.username = 'validation:usernameLength';
  if (!v.password) errors.password = 'validation:passwordRequired';
  else if (v.password.length < 5) errors.password = 'validation:loginPasswordLength';
  if (!v.captcha.trim()) errors.captcha = 'validation:captchaRequired';
  return errors;
}
