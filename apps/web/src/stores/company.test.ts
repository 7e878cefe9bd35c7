import { describe, expect, it } from 'vitest';
import { companyNameIn } from './company.js';

describe('companyNameIn', () => {
  const company = { nameZh: '海港財務有限公司', nameEn: 'Harbour Finance Limited', logoUrl: null };

  it('answers the name in the interface language', () => {
    expect(companyNameIn(company, 'zh-TW')).toBe('海港財務有限公司');
    expect(companyNameIn(company, 'zh-CN')).toBe('海港財務有限公司');
    expect(companyNameIn(company, 'en')).toBe('Harbour Finance Limited');
  });

  it('falls back to the other name, and to nothing before the record is known', () => {
    expect(companyNameIn({ ...company, nameEn: '' }, 'en')).toBe('海港財務有限公司');
    expect(companyNameIn({ ...company, nameZh: '' }, 'zh-TW')).toBe('Harbour Finance Limited');
    expect(companyNameIn(null, 'en')).toBe('');
  });
});
