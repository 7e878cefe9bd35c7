import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { checkIdNumber, checkMobile, checkPhone, checkSalary, toCustomerPayload } from './persona-form';

describe('customer form rules', () => {
  it('checks the HKID check digit for HKIDs and passport characters for other ID types', () => {
    expect(checkIdNumber('hkid', 'A123456(3)')).toBeNull();
    expect(checkIdNumber('hkid', 'A123456(4)')).toBe('validation.hkid');
    expect(checkIdNumber('foreign_passport', 'E 1234567')).toBeNull();
    expect(checkIdNumber('foreign_passport', 'E12#4567')).toBe('customers.passportChars');
    expect(checkIdNumber(undefined, 'anything')).toBeNull();
  });

  it('takes Hong Kong or international mobiles and phones', () => {
    expect(checkMobile('9123 4567')).toBeNull();
    expect(checkMobile('+86 138 0013 8000')).toBeNull();
    expect(checkMobile('2123 4567')).toBe('customers.mobile');
    expect(checkPhone('2123 4567')).toBeNull();
    expect(checkPhone('12')).toBe('customers.phone');
    expect(checkSalary('25,000.50')).toBeNull();
    expect(checkSalary('1.234')).toBe('validation.money');
  });

  it('builds the body: dates as YYYY-MM-DD, no separators, masked numbers kept on edit, no birth date for a company', () => {
    const values = { type: 'personal', name: ' Amy ', dateOfBirth: dayjs('1990-01-31'), idType: 'hkid', idNumber: '****4563', mobile1: '****4567', mobile2: '', salary: '25,000.50' };
    const edit = toCustomerPayload(values, 'edit');
    expect(edit).toMatchObject({ name: 'Amy', dateOfBirth: '1990-01-31', mobile2: null, salary: '25000.50' });
    expect(edit).not.toHaveProperty('idNumber');
    expect(edit).not.toHaveProperty('mobile1');
    expect(toCustomerPayload(values, 'create')).toMatchObject({ idNumber: '****4563', mobile1: '****4567' });
    expect(toCustomerPayload({ ...values, type: 'company', gender: 'F' }, 'create')).toMatchObject({ gender: null, dateOfBirth: null });
  });
});
