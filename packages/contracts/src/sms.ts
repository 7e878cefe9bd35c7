import { z } from 'zod';
import { SMS_PLACEHOLDERS, SMS_SAMPLE_VALUES, checkSmsTemplate } from '@harbour/domain';
import { listQueryBase, pageOf } from './list.js';
import { defineResource, type ResourceField } from './resource.js';
import { V } from './calculator.js';

/**
 * SMS reminders (spec §2 SendSmsList and master data "SMS content", §8 SMS send error, §9 SMS
 * character count and overdue reminder days). A template per kind and language; the lists of loans
 * to remind (upcoming, overdue, almost complete, complete); a queue (`sms_messages`) that a worker
 * sends through the configured provider; the sent record. See `docs/sms.md`.
 */
/** `autopayRejected`: a loan whose latest autopay debit the bank rejected (docs/autopay.md). */
export const SMS_KINDS = ['overdue', 'upcoming', 'almostComplete', 'complete', 'autopayRejected'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];
/** Languages a message is written in (the customer's). */
export const SMS_LANGUAGES = ['zh-TW', 'en'] as const;
export type SmsLanguage = (typeof SMS_LANGUAGES)[number];
export const SMS_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];
export const SMS_PROVIDERS = ['outbox', 'http'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

export { SMS_PLACEHOLDERS, SMS_SAMPLE_VALUES };

/** Template text: non-empty, at most 1000 characters, only known and well-formed `{placeholders}`. */
export const smsContentSchema = z
  .string({ message: 'reminders.contentRequired' })
  .trim()
  .min(1, { message: 'reminders.contentRequired' })
  .max(1000, { message: 'validation.tooLong' })
  .superRefine((text, ctx) => {
    const issues = checkSmsTemplate(text);
    if (issues.some((i) => i.code === 'unknownPlaceholder')) ctx.addIssue({ code: 'custom', message: 'reminders.placeholderUnknown' });
    if (issues.some((i) => i.code === 'malformedPlaceholder')) ctx.addIssue({ code: 'custom', message: 'reminders.placeholderMalformed' });
  });

export const smsTemplateItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SMS_KINDS),
  language: z.enum(SMS_LANGUAGES),
  content: z.string(),
  updatedAt: z.string(),
});
export type SmsTemplateItem = z.infer<typeof smsTemplateItemSchema>;
export const smsTemplateCreateSchema = z.object({
  kind: z.enum(SMS_KINDS, { message: V.choice }),
  language: z.enum(SMS_LANGUAGES, { message: V.choice }),
  content: smsContentSchema,
});
export const smsTemplateUpdateSchema = z.object({ content: smsContentSchema });
const smsTemplateFields: ResourceField[] = [
  { name: 'kind', kind: 'enum', label: 'reminders:fields.kind', list: true, sortable: true, filter: 'enum', form: 'create', required: true, options: SMS_KINDS, enumName: 'smsKind' },
  { name: 'language', kind: 'enum', label: 'reminders:fields.language', list: true, sortable: true, filter: 'enum', form: 'create', required: true, options: SMS_LANGUAGES, enumName: 'smsLanguage' },
  { name: 'content', kind: 'textarea', label: 'reminders:fields.content', list: true, form: true, required: true },
  { name: 'updatedAt', kind: 'datetime', label: 'reminders:fields.updatedAt', list: true, sortable: true },
];
/** Master data → SMS content: one template per kind and language (a second one answers 409). */
export const smsTemplateResource = defineResource({
  name: 'smsTemplates',
  path: '/smsTemplates',
  title: 'shell:menu.masterdata.smsContent',
  permissions: {
    list: 'masterdata.smsContent',
    view: 'masterdata.smsContent',
    create: 'masterdata.smsContent.create',
    update: 'masterdata.smsContent.update',
    delete: 'masterdata.smsContent.delete',
  },
  storeScoped: false,
  fields: smsTemplateFields,
  item: smsTemplateItemSchema,
  create: smsTemplateCreateSchema,
  update: smsTemplateUpdateSchema,
  filters: listQueryBase.extend({ kind: z.enum(SMS_KINDS).optional(), language: z.enum(SMS_LANGUAGES).optional() }),
  defaultSort: 'kind:asc',
});

// ---- SendSmsList ------------------------------------------------------------------------------

