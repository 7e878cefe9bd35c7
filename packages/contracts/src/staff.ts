import { z } from 'zod';
import { validateEmail, validateHkMobile, validateHkid } from '@harbour/domain';
import { LANGUAGES } from './errors.js';
import { listQueryBase } from './list.js';

/** Admin user state (spec §4): normal or forbidden, with a restore action. */
export const STAFF_STATES = ['normal', 'forbidden'] as const;
export type StaffState = (typeof STAFF_STATES)[number];

/** Fields whose full value is only shown through the audited reveal call. */
export const REVEALABLE_STAFF_FIELDS = ['mobile', 'hkid'] as const;
export type RevealableStaffField = (typeof REVEALABLE_STAFF_FIELDS)[number];

/**
 * Spec §5: username 4 to 16 characters, name 2 to 16. Passwords follow OWASP ASVS 5.0 L2 instead of
 * the spec's 5: at least 12 characters (the `passwordMinLength` setting may raise it), no
 * composition rules, not a common password (the server's `checkPasswordPolicy`).
 */
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 16;
export const NAME_MIN = 2;
export const NAME_MAX = 16;
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const usernameField = z
  .string()
  .trim()
  .min(USERNAME_MIN, { message: 'validation.usernameLength' })
  .max(USERNAME_MAX, { message: 'validation.usernameLength' })
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'validation.usernameChars' });

export const staffNameField = z
  .string()
  .trim()
  .min(NAME_MIN, { message: 'validation.nameLength' })
  .max(NAME_MAX, { message: 'validation.nameLength' });

export const passwordField = z
  .string()
  .min(PASSWORD_MIN, { message: 'validation.passwordLength' })
  .max(PASSWORD_MAX, { message: 'validation.tooLong' });

/** `POST /changePassword`: the own password, with the current one; the only call a session may make while its password must change. */
export const CHANGE_PASSWORD_PATH = '/changePassword';
export const changePasswordSchema = z.object({
  currentPassword: z.string({ message: 'validation.passwordRequired' }).min(1, { message: 'validation.passwordRequired' }).max(PASSWORD_MAX, { message: 'validation.tooLong' }),
  password: z.string({ message: 'validation.passwordRequired' }).min(1, { message: 'validation.passwordRequired' }).pipe(passwordField),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/**
 * Mobile is required for staff and must be a Hong Kong mobile number; it is kept as the
 * normalised 8 digits that `@harbour/domain` answers, so duplicates are found however typed.
 */
export const hkMobileField = z
  .string({ message: 'validation.mobileRequired' })
  .transform((v, ctx) => {
    const r = validateHkMobile(v);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.code === 'MOBILE_REQUIRED' ? 'validation.mobileRequired' : 'validation.mobile' });
    return z.NEVER;
  });

/** HKID with its check digit, normalised to `A123456(3)`. */
export const hkidField = z.string().transform((v, ctx) => {
  const r = validateHkid(v);
  if (r.ok) return r.value;
  ctx.addIssue({ code: 'custom', message: 'validation.hkid' });
  return z.NEVER;
});

/** E-mail, normalised by `@harbour/domain` (domain part lower-cased). */
export const emailField = z.string().transform((v, ctx) => {
  const r = validateEmail(v);
  if (r.ok && r.value.length <= 128) return r.value;
  ctx.addIssue({ code: 'custom', message: 'validation.email' });
  return z.NEVER;
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'validation.tooLong' })
    .nullish()
    .transform((v) => (v ? v : null));

/** Empty strings from a form count as "not given". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Fields shared by create and edit. Password is handled separately (required only on create). */
const staffBody = {
  username: usernameField,
  name: staffNameField,
  staffNo: optionalText(32),
  fullName: optionalText(64),
  mobile: hkMobileField,
  email: z.preprocess(blankToNull, emailField.nullish()).transform((v) => v ?? null),
  hkid: z.preprocess(blankToNull, hkidField.nullish()).transform((v) => v ?? null),
  address: optionalText(255),
  employmentDate: z.preprocess(blankToNull, z.iso.date({ message: 'validation.date' }).nullish()).transform((v) => v ?? null),
  defaultLanguage: z.enum(LANGUAGES).default('zh-TW'),
  storeIds: z
    .array(z.number().int().positive(), { message: 'validation.storesRequired' })
    .min(1, { message: 'validation.storesRequired' }),
  defaultStoreId: z.number({ message: 'validation.defaultStoreRequired' }).int().positive(),
  roleIds: z
    .array(z.number().int().positive(), { message: 'validation.roleRequired' })
    .min(1, { message: 'validation.roleRequired' }),
  /**
   * Staff level and privilege (spec §6), which carries the maximum approved amount: an enabled
   * level of `GET /staffLevels/choices`, or null for none. Nobody but the super administrator
   * changes their own level, and a level above the caller's own is not given (server).
   */
  levelId: z.preprocess(blankToNull, z.number({ message: 'validation.choice' }).int().positive().nullish()).transform((v) => v ?? null),
};

/** The default login store must be one of the stores the staff member may log into. */
const defaultStoreInStores = (v: { storeIds: number[]; defaultStoreId: number }, ctx: z.RefinementCtx) => {
  if (!v.storeIds.includes(v.defaultStoreId)) {
    ctx.addIssue({ code: 'custom', path: ['defaultStoreId'], message: 'validation.defaultStoreNotInStores' });
  }
};

