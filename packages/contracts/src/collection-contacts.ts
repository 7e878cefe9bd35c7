import { z } from 'zod';
import { V, isoDate } from './calculator.js';
import { moneyString, optionalText } from './stores.js';
import { listQueryBase, pageOf } from './list.js';

/**
 * The collector's desk (docs/collection.md): a dated, append-only log of contacts with a borrower
 * about a loan — a call, an SMS, a visit, a letter — with its outcome and, when the borrower
 * promised to pay, the amount and the date. A wrong entry is never edited: a new entry cancels it.
 */
export const CONTACT_CHANNELS = ['call', 'sms', 'visit', 'letter'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/**
 * What came of a contact. `promised` carries a promise to pay (amount and date, both required);
 * `sent` is an SMS or letter sent with no answer yet (SMS sent through the SMS module log it).
 */
export const CONTACT_OUTCOMES = ['noAnswer', 'promised', 'refused', 'wrongNumber', 'callBack', 'paidAlready', 'sent', 'other'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

const positiveMoney = moneyString.refine((v) => /[1-9]/.test(v), { message: V.positive });
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A contact logged by a collector (the loan's store and the staff come from the loan and the session). */
export const contactCreateSchema = z
  .object({
    loanId: z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.positive }),
    channel: z.enum(CONTACT_CHANNELS, { message: V.required }),
    outcome: z.enum(CONTACT_OUTCOMES, { message: V.required }),
    note: optionalText(1000),
    promiseAmount: z.preprocess(blankToUndefined, positiveMoney.optional()),
    promiseDate: z.preprocess(blankToUndefined, isoDate().optional()),
  })
  .superRefine((v, ctx) => {
    const promised = v.outcome === 'promised';
    if (promised && v.promiseAmount === undefined) ctx.addIssue({ code: 'custom', path: ['promiseAmount'], message: V.required });
    if (promised && v.promiseDate === undefined) ctx.addIssue({ code: 'custom', path: ['promiseDate'], message: V.required });
    if (!promised && (v.promiseAmount !== undefined || v.promiseDate !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['outcome'], message: 'validation.promiseNeedsOutcome' });
    }
  });
export type ContactCreateInput = z.input<typeof contactCreateSchema>;

/** Cancelling a wrong entry: a new entry naming it, with the reason. */
export const contactCancelSchema = z.object({
  reason: z.string({ message: V.required }).trim().min(1, { message: V.required }).max(500, { message: 'validation.tooLong' }),
});

/** Cancelling a wrong entry through the API: the entry's id with the reason. */
export const contactCancelBodySchema = contactCancelSchema.extend({
  contactId: z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.positive }),
});

export const COLLECTION_CONTACTS_PATH = '/collection/contacts';
export const COLLECTION_CONTACTS_CANCEL_PATH = '/collection/contacts/cancel';
export const COLLECTION_DESK_PATH = '/collection/desk';
export const COLLECTION_DESK_EXPORT_PATH = '/collection/desk/export';
/** Viewing the desk and a loan's contacts; logging and cancelling contacts. */
export const COLLECTION_PERMISSIONS = { view: 'collection.contacts', log: 'collection.log' } as const;

export const PROMISE_STATES = ['kept', 'broken', 'pending'] as const;

export const contactsQuerySchema = z.object({ loanId: z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.positive }) });

/** One entry of a loan's log as the API answers it; its promise judged as of today. */
export const contactEntrySchema = z.object({
  id: z.number().int(),
  loanId: z.number().int(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  at: z.string(),
  madeOn: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string().nullable(),
  promiseAmount: z.string().nullable(),
  promiseDate: z.string().nullable(),
  /** null when the entry holds no promise or is cancelled */
  promiseState: z.enum(PROMISE_STATES).nullable(),
  /** receipts counted towards the promise so far */
  promisePaid: z.string().nullable(),
  cancelled: z.boolean(),
  /** the cancelling entry's reason */
  cancelReason: z.string().nullable(),
  /** from an SMS sent through the SMS module */
  smsMessageId: z.number().int().nullable(),
});
export type ContactEntry = z.infer<typeof contactEntrySchema>;
export const contactListSchema = z.array(contactEntrySchema);

/** The desk's three lists: the work queue of overdue loans, the promises due today, the broken promises. */
export const DESK_VIEWS = ['queue', 'today', 'broken'] as const;
export type DeskView = (typeof DESK_VIEWS)[number];
export const DESK_SORTS = ['daysOverdue', 'promiseDate', 'loanNo', 'overdueAmount'] as const;

const optionalDate = z.preprocess(blankToUndefined, isoDate().optional());

export const deskQuerySchema = listQueryBase.extend({
  view: z.enum(DESK_VIEWS).default('queue'),
  loanNo: z.string().trim().max(32).optional(),
  customerName: z.string().trim().max(64).optional(),
  /** the promise's date from / to (broken promises) */
  promiseFrom: optionalDate,
  promiseTo: optionalDate,
});
export type DeskQuery = z.input<typeof deskQuerySchema>;

export const deskPromiseSchema = z.object({
  contactId: z.number().int(),
  madeOn: z.string(),
  date: z.string(),
  amount: z.string(),
  paid: z.string(),
  state: z.enum(PROMISE_STATES),
  staffName: z.string().nullable(),
});

export const deskRowSchema = z.object({
  loanId: z.number().int(),
  loanNo: z.string(),
  storeName: z.string(),
  customerName: z.string(),
  /** masked to the "visible tel. no." digits */
  mobile: z.string().nullable(),
  daysOverdue: z.number().int(),
  overdueAmount: z.string(),
  amountDue: z.string(),
  /** the latest entry of the log (not cancelled) */
  lastContact: z.object({ at: z.string(), madeOn: z.string(), channel: z.enum(CONTACT_CHANNELS), outcome: z.enum(CONTACT_OUTCOMES), staffName: z.string().nullable() }).nullable(),
  /** queue: the loan's latest promise; today / broken: the promise listed */
  promise: deskPromiseSchema.nullable(),
});
export type DeskRow = z.infer<typeof deskRowSchema>;
export const deskPageSchema = pageOf(deskRowSchema).extend({ today: z.string() });
export type DeskPage = z.infer<typeof deskPageSchema>;
