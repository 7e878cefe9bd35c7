import { z } from 'zod';
import { V, isoDate } from './calculator.js';
import { moneyString, optionalText } from './stores.js';

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
