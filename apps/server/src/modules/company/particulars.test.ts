import { EMPTY_COMPANY_INFO, type CompanyInfo } from '@harbour/contracts';
import { describe, expect, it } from 'vitest';
import { particularsOf } from './particulars.js';

const INFO: CompanyInfo = {
  ...EMPTY_COMPANY_INFO,
  nameZh: '海港財務有限公司',
  nameEn: 'Harbour Finance Limited',
  licenceNo: '0999/2025',
  addressZh: '九龍旺角彌敦道 580 號',
  addressEn: '580 Nathan Road, Mong Kok',
  phone: '2388 1000',
};

describe('particularsOf', () => {
  it('prints the name and address in the document language', () => {
    expect(particularsOf(INFO, 'zh-TW')).toMatchObject({ name: '海港財務有限公司', address: '九龍旺角彌敦道 580 號', licenceNo: '0999/2025', missing: [] });
    expect(particularsOf(INFO, 'zh-CN')).toMatchObject({ name: '海港財務有限公司', address: '九龍旺角彌敦道 580 號' });
    expect(particularsOf(INFO, 'en')).toMatchObject({ name: 'Harbour Finance Limited', address: '580 Nathan Road, Mong Kok', phone: '2388 1000' });
  });

  it('falls back to the other language when one is blank', () => {
    const onlyZh = { ...INFO, nameEn: ' ', addressEn: null };
    expect(particularsOf(onlyZh, 'en')).toMatchObject({ name: '海港財務有限公司', address: '九龍旺角彌敦道 580 號', missing: [] });
    const onlyEn = { ...INFO, nameZh: '', addressZh: '' };
    expect(particularsOf(onlyEn, 'zh-TW')).toMatchObject({ name: 'Harbour Finance Limited', address: '580 Nathan Road, Mong Kok' });
  });

  it('names what a document would lack', () => {
    expect(particularsOf(EMPTY_COMPANY_INFO, 'zh-TW')).toMatchObject({ name: '', address: null, licenceNo: '', missing: ['name', 'address', 'licenceNo'] });
    expect(particularsOf({ ...INFO, addressZh: null, addressEn: null }, 'en').missing).toEqual(['address']);
  });
});
