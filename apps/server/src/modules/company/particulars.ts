import type { CompanyInfo, Language } from '@harbour/contracts';
import type { DbOrTx } from '../../db/client.js';
import { readCompanyInfo } from './service.js';

/**
 * The lender's particulars as a document prints them: the s.18 note and memorandum ("the lender's
 * name and address"), the s.19 statement, print headers and advertising (name and licence number).
 * `name` and `address` are in the document's language, falling back to the other language when
 * that one is not filled in; both languages stay available for bilingual documents.
 */
export interface LenderParticulars {
  name: string;
  address: string | null;
  licenceNo: string;
  brNo: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  website: string | null;
  logoUrl: string | null;
  nameZh: string;
  nameEn: string;
  addressZh: string | null;
  addressEn: string | null;
  /** What a document needs and the record lacks (field names); empty when it may be printed. */
  missing: ('name' | 'address' | 'licenceNo')[];
}

const filled = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

/** The particulars of a record for a document in `lang` (English, or Chinese for zh-TW / zh-CN). */
export function particularsOf(info: CompanyInfo, lang: Language): LenderParticulars {
  const english = lang === 'en';
  const name = (english ? filled(info.nameEn) ?? filled(info.nameZh) : filled(info.nameZh) ?? filled(info.nameEn)) ?? '';
  const address = english ? filled(info.addressEn) ?? filled(info.addressZh) : filled(info.addressZh) ?? filled(info.addressEn);
  const licenceNo = filled(info.licenceNo) ?? '';
  const missing: LenderParticulars['missing'] = [];
  if (!name) missing.push('name');
  if (!address) missing.push('address');
  if (!licenceNo) missing.push('licenceNo');
  return {
    name,
    address,
    licenceNo,
    brNo: filled(info.brNo),
    phone: filled(info.phone),
    fax: filled(info.fax),
    email: filled(info.email),
    website: filled(info.website),
    logoUrl: info.logoUrl,
    nameZh: info.nameZh,
    nameEn: info.nameEn,
    addressZh: filled(info.addressZh),
    addressEn: filled(info.addressEn),
    missing,
  };
}

/** Reads the record and answers its particulars for a document in `lang`. */
export async function readLenderParticulars(db: DbOrTx, lang: Language): Promise<LenderParticulars> {
  return particularsOf(await readCompanyInfo(db), lang);
}
