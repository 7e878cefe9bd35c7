import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hkidCheckDigit, validateHkid } from './hkid.js';
import { validatePassportNumber } from './passport.js';
import { validateHkMobile } from './mobile.js';
import { validateEmail } from './email.js';
import { validateIsoDate } from './date.js';
import { ageOn, validateMinimumAge } from './age.js';

describe('HKID', () => {
  it.each(['A123456(3)', 'G123456(A)', 'AB987654(3)'])('%s is valid', (id) => {
    expect(validateHkid(id)).toEqual({ ok: true, value: id });
  });
  it('C668668(E) is invalid', () => {
    expect(validateHkid('C668668(E)').ok).toBe(false);
  });
  it('normalises: brackets added, letters upper-cased, spaces removed', () => {
    expect(validateHkid('a1234563')).toEqual({ ok: true, value: 'A123456(3)' });
    expect(validateHkid(' g 123456 a ')).toEqual({ ok: true, value: 'G123456(A)' });
    expect(validateHkid('ab987654(3)')).toEqual({ ok: true, value: 'AB987654(3)' });
  });
  it('folds full-width letters, digits and brackets typed with a Chinese input method', () => {
    expect(validateHkid('Ａ１２３４５６（３）')).toEqual({ ok: true, value: 'A123456(3)' });
    expect(validateHkid('A123456（3）')).toEqual({ ok: true, value: 'A123456(3)' });
  });
  it('error codes', () => {
    expect(validateHkid('')).toEqual({ ok: false, code: 'HKID_REQUIRED' });
    expect(validateHkid('A12345(3)')).toEqual({ ok: false, code: 'HKID_FORMAT' });
    expect(validateHkid('A123456(3')).toEqual({ ok: false, code: 'HKID_FORMAT' });
    expect(validateHkid('ABC123456(3)')).toEqual({ ok: false, code: 'HKID_FORMAT' });
    expect(validateHkid('A123456(4)')).toEqual({ ok: false, code: 'HKID_CHECK_DIGIT' });
  });
  it('exactly one check digit is valid for every number', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{1,2}$/),
        fc.stringMatching(/^\d{6}$/),
        (prefix, digits) => {
          const valids = '0123456789A'.split('').filter((c) => validateHkid(`${prefix}${digits}(${c})`).ok);
          return valids.length === 1 && valids[0] === hkidCheckDigit(prefix, digits);
        },
      ),
    );
  });
});

describe('passport number', () => {
  it('letters, digits and - / ( ) only', () => {
    expect(validatePassportNumber('K12345678')).toEqual({ ok: true, value: 'K12345678' });
    expect(validatePassportNumber('ab-12/3(4)')).toEqual({ ok: true, value: 'AB-12/3(4)' });
    expect(validatePassportNumber('AB 123')).toEqual({ ok: false, code: 'PASSPORT_CHARACTERS' });
    expect(validatePassportNumber('AB#1')).toEqual({ ok: false, code: 'PASSPORT_CHARACTERS' });
    expect(validatePassportNumber(' ')).toEqual({ ok: false, code: 'PASSPORT_REQUIRED' });
  });
});

describe('Hong Kong mobile', () => {
  it('8 digits starting 4, 5, 6, 7 or 9, optionally +852', () => {
    for (const ok of ['91234567', '51234567', '61234567', '71234567', '41234567', '+852 9123 4567', '852-6123-4567', '00852 9123 4567', '(852) 9123 4567']) {
      expect(validateHkMobile(ok).ok).toBe(true);
    }
    expect(validateHkMobile('+85291234567')).toEqual({ ok: true, value: '91234567' });
    for (const bad of ['81234567', '21234567', '9123456', '912345678', '+86 91234567', 'abcdefgh']) {
      expect(validateHkMobile(bad)).toEqual({ ok: false, code: 'MOBILE_FORMAT' });
    }
    expect(validateHkMobile('')).toEqual({ ok: false, code: 'MOBILE_REQUIRED' });
  });
});

describe('email', () => {
  it('accepts ordinary addresses and lower-cases the domain', () => {
    expect(validateEmail(' Chan.Tai-Man@Example.COM.hk ')).toEqual({ ok: true, value: 'Chan.Tai-Man@example.com.hk' });
    for (const bad of ['a@b', 'a b@c.com', '@c.com', 'a@@c.com', 'a..b@c.com', '.a@c.com', 'a@-c.com']) {
      expect(validateEmail(bad)).toEqual({ ok: false, code: 'EMAIL_FORMAT' });
    }
    expect(validateEmail('')).toEqual({ ok: false, code: 'EMAIL_REQUIRED' });
  });
});

describe('dates', () => {
  it('YYYY-MM-DD real calendar dates only', () => {
    expect(validateIsoDate('2024-02-29').ok).toBe(true);
    expect(validateIsoDate('2023-02-29')).toEqual({ ok: false, code: 'DATE_FORMAT' });
    expect(validateIsoDate('29/02/2024')).toEqual({ ok: false, code: 'DATE_FORMAT' });
    expect(validateIsoDate('')).toEqual({ ok: false, code: 'DATE_REQUIRED' });
  });
});

describe('age', () => {
  it('18 on the 18th birthday, not the day before', () => {
    expect(validateMinimumAge('2006-05-10', '2024-05-10').ok).toBe(true);
    expect(validateMinimumAge('2006-05-10', '2024-05-09')).toEqual({ ok: false, code: 'UNDER_MINIMUM_AGE' });
  });
  it('born on 29 February: 18 on 1 March of a common year', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });
  it('error codes', () => {
    expect(validateMinimumAge('2006-02-30', '2024-05-10')).toEqual({ ok: false, code: 'BIRTH_DATE_FORMAT' });
    expect(validateMinimumAge('2006-02-01', 'x')).toEqual({ ok: false, code: 'APPLICATION_DATE_FORMAT' });
    expect(validateMinimumAge('2025-01-01', '2024-05-10')).toEqual({ ok: false, code: 'BIRTH_AFTER_APPLICATION' });
  });
});
