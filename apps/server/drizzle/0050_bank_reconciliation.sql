CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"bank_name" varchar(128) NOT NULL,
	"bank_code" varchar(3),
	"account_name" varchar(128) NOT NULL,
	"account_no" varchar(32) NOT NULL,
	"currency" varchar(3) DEFAULT 'HKD' NOT NULL,
	"ledger_account" varchar(32) DEFAULT 'bank' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"csv_mapping" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "bank_accounts_store_account_unique" UNIQUE("store_id","account_no"),
	CONSTRAINT "bank_accounts_currency_check" CHECK ("bank_accounts"."currency" = 'HKD'),
	CONSTRAINT "bank_accounts_ledger_check" CHECK ("bank_accounts"."ledger_account" in ('bank', 'bank2'))
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"statement_id" integer NOT NULL,
	"bank_txn_id" varchar(128) NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"direction" varchar(6) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"reference" varchar(512),
	"payer_name" varchar(255),
	"state" varchar(16) NOT NULL,
	"reason" varchar(24) NOT NULL,
	"loan_id" integer,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"repayment_id" integer,
	"suspense_entry_id" bigint,
	"ignore_reason" varchar(500),
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "bank_statement_lines_txn_unique" UNIQUE("bank_account_id","bank_txn_id"),
	CONSTRAINT "bank_statement_lines_direction_check" CHECK ("bank_statement_lines"."direction" in ('credit', 'debit')),
	CONSTRAINT "bank_statement_lines_amount_check" CHECK ("bank_statement_lines"."amount" > 0),
	CONSTRAINT "bank_statement_lines_state_check" CHECK ("bank_statement_lines"."state" in ('matched', 'suggested', 'unmatched', 'posted', 'suspense', 'ignored', 'debit'))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"format" varchar(8) NOT NULL,
	"statement_ref" varchar(128) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"from_date" date,
	"to_date" date,
	"opening_balance" numeric(16, 2),
	"closing_balance" numeric(16, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "bank_statements_ref_unique" UNIQUE("bank_account_id","format","statement_ref")
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_event_check";--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_account_check";--> statement-breakpoint
ALTER TABLE "ledger_day_balances" DROP CONSTRAINT "ledger_day_balances_account_check";--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_repayment_id_loan_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."loan_repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_event_check" CHECK ("journal_entries"."event" in ('payout', 'repayment', 'interest_accrued', 'temporary_applied', 'temporary_refund', 'early_settlement', 'write_off', 'write_off_recovery', 'oca_charge', 'oca_payment', 'bank_suspense', 'reversal'));--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_check" CHECK ("journal_lines"."account" in ('cash', 'bank', 'bank2', 'loansReceivable', 'interestReceivable', 'reloanClearing', 'customerDeposits', 'ocaPayable', 'suspense', 'interestIncome', 'overdueInterestIncome', 'feeIncome', 'badDebtRecovered', 'settlementRebate', 'badDebtExpense', 'ocaCharges'));--> statement-breakpoint
ALTER TABLE "ledger_day_balances" ADD CONSTRAINT "ledger_day_balances_account_check" CHECK ("ledger_day_balances"."account" in ('cash', 'bank', 'bank2', 'loansReceivable', 'interestReceivable', 'reloanClearing', 'customerDeposits', 'ocaPayable', 'suspense', 'interestIncome', 'overdueInterestIncome', 'feeIncome', 'badDebtRecovered', 'settlementRebate', 'badDebtExpense', 'ocaCharges'));--> statement-breakpoint
-- Bank accounts, statements and their lines belong to a store (row-level security).
SELECT harbour_store_owned('bank_accounts');
--> statement-breakpoint
SELECT harbour_store_owned('bank_statements');
--> statement-breakpoint
SELECT harbour_store_owned('bank_statement_lines');
