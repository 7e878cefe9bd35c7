import { z } from 'zod';
import { isoDate } from './calculator.js';
import { listQueryBase, pageOf } from './list.js';

/**
 * Four eyes (docs/server-conventions.md → Four eyes): the actions a company may put under a
 * second person's approval. A controlled action's request is recorded instead of done; a checker
 * who holds `approval.check` and the action's own key, and who is neither the requester nor a
 * maker of the subject loan, approves it (the action runs then) or rejects it.
 */
export const CONTROLLED_KINDS = [
  'repayments.void',
  'repayments.refund',
  'repayments.refundTemporary',
  'collection.writeOff',
  'collection.cancelWriteOff',
  'loans.waiver',
  'settings.rates',
  'staffLevels.limits',
] as const;
export type ControlledKind = (typeof CONTROLLED_KINDS)[number];

/**
 * Changing which kinds are controlled is itself always controlled (not in the setting's list):
 * otherwise one person switches four eyes off and acts alone.
 */
export const FOUR_EYES_SETTINGS_KIND = 'settings.fourEyes' as const;
export type FourEyesKind = ControlledKind | typeof FOUR_EYES_SETTINGS_KIND;
export const FOUR_EYES_KINDS: readonly FourEyesKind[] = [...CONTROLLED_KINDS, FOUR_EYES_SETTINGS_KIND];

/**
 * The maker's reason, sent with a change that may be controlled (a settings save, a staff level's
 * edit): the request records it and the checker reads it. Required when the change is recorded
 * as a request (`approvals.errors.reasonRequired`); a change that saves at once does not need it.
 */
export const fourEyesReason = z.string().trim().max(500, { message: 'validation.tooLong' }).optional();

export const APPROVAL_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalRequestStatus = (typeof APPROVAL_REQUEST_STATUSES)[number];

export const APPROVAL_REQUESTS_PATH = '/approvalRequests';
export const APPROVAL_REQUESTS_PERMISSION = 'approval.requests' as const;
export const APPROVAL_CHECK_PERMISSION = 'approval.check' as const;

/** One figure of the change the checker sees: what it is now and what the action makes it. */
export const approvalChangeSchema = z.object({
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type ApprovalChange = z.infer<typeof approvalChangeSchema>;

export const approvalRequestItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(APPROVAL_REQUEST_STATUSES),
  storeId: z.number().int(),
  storeName: z.string().nullable(),
  loanId: z.number().int().nullable(),
  reference: z.string().nullable(),
  change: approvalChangeSchema,
  reason: z.string(),
  requestedBy: z.number().int(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
  /** what the caller may do with it now */
  mayDecide: z.boolean(),
  mayWithdraw: z.boolean(),
});
export type ApprovalRequestItem = z.infer<typeof approvalRequestItemSchema>;

/** The answer of a controlled action's route when the request is recorded instead (HTTP 202). */
export const approvalRequestedSchema = z.object({
  approvalRequest: z.object({ id: z.number().int(), kind: z.string(), status: z.enum(APPROVAL_REQUEST_STATUSES) }),
});
export type ApprovalRequested = z.infer<typeof approvalRequestedSchema>;

export const approvalRequestFiltersSchema = listQueryBase.extend({
  status: z.enum(APPROVAL_REQUEST_STATUSES).optional(),
  kind: z.enum(FOUR_EYES_KINDS as [FourEyesKind, ...FourEyesKind[]]).optional(),
  storeId: z.coerce.number().int().positive().optional(),
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
  /** only the caller's own requests */
  mine: z.enum(['yes']).optional(),
});
export type ApprovalRequestFilters = z.input<typeof approvalRequestFiltersSchema>;
export const approvalRequestPageSchema = pageOf(approvalRequestItemSchema);

export const approvalDecisionBodySchema = z.object({
  note: z.string().trim().max(500, { message: 'validation.tooLong' }).optional(),
});
/** A rejection says why. */
export const approvalRejectBodySchema = z.object({
  note: z.string({ message: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(500, { message: 'validation.tooLong' }),
});
export const approvalIdParams = z.object({ id: z.coerce.number().int().positive() });
