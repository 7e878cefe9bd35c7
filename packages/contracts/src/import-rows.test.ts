import { describe, expect, it } from 'vitest';
import { checkCustomerRows, importDateOf, importMoneyOf, importPercentOf, importTextOf } from './import-rows.js';

describe('importDateOf: one reader for the ways an old system writes a date', () => {
  it('reads YYYY-MM-DD, YYYY/MM/DD and DD/MM/YYYY (day first, as Hong Kong writes it) to YYYY-MM-DD', () => {
    expect(importDateOf('2024-03-05')).toBe('2024-03-05');
    expect(importDateOf('2024/3/5')).toBe('2024-03-05');
    expect(importDateOf('05/03/2024')).toBe('2024-03-05');
    expect(importDateOf(' 5/3/2024 ')).toBe('2024-03-05');
    expect(importDateOf(new Date(Date.UTC(2023, 11, 31)))).toBe('2023-12-31');
  });
  it('reads the Chinese date, dots and dashes, YYYYMMDD and month names', () => {
    expect(importDateOf('2024年3月5日')).toBe('2024-03-05');
    expect(importDateOf('2024 年 12 月 31 日')).toBe('2024-12-31');
    expect(importDateOf('2024.03.05')).toBe('2024-03-05');
    expect(importDateOf('05.03.2024')).toBe('2024-03-05');
    expect(importDateOf('5-3-2024')).toBe('2024-03-05');
    expect(importDateOf('20240305')).toBe('2024-03-05');
    expect(importDateOf(20240305)).toBe('2024-03-05');
    expect(importDateOf('5 Mar 2024')).toBe('2024-03-05');
    expect(importDateOf('05-MAR-2024')).toBe('2024-03-05');
    expect(importDateOf('5 September 2024')).toBe('2024-09-05');
    expect(importDateOf('Sept 5, 2024')).toBe('2024-09-05');
  });
  it('folds full-width digits and signs first', () => {
    expect(importDateOf('２０２４／３／５')).toBe('2024-03-05');
    expect(importDateOf('２０２４年３月５日')).toBe('2024-03-05');
  });
  it('refuses a day that is not in the calendar, a two-digit year, a bare number and anything else', () => {
    expect(importDateOf('31/02/2024')).toBeNull();
    expect(importDateOf('2023-02-29')).toBeNull();
    expect(importDateOf('12/31/2023')).toBeNull();
    expect(importDateOf('5-3/2024')).toBeNull();
    expect(importDateOf('5-Mar-24')).toBeNull();
    expect(importDateOf('5 Marzipan 2024')).toBeNull();
    expect(importDateOf('20241305')).toBeNull();
    expect(importDateOf('')).toBeNull();
    expect(importDateOf('not a date')).toBeNull();
    expect(importDateOf(45000)).toBeNull();
    expect(importDateOf(12000.5)).toBeNull();
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

describe('importMoneyOf and importPercentOf: amounts and rates as a lender’s export writes them', () => {
  it('reads separators, a currency sign or code and full-width digits', () => {
    expect(importMoneyOf('12,000.50')).toBe('12000.50');
    expect(importMoneyOf('HK$12,000.00')).toBe('12000.00');
    expect(importMoneyOf('$ 500')).toBe('500');
    expect(importMoneyOf('hkd 500.5')).toBe('500.5');
    expect(importMoneyOf('１２，０００')).toBe('12000');
  });
  it('reads a number cell as the amount the spreadsheet shows, and no further', () => {
    expect(importMoneyOf(1234.56)).toBe('1234.56');
    expect(importMoneyOf(1234.5600000000002)).toBe('1234.56');
    expect(importMoneyOf(0.1 + 0.2)).toBe('0.30');
    expect(importMoneyOf(12000)).toBe('12000.00');
    expect(importMoneyOf(10.005)).toBeNull();
  });
  it('refuses what is not an amount', () => {
    expect(importMoneyOf('-500')).toBeNull();
    expect(importMoneyOf('(500.00)')).toBeNull();
    expect(importMoneyOf('12.345')).toBeNull();
    expect(importMoneyOf('USD 500')).toBeNull();
    expect(importMoneyOf('abc')).toBeNull();
  });
  it('reads a rate with or without its percent sign', () => {
    expect(importPercentOf('1.5')).toBe('1.5');
    expect(importPercentOf('1.5%')).toBe('1.5');
    expect(importPercentOf('1.5 ％')).toBe('1.5');
    expect(importPercentOf('1.5%%')).toBeNull();
    expect(importPercentOf('abc')).toBeNull();
  });
});
