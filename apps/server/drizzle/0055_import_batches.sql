CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"file_key" varchar(96),
	"cut_over_date" varchar(10),
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_validated" integer DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"failure" varchar(500),
	"started_by" integer,
	"committed_at" timestamp with time zone,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"batch_id" integer NOT NULL,
	"sheet" varchar(32) NOT NULL,
	"row" integer NOT NULL,
	"entity" varchar(32) NOT NULL,
	"entity_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_event_check";--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_account_check";--> statement-breakpoint
ALTER TABLE "ledger_day_balances" DROP CONSTRAINT "ledger_day_balances_account_check";--> statement-breakpoint
ALTER TABLE "loan_repayments" DROP CONSTRAINT "loan_repayments_type";--> statement-breakpoint
ALTER TABLE "loan_repayments" DROP CONSTRAINT "loan_repayments_method";--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_started_by_staff_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_rows_entity" ON "import_rows" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "import_rows_batch" ON "import_rows" USING btree ("batch_id","sheet","row");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_event_check" CHECK ("journal_entries"."event" in ('payout', 'repayment', 'interest_accrued', 'temporary_applied', 'temporary_refund', 'early_settlement', 'write_off', 'write_off_recovery', 'oca_charge', 'oca_payment', 'bank_suspense', 'opening_balance', 'reversal'));--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_check" CHECK ("journal_lines"."account" in ('cash', 'bank', 'bank2', 'loansReceivable', 'interestReceivable', 'reloanClearing', 'customerDeposits', 'ocaPayable', 'suspense', 'migrationEquity', 'interestIncome', 'overdueInterestIncome', 'feeIncome', 'badDebtRecovered', 'settlementRebate', 'badDebtExpense', 'ocaCharges'));--> statement-breakpoint
ALTER TABLE "ledger_day_balances" ADD CONSTRAINT "ledger_day_balances_account_check" CHECK ("ledger_day_balances"."account" in ('cash', 'bank', 'bank2', 'loansReceivable', 'interestReceivable', 'reloanClearing', 'customerDeposits', 'ocaPayable', 'suspense', 'migrationEquity', 'interestIncome', 'overdueInterestIncome', 'feeIncome', 'badDebtRecovered', 'settlementRebate', 'badDebtExpense', 'ocaCharges'));--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_type" CHECK ("loan_repayments"."repay_type" in ('auto','instalment','overdue-interest','handling-fee','principal','settlement','temporary','temp-refund','opening'));--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_method" CHECK (("loan_repayments"."method" is null) = ("loan_repayments"."repay_type" in ('temporary', 'opening')) and ("loan_repayments"."method" is null or "loan_repayments"."method" in ('cash','cheque','bank-transfer','autopay','reloan')));--> statement-breakpoint
-- hand-written
-- A batch belongs to the store whose book it brought in: row-level security as every store-owned table.
SELECT harbour_store_owned('import_batches');
--> statement-breakpoint
-- Receipts stay append-only, with one exception a rollback needs: the opening position of a loan
-- an import brought in (repay_type 'opening', made only by an import) and its lines may be deleted
-- while their batch is being rolled back in the same transaction (state 'rollingBack', set by the
-- rollback just before). Every other receipt, and every receipt of a batch not rolling back, is
-- refused as before.
CREATE OR REPLACE FUNCTION harbour_receipts_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  receipt_id integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF TG_TABLE_NAME = 'loan_repayments' THEN
      receipt_id := OLD.id;
    ELSE
      receipt_id := OLD.repayment_id;
    END IF;
    IF EXISTS (
      SELECT 1 FROM loan_repayments p
        JOIN import_rows r ON r.entity = 'repayment' AND r.entity_id = p.id
        JOIN import_batches b ON b.id = r.batch_id
       WHERE p.id = receipt_id AND p.repay_type = 'opening' AND b.state = 'rollingBack'
    ) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
DROP TRIGGER loan_repayments_no_update_delete ON loan_repayments;
--> statement-breakpoint
CREATE TRIGGER loan_repayments_no_update_delete BEFORE UPDATE OR DELETE ON loan_repayments
  FOR EACH ROW EXECUTE FUNCTION harbour_receipts_append_only();
--> statement-breakpoint
DROP TRIGGER loan_repayment_lines_no_update_delete ON loan_repayment_lines;
--> statement-breakpoint
CREATE TRIGGER loan_repayment_lines_no_update_delete BEFORE UPDATE OR DELETE ON loan_repayment_lines
  FOR EACH ROW EXECUTE FUNCTION harbour_receipts_append_only();
