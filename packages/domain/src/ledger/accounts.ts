/**
 * Harbour's chart of accounts: what the journal posts to. Assets and expenses grow on the debit
 * side; liabilities and income on the credit side. Balances and most reports derive from the
 * journal lines posted to these accounts. The store and the loan are dimensions of an entry (the
 * server's journal columns), not separate accounts, so a store's cash is `cash` filtered by store.
 *
 * `code` orders the trial balance (1xxx assets, 2xxx liabilities, 3xxx equity, 4xxx income, 5xxx
 * expenses);
 * `name` documents the account — screens translate the account key, never show `name`.
 */
export const ACCOUNTS = {
  cash: { code: '1010', kind: 'asset', name: 'Cash at stores' },
  bank: { code: '1020', kind: 'asset', name: 'Bank (cheques, transfers, autopay)' },
  bank2: { code: '1021', kind: 'asset', name: 'Second bank account (a store banking with two banks)' },
  loansReceivable: { code: '1100', kind: 'asset', name: 'Loans receivable (principal outstanding)' },
  interestReceivable: { code: '1110', kind: 'asset', name: 'Interest and overdue interest accrued, not yet received' },
  reloanClearing: { code: '1190', kind: 'asset', name: 'Reloan clearing: an old loan settled out of a new loan’s payout' },
  customerDeposits: { code: '2010', kind: 'liability', name: 'Temporary amounts held for customers' },
  ocaPayable: { code: '2020', kind: 'liability', name: 'Charges payable to collection agents' },
  suspense: { code: '2090', kind: 'liability', name: 'Bank receipts not yet identified (suspense)' },
  migrationEquity: { code: '3010', kind: 'equity', name: 'Opening balances of loans brought in from the previous system' },
  interestIncome: { code: '4010', kind: 'income', name: 'Interest income' },
  overdueInterestIncome: { code: '4020', kind: 'income', name: 'Overdue interest income' },
  feeIncome: { code: '4030', kind: 'income', name: 'Fee income (handling, late drawdown, lock-period fees)' },
  badDebtRecovered: { code: '4090', kind: 'income', name: 'Bad debts recovered' },
  settlementRebate: { code: '5010', kind: 'expense', name: 'Early settlement rebates (rule of 78; keeping a settlement within the 48% cap)' },
  badDebtExpense: { code: '5020', kind: 'expense', name: 'Bad debts written off' },
  ocaCharges: { code: '5030', kind: 'expense', name: 'Collection agent charges' },
} as const;

export type Account = keyof typeof ACCOUNTS;
export type AccountKind = (typeof ACCOUNTS)[Account]['kind'];

/** The ledger accounts a bank account of a store may post to (master data → bank accounts). */
export const BANK_LEDGER_ACCOUNTS = ['bank', 'bank2'] as const;
export type BankLedgerAccount = (typeof BANK_LEDGER_ACCOUNTS)[number];

/** Where money came in or went out. */
export type MoneyAccount = 'cash' | BankLedgerAccount;

/**
 * Where a receipt's money is taken from: the till or a bank account, or the suspense account when
 * a bank line parked there is later assigned to its loan (the money came in when it was parked).
 */
export type ReceiptSource = MoneyAccount | 'suspense';

/**
 * How money moves at the counter: payouts are cash or cheque (spec §9), receipts also by bank
 * transfer or autopay. Only cash stays in the store; everything else passes through the bank.
 */
export const PAYMENT_METHODS = ['cash', 'cheque', 'bank-transfer', 'autopay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The account of a payment method when no bank account of the store is known: cash stays in the
 * store, everything else passes through the bank. The server's `receiptAccountFor` names the
 * store's own bank account instead where it has one.
 */
export const moneyAccountFor = (method: PaymentMethod): MoneyAccount => (method === 'cash' ? 'cash' : 'bank');

/** The side on which an account's balance grows. */
export const normalSide = (account: Account): 'debit' | 'credit' =>
  ACCOUNTS[account].kind === 'asset' || ACCOUNTS[account].kind === 'expense' ? 'debit' : 'credit';
