import type { Language } from '../errors.js';

/**
 * The domain's typed errors (`@harbour/domain` DOMAIN_ERROR_CODES) in the three languages, keyed
 * `domain.<CODE>`: the server answers a DomainError with 422 and this text; the web can show
 * the same text for a code it meets itself.
 */
export const DOMAIN_MESSAGES: Record<Language, Record<string, string>> = {
  en: {
    'domain.RECEIVED_BELOW_OVERDUE_INTEREST_AND_FEE': 'The amount received must cover the overdue interest plus fees.',
    'domain.RECEIVED_BELOW_HANDLING_FEE': 'The amount received must cover the handling fee.',
    'domain.RECEIVED_BELOW_AMOUNT_DUE': 'The amount received must cover the overdue amount, the amount due and fees.',
    'domain.ALREADY_AT_MAXIMUM_TENOR': 'The loan is already at its maximum tenor.',
    'domain.SETTLE_EARLIER_INSTALMENTS_FIRST': 'Please settle the earlier instalments first.',
    'domain.PRINCIPAL_EXCEEDS_UNPAID_PRINCIPAL': 'Principal repaid cannot exceed the unpaid principal.',
    'domain.USE_EARLY_SETTLEMENT': 'Please choose early settlement to clear all principal.',
    'domain.DATE_BEFORE_LAST_REPAYMENT': 'The repayment date cannot be earlier than the last repayment date.',
    'domain.DATE_BEFORE_INTEREST_START': 'The repayment date cannot be earlier than the interest start date.',
    'domain.RECEIVED_NOT_POSITIVE': 'The amount received must be greater than 0.',
    'domain.PARTIAL_PRINCIPAL_NOT_ALLOWED': 'This loan does not allow partial principal repayment.',
    'domain.LOAN_ALREADY_SETTLED': 'The loan has no outstanding amount.',
    'domain.INVALID_TERMS': 'The loan terms are not valid.',
    'domain.INVALID_STATUS_TRANSITION': 'This action is not allowed in the current status.',
    'domain.UNBALANCED_JOURNAL_ENTRY': 'The accounting entry does not balance; nothing was saved.',
    'domain.INVALID_JOURNAL_AMOUNT': 'An accounting amount must be zero or more, with at most two decimals.',
  },
  'zh-TW': {
    'domain.RECEIVED_BELOW_OVERDUE_INTEREST_AND_FEE': '實收金額必須足夠支付逾期利息及費用。',
    'domain.RECEIVED_BELOW_HANDLING_FEE': '實收金額必須足夠支付手續費。',
    'domain.RECEIVED_BELOW_AMOUNT_DUE': '實收金額必須足夠支付逾期金額、應還金額及費用。',
    'domain.ALREADY_AT_MAXIMUM_TENOR': '貸款已達最長期數。',
    'domain.SETTLE_EARLIER_INSTALMENTS_FIRST': '請先清還較早的期數。',
    'domain.PRINCIPAL_EXCEEDS_UNPAID_PRINCIPAL': '償還本金不可多於未還本金。',
    'domain.USE_EARLY_SETTLEMENT': '如要清還全部本金，請選擇提前還款。',
    'domain.DATE_BEFORE_LAST_REPAYMENT': '還款日期不可早於上次還款日期。',
    'domain.DATE_BEFORE_INTEREST_START': '還款日期不可早於起息日期。',
    'domain.RECEIVED_NOT_POSITIVE': '實收金額必須大於 0。',
    'domain.PARTIAL_PRINCIPAL_NOT_ALLOWED': '此貸款不接受部分償還本金。',
    'domain.LOAN_ALREADY_SETTLED': '此貸款已沒有未還金額。',
    'domain.INVALID_TERMS': '貸款條款無效。',
    'domain.INVALID_STATUS_TRANSITION': '目前狀態不可進行此操作。',
    'domain.UNBALANCED_JOURNAL_ENTRY': '會計分錄借貸不平衡，未有儲存。',
    'domain.INVALID_JOURNAL_AMOUNT': '會計金額必須為零或以上，最多兩位小數。',
  },
  'zh-CN': {
    'domain.RECEIVED_BELOW_OVERDUE_INTEREST_AND_FEE': '实收金额必须足够支付逾期利息及费用。',
    'domain.RECEIVED_BELOW_HANDLING_FEE': '实收金额必须足够支付手续费。',
    'domain.RECEIVED_BELOW_AMOUNT_DUE': '实收金额必须足够支付逾期金额、应还金额及费用。',
    'domain.ALREADY_AT_MAXIMUM_TENOR': '贷款已达最长期数。',
    'domain.SETTLE_EARLIER_INSTALMENTS_FIRST': '请先清还较早的期数。',
    'domain.PRINCIPAL_EXCEEDS_UNPAID_PRINCIPAL': '偿还本金不可多于未还本金。',
    'domain.USE_EARLY_SETTLEMENT': '如要清还全部本金，请选择提前还款。',
    'domain.DATE_BEFORE_LAST_REPAYMENT': '还款日期不可早于上次还款日期。',
    'domain.DATE_BEFORE_INTEREST_START': '还款日期不可早于起息日期。',
    'domain.RECEIVED_NOT_POSITIVE': '实收金额必须大于 0。',
    'domain.PARTIAL_PRINCIPAL_NOT_ALLOWED': '此贷款不接受部分偿还本金。',
    'domain.LOAN_ALREADY_SETTLED': '此贷款已没有未还金额。',
    'domain.INVALID_TERMS': '贷款条款无效。',
    'domain.INVALID_STATUS_TRANSITION': '当前状态不可进行此操作。',
    'domain.UNBALANCED_JOURNAL_ENTRY': '会计分录借贷不平衡，未有保存。',
    'domain.INVALID_JOURNAL_AMOUNT': '会计金额必须为零或以上，最多两位小数。',
  },
};
