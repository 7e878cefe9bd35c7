/**
 * Harbour's chart of accounts: what the journal posts to. Assets and expenses grow on the debit
 * side; liabilities and income on the credit side. Balances and most reports derive from the
 * journal lines posted to these accounts.
 */
export const ACCOUNTS = {
  cash: { kind: 'asset', name: 'Cash at stores' },
  bank: { kind: 'asset', name: 'Bank' },
  loansReceivable: { kind: 'asset', name: 'Loans receivable (principal outstanding)' },
  customerDeposits: { kind: 'liability', name: 'Temporary amounts held for customers' },
  ocaPayable: { kind: 'liability', name: 'Charges payable to collection agents' },
  interestIncome: { kind: 'income', name: 'Interest income' },
  overdueInterestIncome: { kind: 'income', name: 'Overdue interest income' },
  feeIncome: { kind: 'income', name: 'Fee income (handling, lock-period fees)' },
  badDebtRecovered: { kind: 'income', name: 'Bad debts recovered' },
  settlementRebate: { kind: 'expense', name: 'Early settlement interest rebates' },
  badDebtExpense: { kind: 'expense', name: 'Bad debts written off' },
  ocaCharges: { kind: 'expense', name: 'Collection agent charges' },
} as const;

export type Account = keyof typeof ACCOUNTS;
export type AccountKind = (typeof ACCOUNTS)[Account]['kind'];

/** Where money came in or went out. */
export type MoneyAccount = Extract<Account, 'cash' | 'bank'>;

/** The side on which an account's balance grows. */
export const normalSide = (account: Account): 'debit' | 'credit' =>
  ACCOUNTS[account].kind === 'asset' || ACCOUNTS[account].kind === 'expense' ? 'debit' : 'credit';