/** The list's tabs: the four kinds of reminder. */
export const smsCandidatesQuerySchema = listQueryBase.extend({
  kind: z.enum(SMS_KINDS, { message: V.choice }),
  loanNo: z.string().trim().max(32).optional(),
  customerName: z.string().trim().max(128).optional(),
  /** hide loans already queued or sent this kind for their current due date */
  unsentOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type SmsCandidatesQuery = z.input<typeof smsCandidatesQuerySchema>;
export const smsCandidateSchema = z.object({
  loanId: z.number().int(),
  loanNo: z.string(),
  storeId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  /** masked to the "visible tel. no." setting */
  phone: z.string(),
  language: z.enum(SMS_LANGUAGES),
  optedOut: z.boolean(),
  /** the due date the message is about (next unpaid instalment; oldest overdue one for `overdue`; last payment for `complete`) */
  dueDate: z.string().nullable(),
  amountDue: z.string(),
  daysOverdue: z.number().int(),
  remainingTenors: z.number().int(),
  /** a message of this kind for this due date exists already (queued, sending, sent or failed) */
  alreadyQueued: z.boolean(),
  /** the message as it would be sent (null: no template for the kind and language) */
  preview: z.string().nullable(),
  segments: z.number().int(),
});
export type SmsCandidate = z.infer<typeof smsCandidateSchema>;
export const smsCandidatePageSchema = pageOf(smsCandidateSchema).extend({
  /** the "overdue reminder days" setting the upcoming tab uses */
  reminderDays: z.number().int(),
});

export const smsSendSchema = z.object({
  kind: z.enum(SMS_KINDS, { message: V.choice }),
  loanIds: z.array(z.number().int().positive()).min(1, { message: V.atLeastOne }).max(500, { message: V.range }),
});
export const SMS_SKIP_REASONS = ['alreadyQueued', 'optedOut', 'noTemplate', 'notEligible'] as const;
export const smsSendResultSchema = z.object({
  queued: z.number().int(),
  skipped: z.array(z.object({ loanId: z.number().int(), reason: z.enum(SMS_SKIP_REASONS) })),
});
export type SmsSendResult = z.infer<typeof smsSendResultSchema>;

// ---- Sent record ------------------------------------------------------------------------------

export const smsMessageSchema = z.object({
  id: z.number().int(),
  loanId: z.number().int(),
  loanNo: z.string(),
  customerName: z.string(),
  kind: z.enum(SMS_KINDS),
  dueDate: z.string(),
  language: z.enum(SMS_LANGUAGES),
  phone: z.string(),
  text: z.string(),
  segments: z.number().int(),
  status: z.enum(SMS_STATUSES),
  attempts: z.number().int(),
  providerRef: z.string().nullable(),
  providerError: z.string().nullable(),
  staffName: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;
export const smsMessagesQuerySchema = listQueryBase.extend({
  kind: z.enum(SMS_KINDS).optional(),
  status: z.enum(SMS_STATUSES).optional(),
  loanNo: z.string().trim().max(32).optional(),
  dateFrom: z.iso.date({ message: V.date }).optional(),
  dateTo: z.iso.date({ message: V.date }).optional(),
});
export const smsMessagePageSchema = pageOf(smsMessageSchema);

// ---- Gateway and schedule ---------------------------------------------------------------------

const optionalSecret = z.string().max(256, { message: 'validation.tooLong' }).optional();
/** What the API shows of the gateway: the secrets only as "set" flags (they are write-only). */
export const smsGatewaySchema = z.object({
  provider: z.enum(SMS_PROVIDERS),
  url: z.string().nullable(),
  username: z.string().nullable(),
  senderId: z.string().nullable(),
  hasPassword: z.boolean(),
  hasToken: z.boolean(),
  timeoutMs: z.number().int(),
  ratePerSecond: z.number().int(),
  scheduleEnabled: z.boolean(),
  scheduleTime: z.string(),
  /** the business date the daily schedule last queued reminders (null: never) */
  scheduleLastRun: z.string().nullable(),
});
export type SmsGateway = z.infer<typeof smsGatewaySchema>;
/** Saving the gateway: a secret left out keeps the saved one, an empty one clears it. */
export const smsGatewayInputSchema = z
  .object({
    provider: z.enum(SMS_PROVIDERS, { message: V.choice }),
    url: z
      .string()
      .trim()
      .max(500, { message: 'validation.tooLong' })
      .nullish()
      .transform((v) => v || null)
      .pipe(z.url({ protocol: /^https?$/, message: 'reminders.gatewayUrl' }).nullable()),
    username: z.string().trim().max(128, { message: 'validation.tooLong' }).nullish().transform((v) => v || null),
    password: optionalSecret,
    token: optionalSecret,
    senderId: z.string().trim().max(11, { message: 'validation.tooLong' }).nullish().transform((v) => v || null),
    timeoutMs: z.coerce.number({ message: V.integer }).int({ message: V.integer }).min(1000, { message: V.range }).max(60_000, { message: V.range }).default(10_000),
    ratePerSecond: z.coerce.number({ message: V.integer }).int({ message: V.integer }).min(1, { message: V.range }).max(100, { message: V.range }).default(5),
    scheduleEnabled: z.boolean({ message: V.choice }).default(false),
    scheduleTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'reminders.scheduleTime' })
      .default('09:00'),
  })
  .superRefine((v, ctx) => {
    if (v.provider === 'http' && !v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'reminders.gatewayUrl' });
  });
export type SmsGatewayInput = z.input<typeof smsGatewayInputSchema>;

/** Opting a customer out of (or back into) reminders, and the language their messages use. */
export const smsPreferenceSchema = z.object({
  customerId: z.number().int().positive(),
  optedOut: z.boolean({ message: V.choice }),
  language: z.enum(SMS_LANGUAGES, { message: V.choice }),
  /** why (kept in the audit row) */
  reason: z.string().trim().max(500, { message: 'validation.tooLong' }).optional(),
});
export const smsPreferenceItemSchema = z.object({ customerId: z.number().int(), optedOut: z.boolean(), language: z.enum(SMS_LANGUAGES) });

export const SMS_PATHS = {
  candidates: '/sms/candidates',
  send: '/sms/send',
  messages: '/sms/messages',
  gateway: '/sms/gateway',
  preference: '/sms/preference',
  runSchedule: '/sms/schedule/run',
  limits: '/sms/limits',
} as const;

/** What "Queue today's reminders now" answers: how many of each scheduled kind were queued. */
export const smsScheduleRunSchema = z.object({ queued: z.record(z.string(), z.number().int()) });
export type SmsScheduleRun = z.infer<typeof smsScheduleRunSchema>;

/** A customer's default message language: Traditional Chinese when the name holds Chinese characters. */
export const defaultSmsLanguage = (name: string): SmsLanguage => (/[\u3400-\u9fff]/.test(name) ? 'zh-TW' : 'en');

/** The settings the SMS screens show: the character count limit and the upcoming tab's days. */
export const smsLimitsSchema = z.object({ smsCharCount: z.number().int(), overdueReminderDays: z.number().int() });
export type SmsLimits = z.infer<typeof smsLimitsSchema>;
