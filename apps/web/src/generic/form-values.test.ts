import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { clearableIn } from './clearable';
import { formFields, toFormValues, toPayload } from './form-values';
import { branchesDecl } from './test-decl';

const fields = branchesDecl.fields;

describe('form values and payloads', () => {
  it('shows create-only fields on create only', () => {
    expect(formFields(fields, 'create').map((f) => f.name)).toContain('password');
    expect(formFields(fields, 'edit').map((f) => f.name)).not.toContain('password');
  });

  it('turns dates into dayjs and never prefills a password', () => {
    const v = toFormValues(fields, { storeName: 'A', openedOn: '2026-05-06', password: 'x', lendMoney: '1234.50' }, 'create');
    expect(dayjs.isDayjs(v.openedOn)).toBe(true);
    expect((v.openedOn as dayjs.Dayjs).format('YYYY-MM-DD')).toBe('2026-05-06');
    expect(v).not.toHaveProperty('password');
    expect(v.lendMoney).toBe('1234.50');
  });

  it('sends dates as YYYY-MM-DD, money as the typed decimal string, text trimmed', () => {
    const body = toPayload(
      fields,
      { storeName: '  Mong Kok ', openedOn: dayjs('2026-05-06'), lendMoney: '99999999999999.99', password: 'abcde' },
      'create',
    );
    expect(body).toEqual({ storeName: 'Mong Kok', openedOn: '2026-05-06', lendMoney: '99999999999999.99', password: 'abcde' });
  });

  it('leaves empty inputs out on create, and on edit sends null only where the contract accepts it', () => {
    expect(toPayload(fields, { storeName: 'A', remarks: '' }, 'create')).toEqual({ storeName: 'A' });
    const clearable = clearableIn(branchesDecl);
    expect(clearable('remarks')).toBe(true);
    expect(clearable('storeName')).toBe(false);
    expect(toPayload(fields, { storeName: 'A', remarks: '', lendMoney: undefined }, 'edit', clearable)).toEqual({
      storeName: 'A',
      remarks: null,
    });
  });
});