export const staffCreateSchema = z
  .object({ ...staffBody, password: z.string({ message: 'validation.passwordRequired' }).min(1, { message: 'validation.passwordRequired' }).pipe(passwordField) })
  .superRefine(defaultStoreInStores);
export type StaffCreate = z.infer<typeof staffCreateSchema>;

/** A masked number as the staff answers carry it ("****4567"): `*` first, then the visible tail. */
export const isMaskedValue = (v: unknown): boolean => typeof v === 'string' && /^\*+[0-9A-Za-z]*$/.test(v.trim());
/** A masked value sent back unchanged means "keep the stored one", like leaving the field out. */
export const maskedAsKept = (v: unknown) => (isMaskedValue(v) ? undefined : v);

/**
 * Password is only filled when changing it (spec §5). Mobile and HKID reach every caller masked,
 * so the edit form sends them back as they came: left out or still masked, the stored value stays
 * (an HKID sent empty is cleared).
 */
export const staffUpdateSchema = z
  .object({
    ...staffBody,
    mobile: z.preprocess(maskedAsKept, hkMobileField.optional()),
    hkid: z.preprocess(maskedAsKept, z.preprocess(blankToNull, hkidField.nullable()).optional()),
    password: z.preprocess(blankToNull, passwordField.nullish()).transform((v) => v ?? null),
    /** Left out: the level stays as it is; null: no level. */
    levelId: z.preprocess(blankToNull, z.number({ message: 'validation.choice' }).int().positive().nullish()),
  })
  .superRefine(defaultStoreInStores);
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

export const staffStateSchema = z.object({ state: z.enum(STAFF_STATES) });
export const staffRevealSchema = z.object({ field: z.enum(REVEALABLE_STAFF_FIELDS) });
export const staffRevealAnswerSchema = z.object({ field: z.enum(REVEALABLE_STAFF_FIELDS), value: z.string().nullable() });
/** `POST /staff/{id}/unlock` answers only that it is done. */
export const staffUnlockAnswerSchema = z.object({ ok: z.literal(true) });

export const staffFiltersSchema = listQueryBase.extend({
  name: z.string().trim().max(64).optional(),
  username: z.string().trim().max(64).optional(),
  // A masked field filters by the whole number only: a partial match would let `total` spell out
  // a number digit by digit without any audited reveal.
  mobile: z
    .string()
    .max(32)
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v === '' || /^\d{8}$/.test(v), { message: 'validation.mobileWhole' })
    .optional(),
  roleId: z.coerce.number().int().positive().optional(),
  storeId: z.coerce.number().int().positive().optional(),
  state: z.enum(STAFF_STATES).optional(),
});
export type StaffFilters = z.infer<typeof staffFiltersSchema>;

export const STAFF_SORTS = ['id', 'username', 'name', 'state', 'createdAt', 'lastLoginAt'] as const;

const idName = z.object({ id: z.number().int(), name: z.string() });

export const staffItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  staffNo: z.string().nullable(),
  fullName: z.string().nullable(),
  /** Always masked ("****5678"); the whole value only through the audited reveal call. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** Always masked, like `mobile`. */
  hkid: z.string().nullable(),
  /** Mobile and HKID are masked (always true in list and get answers). */
  masked: z.boolean(),
  /** The caller holds `staff.reveal` and may ask `POST /staff/{id}/reveal` for a whole value. */
  canReveal: z.boolean(),
  address: z.string().nullable(),
  employmentDate: z.string().nullable(),
  defaultLanguage: z.enum(LANGUAGES),
  state: z.enum(STAFF_STATES),
  locked: z.boolean(),
  avatarUrl: z.string().nullable(),
  stores: z.array(idName),
  defaultStoreId: z.number().int().nullable(),
  roles: z.array(idName),
  /** The staff level (spec §6) and, from it, the largest amount the member may approve. */
  levelId: z.number().int().nullable(),
  levelName: z.string().nullable(),
  /** Null with `approvalUnlimited` false: no level, so no approval at all. */
  maxApprovedAmount: z.string().nullable(),
  approvalUnlimited: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffItem = z.infer<typeof staffItemSchema>;

/** Own details (`GET/POST /adminModify`). */
export const ownProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  defaultLanguage: z.enum(LANGUAGES),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const ownProfileUpdateSchema = z
  .object({
    name: staffNameField,
    mobile: hkMobileField,
    email: z.preprocess(blankToNull, emailField.nullish()).transform((v) => v ?? null),
    defaultLanguage: z.enum(LANGUAGES).optional(),
    /** Filled only when changing the password; then the current one is required. */
    password: z.preprocess(blankToNull, passwordField.nullish()).transform((v) => v ?? null),
    currentPassword: z.preprocess(blankToNull, z.string().nullish()).transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.password && !v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'validation.currentPasswordRequired' });
    }
  });
export type OwnProfileUpdate = z.infer<typeof ownProfileUpdateSchema>;

/** Avatar (spec §5): JPG, PNG or GIF, at most 2 MB, judged by content. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
