import { z } from 'zod';
import { MEMBER_STATES, classifySearch, type MemberStatus } from '@harbour/domain';
import { isoDate } from './calculator.js';
import { mobileOf } from './phones.js';
import { LANGUAGES } from './errors.js';
import { listQueryBase } from './list.js';
import { defineResource } from './resource.js';
import { emailField } from './staff.js';

/**
 * Members (the menu's Member list): the accounts people register on the company's website or app.
 * Company-wide like customers, not store-owned. The back office lists, views, creates (for a
 * person who asks at the counter or by phone), edits the display name and language, disables and
 * enables with a reason, and links an account to one customer record. There is no public sign-up
 * or login in Harbour yet, and no credential is stored: a member's password is not the back
 * office's business. A login name that is a mobile reaches every caller masked to the "visible
 * tel. no." digits (list, detail, audit rows), like customers' phones.
 */
/** `active` | `disabled` (the status table is the domain's `MEMBER_STATUS`). */
export const MEMBER_STATUSES = MEMBER_STATES;
export type { MemberStatus };
export const MEMBER_SOURCES = ['website', 'app'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];
/** What the login name is: a mobile (stored as `normalisePhone` spells it) or an e-mail address. */
export const MEMBER_LOGIN_TYPES = ['mobile', 'email'] as const;
export type MemberLoginType = (typeof MEMBER_LOGIN_TYPES)[number];

export const MEMBER_PERMISSIONS = {
  list: 'member.list',
  view: 'member.view',
  create: 'member.create',
  update: 'member.edit',
  state: 'member.state',
  link: 'member.link',
} as const;

export const MEMBER_LIMITS = { displayName: 64, reason: 500 } as const;

/** A login name as stored: a mobile (Hong Kong or `+` country code) or an e-mail address. */
export function loginNameOf(input: string): { loginType: MemberLoginType; loginName: string } | null {
  const text = input.trim();
  if (text.includes('@')) {
    const email = emailField.safeParse(text);
    return email.success ? { loginType: 'email', loginName: email.data } : null;
  }
  const mobile = mobileOf(text);
  return mobile ? { loginType: 'mobile', loginName: mobile } : null;
}

const displayName = z
  .string({ message: 'members.displayNameRequired' })
  .trim()
  .min(1, { message: 'members.displayNameRequired' })
  .max(MEMBER_LIMITS.displayName, { message: 'validation.tooLong' });
const reason = z
  .string({ message: 'members.reasonRequired' })
  .trim()
  .min(1, { message: 'members.reasonRequired' })
  .max(MEMBER_LIMITS.reason, { message: 'validation.tooLong' });

export const memberCreateSchema = z
  .object({
    loginName: z.string({ message: 'members.loginNameRequired' }).max(128, { message: 'validation.tooLong' }),
    displayName,
    preferredLanguage: z.enum(LANGUAGES, { message: 'validation.choice' }).default('zh-TW'),
    source: z.enum(MEMBER_SOURCES, { message: 'validation.choice' }),
  })
  .transform((v, ctx) => {
    if (v.loginName.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['loginName'], message: 'members.loginNameRequired' });
      return z.NEVER;
    }
    const login = loginNameOf(v.loginName);
    if (!login) {
      ctx.addIssue({ code: 'custom', path: ['loginName'], message: 'members.loginName' });
      return z.NEVER;
    }
    return { ...v, ...login };
  });
export type MemberCreate = z.infer<typeof memberCreateSchema>;

/** The back office corrects the display name and language; the login name is the member's own. */
export const memberUpdateSchema = z.object({
  displayName,
  preferredLanguage: z.enum(LANGUAGES, { message: 'validation.choice' }),
});
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

