import {
  CODE_DATE_PARTS,
  CODE_KINDS,
  CODE_PREFIX_MAX,
  CODE_PREFIX_PATTERN,
  CODE_RESETS,
  CODE_SEQ_MAX,
  CODE_SEQ_MIN,
  codeFormatIssues,
} from '@harbour/domain';
import { z } from 'zod';
import { V } from './calculator.js';
import { systemSettingsSchema, systemSettingsValuesSchema } from './settings.js';
import { fourEyesReason } from './approvals.js';

/**
 * System → code format, active period and visible tel. no. (spec §2 System, §9).
 *
 * Code format: how application, loan and repayment numbers and customer codes are built
 * (`@harbour/domain` `formatCode`); `GET /codeFormats` (page key `system.codeFormat`) answers the
 * four formats with what the page needs to show the next number, `PUT /codeFormats/{kind}`
 * (`system.codeFormat.edit`) saves one. Numbers are taken by the server's `takeCode`.
 *
 * Active period and visible tel. no.: one setting each (`activePeriodDays`, `visibleTelDigits` of
 * the default settings), read and saved on their own page with the page's key, through the same
 * settings service as the default settings page.
 */
export const CODE_FORMATS_PATH = '/codeFormats';
export const CODE_FORMAT_PERMISSION = 'system.codeFormat' as const;
export const CODE_FORMAT_EDIT_PERMISSION = 'system.codeFormat.edit' as const;

export const codeKindSchema = z.enum(CODE_KINDS, { message: V.choice });

export const codeFormatSchema = z
  .object({
    prefix: z
      .string({ message: 'settings.codeFormat.prefixInvalid' })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => v.length <= CODE_PREFIX_MAX && CODE_PREFIX_PATTERN.test(v), { message: 'settings.codeFormat.prefixInvalid' }),
    includeStoreCode: z.boolean({ message: V.choice }),
    datePart: z.enum(CODE_DATE_PARTS, { message: V.choice }),
    seqWidth: z.coerce
      .number({ message: V.integer })
      .int({ message: V.integer })
      .min(CODE_SEQ_MIN, { message: V.range })
      .max(CODE_SEQ_MAX, { message: V.range }),
    reset: z.enum(CODE_RESETS, { message: V.choice }),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (codeFormatIssues(f).includes('reset')) ctx.addIssue({ code: 'custom', path: ['reset'], message: 'settings.codeFormat.resetTooFine' });
  });
export type CodeFormatInput = z.input<typeof codeFormatSchema>;

export const codeFormatValueSchema = z.object({
  prefix: z.string(),
  includeStoreCode: z.boolean(),
  datePart: z.enum(CODE_DATE_PARTS),
  seqWidth: z.number().int(),
  reset: z.enum(CODE_RESETS),
});

/** One kind of number on the page: its format and when it was last saved (null: never, the default). */
export const codeFormatItemSchema = z.object({
  kind: codeKindSchema,
  format: codeFormatValueSchema,
  updatedAt: z.string().nullable(),
});
export type CodeFormatItem = z.infer<typeof codeFormatItemSchema>;

/**
 * The counters the next number depends on, for the caller's current store and the shared
 * counter, in today's periods: the page works out the next number of a format being edited
 * (`nextCode` of `@harbour/domain`).
 */
export const codeCounterSchema = z.object({
  kind: codeKindSchema,
  /** `store`: the current store's counter (numbers with the store code); `shared`: all stores'. */
  scope: z.enum(['store', 'shared']),
  period: z.string(),
  value: z.number().int(),
});

export const codeFormatsAnswerSchema = z.object({
  items: z.array(codeFormatItemSchema),
  /** The caller's current store and its code, and today in Hong Kong: the example's inputs. */
  storeCode: z.string(),
  storeName: z.string(),
  today: z.string(),
  counters: z.array(codeCounterSchema),
});
export type CodeFormatsAnswer = z.infer<typeof codeFormatsAnswerSchema>;

export const codeKindParamsSchema = z.object({ kind: codeKindSchema });

/** System → active period: `GET/PUT /activePeriod`, page key `system.activePeriod`. */
export const ACTIVE_PERIOD_PATH = '/activePeriod';
export const ACTIVE_PERIOD_PERMISSION = 'system.activePeriod' as const;
/** The active period is a rate setting (four eyes): the save carries the maker's reason, as the settings page's does. */
export const activePeriodSchema = systemSettingsSchema.pick({ activePeriodDays: true }).extend({ reason: fourEyesReason }).strict();
export const activePeriodValueSchema = systemSettingsValuesSchema.pick({ activePeriodDays: true });
export type ActivePeriod = z.infer<typeof activePeriodValueSchema>;

/** System → visible tel. no.: `GET/PUT /visibleTel`, page key `system.visibleTel`. */
export const VISIBLE_TEL_PATH = '/visibleTel';
export const VISIBLE_TEL_PERMISSION = 'system.visibleTel' as const;
export const visibleTelSchema = systemSettingsSchema.pick({ visibleTelDigits: true }).strict();
export const visibleTelValueSchema = systemSettingsValuesSchema.pick({ visibleTelDigits: true });
export type VisibleTel = z.infer<typeof visibleTelValueSchema>;
