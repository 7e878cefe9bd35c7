import { FPS_PROXY_TYPES, fpsPaymentCode, validateEmail } from '@harbour/domain';
import { z } from 'zod';

/**
 * Master data → company information: the money lender's own particulars, one record. The names,
 * the licence number and the address are what the licence conditions and the s.18 note of the
 * Money Lenders Ordinance print about the lender; the web titles its pages with the name.
 *
 * `GET /companyInfo` (any signed-in staff), `PUT /companyInfo` and `POST /companyInfo/logo`
 * (`masterdata.company.edit`), `GET /companyInfo/public` (names and logo for the login page).
 */
export const COMPANY_INFO_PATH = '/companyInfo';
export const COMPANY_LOGO_UPLOAD_PATH = '/companyInfo/logo';
export const COMPANY_PUBLIC_PATH = '/companyInfo/public';
/** Logos are served under this path (public: <img> sends no token; the random name is the key). */
export const COMPANY_LOGO_PATH = '/companyLogos';
export const COMPANY_EDIT_PERMISSION = 'masterdata.company.edit' as const;

export const COMPANY_LOGO_MAX_BYTES = 1024 * 1024;
export const COMPANY_LOGO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;

/** Limits of the text fields (the table's column lengths). */
export const COMPANY_LIMITS = {
  nameZh: 100,
  nameEn: 200,
  licenceNo: 32,
  brNo: 32,
  addressZh: 255,
  addressEn: 255,
  phone: 24,
  fax: 24,
  email: 128,
  website: 255,
  fpsProxyValue: 64,
  fpsMerchantName: 25,
} as const;

/** A required text: trimmed, not empty, at most `max` characters. */
const required = (max: number, message: string) =>
  z.string({ message }).trim().min(1, { message }).max(max, { message: 'validation.tooLong' });

/** An optional text: trimmed; blank is "not given" (null). */
const optional = (max: number) =>
  z
    .string({ message: 'validation.invalidType' })
    .trim()
    .max(max, { message: 'validation.tooLong' })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A Hong Kong or international phone or fax number: digits, with spaces, hyphens, brackets and a
 * leading + allowed for readability; 8 to 15 digits in all.
 */
export const COMPANY_PHONE = /^\+?[0-9 ()-]+$/;
const phoneField = optional(COMPANY_LIMITS.phone).refine(
  (v) => v === null || (COMPANY_PHONE.test(v) && /^\d{8,15}$/.test(v.replace(/\D/g, ''))),
  { message: 'company.phone' },
);

const emailField = optional(COMPANY_LIMITS.email).transform((v, ctx) => {
  if (v === null) return null;
  const r = validateEmail(v);
  if (r.ok && r.value.length <= COMPANY_LIMITS.email) return r.value;
  ctx.addIssue({ code: 'custom', message: 'validation.email' });
  return z.NEVER;
});

export const companyInfoUpdateSchema = z
  .object({
    nameZh: required(COMPANY_LIMITS.nameZh, 'company.nameZhRequired'),
    nameEn: required(COMPANY_LIMITS.nameEn, 'company.nameEnRequired'),
    licenceNo: required(COMPANY_LIMITS.licenceNo, 'company.licenceRequired'),
    brNo: optional(COMPANY_LIMITS.brNo),
    addressZh: optional(COMPANY_LIMITS.addressZh),
    addressEn: optional(COMPANY_LIMITS.addressEn),
    phone: phoneField,
    fax: phoneField,
    email: emailField,
    website: optional(COMPANY_LIMITS.website),
    fpsProxyType: z.enum(FPS_PROXY_TYPES, { message: 'validation.choice' }).nullish().transform((v) => v ?? null),
    fpsProxyValue: optional(COMPANY_LIMITS.fpsProxyValue),
    fpsMerchantName: optional(COMPANY_LIMITS.fpsMerchantName),
  })
  .strict()
  .superRefine((c, ctx) => {
    // FPS codes print only when the proxy is given whole: its kind, its value and a payee name.
    if (c.fpsProxyType === null && c.fpsProxyValue === null) return;
    if (c.fpsProxyType === null) return void ctx.addIssue({ code: 'custom', path: ['fpsProxyType'], message: 'company.fpsIncomplete' });
    if (c.fpsProxyValue === null) return void ctx.addIssue({ code: 'custom', path: ['fpsProxyValue'], message: 'company.fpsIncomplete' });
    if (!/^[\x20-\x7e]+$/.test(c.fpsMerchantName ?? '')) return void ctx.addIssue({ code: 'custom', path: ['fpsMerchantName'], message: 'company.fpsMerchantName' });
    try {
      fpsPaymentCode({ proxyType: c.fpsProxyType, proxyValue: c.fpsProxyValue, merchantName: c.fpsMerchantName ?? '', amount: null, reference: 'CHECK' });
    } catch {
      ctx.addIssue({ code: 'custom', path: ['fpsProxyValue'], message: `company.fpsProxy.${c.fpsProxyType}` });
    }
  });
export type CompanyInfoInput = z.input<typeof companyInfoUpdateSchema>;
export type CompanyInfoUpdate = z.output<typeof companyInfoUpdateSchema>;

export const companyInfoSchema = z.object({
  nameZh: z.string(),
  nameEn: z.string(),
  licenceNo: z.string(),
  brNo: z.string().nullable(),
  addressZh: z.string().nullable(),
  addressEn: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  /** FPS payment codes on the papers: the lender's FPS ID, mobile or e-mail proxy and payee name (all null = none) */
  fpsProxyType: z.enum(FPS_PROXY_TYPES).nullable(),
  fpsProxyValue: z.string().nullable(),
  fpsMerchantName: z.string().nullable(),
  /** URL of the logo image (under the API base), null when none was uploaded. */
  logoUrl: z.string().nullable(),
  /** When the record was last saved (ISO instant), null before the first save. */
  updatedAt: z.string().nullable(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/** What the login page shows before anyone signs in. */
export const companyPublicSchema = companyInfoSchema.pick({ nameZh: true, nameEn: true, logoUrl: true });
export type CompanyPublic = z.infer<typeof companyPublicSchema>;

/** The particulars of a fresh installation, before anyone saves them. */
export const EMPTY_COMPANY_INFO: CompanyInfo = {
  nameZh: '',
  nameEn: '',
  licenceNo: '',
  brNo: null,
  addressZh: null,
  addressEn: null,
  phone: null,
  fax: null,
  email: null,
  website: null,
  fpsProxyType: null,
  fpsProxyValue: null,
  fpsMerchantName: null,
  logoUrl: null,
  updatedAt: null,
};
