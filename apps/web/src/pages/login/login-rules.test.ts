import { describe, expect, it } from 'vitest';
import { checkLogin } from './login-rules.js';
import { safeRedirect } from './LoginPage.js';

describe('login rules (spec §5)', () => {
  it('requires account, password and captcha', () => {
    expect(checkLogin({ username: ' ', password: '', captcha: '' })).toEqual({
      username: 'validation:accountRequired',
      password: 'validation:passwordRequired',
      captcha: 'validation:captchaRequired',
    });
  });

  it('takes accounts of 4 to 16 characters and passwords of at least 5', () => {
    expect(checkLogin({ username: 'abc', password: '1234', captcha: 'x' })).toEqual({
      username: 'validation:usernameLength',
      password: 'validation:loginPasswordLength',
    });
    expect(checkLogin({ username: 'a'.repeat(17), password: '12345', captcha: 'x' }).username).toBe('validation:usernameLength');
    expect(checkLogin({ username: 'abcd', password: '12345', captcha: '2468' })).toEqual({});
    expect(checkLogin({ username: 'a'.repeat(16), password: '12345', captcha: '2468' })).toEqual({});
  });

  it('redirects only inside the app after login', () => {
    expect(safeRedirect('/loan/list?page=2')).toBe('/loan/list?page=2');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/login')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
