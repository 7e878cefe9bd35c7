import { describe, expect, it } from 'vitest';
import { checkCustomerRows, importDateOf, importTextOf } from './import-rows.js';

describe('importDateOf: one reader for the three spellings of a date', () => {
  it('reads YYYY-MM-DD, YYYY/MM/DD and DD/MM/YYYY (day first, as Hong Kong writes it) to YYYY-MM-DD', () => {
    expect(importDateOf('2024-03-05')).toBe('2024-03-05');
    expect(importDateOf('2024/3/5')).toBe('2024-03-05');
    expect(importDateOf('05/03/2024')).toBe('2024-03-05');
    expect(importDateOf(' 5/3/2024 ')).toBe('2024-03-05');
    expect(importDateOf(new Date(Date.UTC(2023, 11, 31)))).toBe('2023-12-31');
  });
  it('refuses a day that is not in the calendar and anything else', () => {
    expect(importDateOf('31/02/2024')).toBeNull();
    expect(importDateOf('2023-02-29')).toBeNull();
    expect(importDateOf('03-05-2024')).toBeNull();
    expect(importDateOf('')).toBeNull();
    expect(importDateOf(45000)).toBeNull();
  });
});

describe('importTextOf', () => {
  it('writes a number plainly, a blank as empty and a rich-text cell as its text', () => {
    expect(importTextOf(91234567)).toBe('91234567');
    expect(importTextOf(null)).toBe('');
    expect(importTextOf({ text: ' 陳大文 ' })).toBe('陳大文');
  });
});

const customer = (over: Record<string, unknown>) => ({
  customerCode: 'C001',
  type: 'personal',
  name: '陳大文',
  englishName: 'CHAN Tai Man',
  gender: 'M',
  dateOfBirth: '15/08/1980',
  idType: 'hkid',
  idNumber: 'A123456(3)',
  mobile1: '+852 9123 4567',
  ...over,
});

describe('checkCustomerRows: the customer create contract on every row, duplicates in the file', () => {
  it('accepts HKIDs with and without brackets and phones with +852 and spaces, normalised as the API stores them', () => {
    const { valid, problems } = checkCustomerRows({
      sheet: 'customers',
      rows: [
        { row: 3, cells: customer({}) },
        { row: 4, cells: customer({ customerCode: 'C002', name: 'Wong Siu Ming', idNumber: 'B2345671', mobile1: '61234567', dateOfBirth: '1975/01/02' }) },
      ],
    });
    expect(problems).toEqual([]);
    expect(valid.get('C001')).toMatchObject({ row: 3, customer: { idNumber: 'A1234563', mobile1: '91234567', dateOfBirth: '1980-08-15' } });
    expect(valid.get('C002')).toMatchObject({ row: 4, customer: { idNumber: 'B2345671', mobile1: '61234567', dateOfBirth: '1975-01-02' } });
  });

  it('names each deliberate error by row and column, and only those', () => {
    const { valid, problems } = checkCustomerRows({
      sheet: 'customers',
      rows: [
        { row: 3, cells: customer({}) },
        { row: 4, cells: customer({ customerCode: 'C002', idNumber: 'A123456(4)' }) },
        { row: 5, cells: customer({ customerCode: 'C003', idNumber: 'B2345671', dateOfBirth: '31/02/1980' }) },
        { row: 6, cells: customer({ customerCode: 'C001', idNumber: 'B2345671' }) },
        { row: 7, cells: customer({ customerCode: 'C004', idNumber: 'a 123456 3' }) },
        { row: 8, cells: customer({ customerCode: 'C005', name: '', idNumber: 'C1234567', mobile1: '' }) },
      ],
    });
    expect(problems).toEqual([
      { sheet: 'customers', row: 4, column: 'idNumber', message: 'validation.hkid' },
      { sheet: 'customers', row: 5, column: 'dateOfBirth', message: 'validation.date' },
      { sheet: 'customers', row: 6, column: 'customerCode', message: 'tools.import.problems.duplicateInFile', params: { row: 3 } },
      { sheet: 'customers', row: 7, column: 'idNumber', message: 'tools.import.problems.duplicateInFile', params: { row: 3 } },
      { sheet: 'customers', row: 8, column: 'name', message: 'validation.required' },
      { sheet: 'customers', row: 8, column: 'mobile1', message: 'validation.required' },
      { sheet: 'customers', row: 8, column: 'idNumber', message: 'validation.hkid' },
    ]);
    expect([...valid.keys()]).toEqual(['C001']);
  });
});
