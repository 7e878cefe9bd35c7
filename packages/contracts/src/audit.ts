/**
 * Action log types (spec §9) plus `reveal` (unmasking personal data) and `lookup`
 * (a search by a whole ID number or phone, `platform/number-lookup.ts`). Every mutating request
 * writes exactly one audit row with one of these actions.
 */
export const AUDIT_ACTIONS = [
  'login',
  'tried_to_login',
  'logout',
  'upload',
  'view',
  'add',
  'edit',
  'delete',
  'void',
  'refund',
  'print',
  'enquiry_credit_ref',
  'upload_arrears_record',
  'reveal',
  // four eyes: a controlled action asked for, and its rejection or withdrawal (an approval is the action's own row)
  'request',
  'reject',
  'withdraw',
  'lookup',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
