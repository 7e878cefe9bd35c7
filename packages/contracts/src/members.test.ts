import { describe, expect, it } from 'vitest';
import { loginNameOf, memberCreateSchema, memberFiltersSchema, memberSearchOf } from './members.js';

describe('member login names', () => {
  it('keeps a mobile as normalisePhone spells it and an e-mail with its domain in lower case', () => {
    expect(loginNameOf('+852 9123-4501')).toEqual({ loginType: 'mobile', loginName: '91234501' });
    expect(loginNameOf('0086 138 0013 8000')).toEqual({ loginType: 'mobile', loginName: '+8613800138000' });
    expect(loginNameOf(' Mei.Lee@Example.COM ')).toEqual({ loginType: 'email', loginName: 'Mei.Lee@example.com' });
  });

  it('refuses what is neither a mobile nor an e-mail address', () => {
    for (const bad of ['1234', '2345 6789x', 'not a login', 'a@b', '@example.com']) expect(loginNameOf(bad), bad).toBeNull();
  });

  it('gives the create body its login type, the language zh-TW by default, and field errors by code', () => {
    expect(memberCreateSchema.parse({ loginName: '6123 4567', displayName: ' 陳大文 ', source: 'app' })).toEqual({
      loginName: '61234567',
      loginType: 'mobile',
      displayName: '陳大文',
      preferredLanguage: 'zh-TW',
      source: 'app',
    });
    const bad = memberCreateSchema.safeParse({ loginName: 'x', displayName: 'A', source: 'app' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['loginName', 'members.loginName']]);
  });
});

describe('member search and filters', () => {
  it('matches a mobile whole and anything else as text', () => {
    expect(memberSearchOf('+852 9123 4501')).toEqual({ kind: 'phone', value: '91234501' });
    expect(memberSearchOf(' 9123 ')).toEqual({ kind: 'text', value: '9123' });
    expect(memberSearchOf('kelvin')).toEqual({ kind: 'text', value: 'kelvin' });
  });

  it('reads `linked` as a boolean and refuses other words', () => {
    expect(memberFiltersSchema.parse({ linked: 'false' }).linked).toBe(false);
    expect(memberFiltersSchema.parse({ linked: 'true' }).linked).toBe(true);
    expect(memberFiltersSchema.safeParse({ linked: 'yes' }).success).toBe(false);
  });
});