export const memberItemSchema = z.object({
  id: z.number().int(),
  loginType: z.enum(MEMBER_LOGIN_TYPES),
  /** A mobile is masked ("****4567"); an e-mail address is shown as it is. */
  loginName: z.string(),
  displayName: z.string(),
  preferredLanguage: z.enum(LANGUAGES),
  source: z.enum(MEMBER_SOURCES),
  status: z.enum(MEMBER_STATUSES),
  /** Why the account was last disabled or enabled. */
  statusReason: z.string().nullable(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerCode: z.string().nullable(),
  customerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MemberItem = z.infer<typeof memberItemSchema>;

/** A search box value: a whole phone (exact, normalised) or part of a display name or e-mail login. */
export type MemberSearch = { kind: 'phone'; value: string } | { kind: 'text'; value: string };
export function memberSearchOf(text: string): MemberSearch {
  const s = classifySearch(text);
  if (s.kind === 'phone') return { kind: 'phone', value: s.value };
  return { kind: 'text', value: text.trim() };
}

export const memberFiltersSchema = listQueryBase.extend({
  /**
   * Part of the display name or of an e-mail login, or a whole mobile (exact, normalised): a mobile
   * never matches in part, or `total` would spell a masked number out digit by digit.
   */
  q: z.string().trim().max(64).optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  source: z.enum(MEMBER_SOURCES).optional(),
  /** `true`: linked to a customer; `false`: not linked. */
  linked: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  customerId: z.coerce.number().int().positive().optional(),
  registeredAtFrom: isoDate().optional(),
  registeredAtTo: isoDate().optional(),
});
export type MemberFilters = z.infer<typeof memberFiltersSchema>;

/** Disable or enable: always with the reason. */
export const memberStatusSchema = z.object({ reason });
/** Link to one customer record (the web picks it with the customers' `q` search). */
export const memberLinkSchema = z.object({
  customerId: z.coerce.number({ message: 'members.customerRequired' }).int({ message: 'members.customerRequired' }).positive({ message: 'members.customerRequired' }),
});

export const memberResource = defineResource({
  name: 'members',
  path: '/members',
  title: 'shell:menu.member.list',
  permissions: { list: MEMBER_PERMISSIONS.list, view: MEMBER_PERMISSIONS.view, create: MEMBER_PERMISSIONS.create, update: MEMBER_PERMISSIONS.update },
  storeScoped: false,
  fields: [
    { name: 'q', kind: 'text', label: 'members:fields.search', filter: 'text' },
    { name: 'displayName', kind: 'text', label: 'members:fields.displayName', list: true, sortable: true, form: true, required: true },
    { name: 'loginName', kind: 'text', label: 'members:fields.loginName', list: true, form: 'create', required: true, masked: true },
    { name: 'status', kind: 'enum', label: 'members:fields.status', list: true, sortable: true, filter: 'enum', options: MEMBER_STATUSES, enumName: 'memberStatus' },
    { name: 'source', kind: 'enum', label: 'members:fields.source', list: true, sortable: true, filter: 'enum', form: 'create', required: true, options: MEMBER_SOURCES, enumName: 'memberSource' },
    { name: 'preferredLanguage', kind: 'enum', label: 'members:fields.preferredLanguage', list: true, form: true, required: true, options: LANGUAGES, enumName: 'language' },
    { name: 'customerCode', kind: 'text', label: 'members:fields.customer', list: true, sortable: true },
    { name: 'linked', kind: 'boolean', label: 'members:fields.linked', filter: 'boolean' },
    { name: 'registeredAt', kind: 'datetime', label: 'members:fields.registeredAt', list: true, sortable: true, filter: 'dateRange' },
    { name: 'lastLoginAt', kind: 'datetime', label: 'members:fields.lastLoginAt', list: true, sortable: true },
  ],
  item: memberItemSchema,
  create: memberCreateSchema,
  update: memberUpdateSchema,
  filters: memberFiltersSchema,
  defaultSort: 'registeredAt:desc',
  example: { loginName: '6123 4567', displayName: 'Chan Tai Man', preferredLanguage: 'zh-TW', source: 'website' },
  actions: {
    disable: {
      permission: MEMBER_PERMISSIONS.state,
      label: 'members:disable',
      summary: 'Disable a member account, with the reason',
      body: memberStatusSchema,
      message: 'members.disabled',
      confirm: true,
      example: { reason: 'Reported as not the holder of the mobile' },
    },
    enable: {
      permission: MEMBER_PERMISSIONS.state,
      label: 'members:enable',
      summary: 'Enable a disabled member account again, with the reason',
      body: memberStatusSchema,
      message: 'members.enabled',
      confirm: true,
      example: { reason: 'Identity confirmed by phone' },
    },
    link: {
      permission: MEMBER_PERMISSIONS.link,
      label: 'members:link',
      summary: 'Link a member account to a customer record',
      body: memberLinkSchema,
      message: 'members.linked',
      example: { customerId: 1 },
    },
    unlink: {
      permission: MEMBER_PERMISSIONS.link,
      label: 'members:unlink',
      summary: 'Take the customer link off a member account',
      message: 'members.unlinked',
      confirm: true,
    },
  },
});
