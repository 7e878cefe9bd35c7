CREATE TABLE "loan_repayment_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"repayment_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"reason" varchar(500) NOT NULL,
	"corrected_on" date NOT NULL,
	"journal_entry_id" bigint NOT NULL,
	"corrected_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_repayment_corrections_repayment_id_unique" UNIQUE("repayment_id"),
	CONSTRAINT "loan_repayment_corrections_kind" CHECK ("loan_repayment_corrections"."kind" in ('void','refund'))
);
--> statement-breakpoint
CREATE TABLE "loan_repayment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"repayment_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"tenor" smallint NOT NULL,
	"overdue_interest_charged" numeric(16, 2) NOT NULL,
	"fee_charged" numeric(16, 2) NOT NULL,
	"accrued_to" date,
	"overdue_interest" numeric(16, 2) NOT NULL,
	"handling_fee" numeric(16, 2) NOT NULL,
	"interest" numeric(16, 2) NOT NULL,
	"principal" numeric(16, 2) NOT NULL,
	"interest_waived" numeric(16, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_repayment_lines_once" UNIQUE("repayment_id","tenor")
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"repay_no" varchar(32) NOT NULL,
	"repay_date" date NOT NULL,
	"repay_type" varchar(16) NOT NULL,
	"tenor" smallint,
	"received" numeric(16, 2) NOT NULL,
	"overdue_interest" numeric(16, 2) NOT NULL,
	"handling_fee" numeric(16, 2) NOT NULL,
	"interest" numeric(16, 2) NOT NULL,
	"principal" numeric(16, 2) NOT NULL,
	"lock_period_fee" numeric(16, 2) DEFAULT '0' NOT NULL,
	"rebate" numeric(16, 2) DEFAULT '0' NOT NULL,
	"temp_in" numeric(16, 2) NOT NULL,
	"temp_out" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_out" numeric(16, 2) DEFAULT '0' NOT NULL,
	"method" varchar(16),
	"cheque_no" varchar(32),
	"remarks" varchar(1000),
	"idempotency_key" varchar(64) NOT NULL,
	"journal_entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_repayments_repay_no_unique" UNIQUE("repay_no"),
	CONSTRAINT "loan_repayments_idempotency" UNIQUE("loan_id","idempotency_key"),
	CONSTRAINT "loan_repayments_type" CHECK ("loan_repayments"."repay_type" in ('auto','instalment','overdue-interest','handling-fee','principal','settlement','temporary','temp-refund')),
	CONSTRAINT "loan_repayments_method" CHECK (("loan_repayments"."method" is null) = ("loan_repayments"."repay_type" = 'temporary') and ("loan_repayments"."method" is null or "loan_repayments"."method" in ('cash','cheque','bank-transfer','autopay'))),
	CONSTRAINT "loan_repayments_cheque" CHECK ("loan_repayments"."method" is distinct from 'cheque' or "loan_repayments"."cheque_no" is not null),
	CONSTRAINT "loan_repayments_amounts" CHECK ("loan_repayments"."received" >= 0 and "loan_repayments"."temp_in" >= 0 and "loan_repayments"."temp_out" >= 0 and "loan_repayments"."paid_out" >= 0 and "loan_repayments"."received" + "loan_repayments"."temp_out" > 0),
	CONSTRAINT "loan_repayments_split" CHECK ("loan_repayments"."received" + "loan_repayments"."temp_out" = "loan_repayments"."overdue_interest" + "loan_repayments"."handling_fee" + "loan_repayments"."interest" + "loan_repayments"."principal" + "loan_repayments"."lock_period_fee" + "loan_repayments"."temp_in" + "loan_repayments"."paid_out")
);
--> statement-breakpoint
ALTER TABLE "loan_repayment_corrections" ADD CONSTRAINT "loan_repayment_corrections_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayment_corrections" ADD CONSTRAINT "loan_repayment_corrections_repayment_id_loan_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."loan_repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayment_corrections" ADD CONSTRAINT "loan_repayment_corrections_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayment_corrections" ADD CONSTRAINT "loan_repayment_corrections_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayment_corrections" ADD CONSTRAINT "loan_repayment_corrections_corrected_by_staff_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayment_lines" ADD CONSTRAINT "loan_repayment_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayment_lines" ADD CONSTRAINT "loan_repayment_lines_repayment_id_loan_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."loan_repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayment_lines" ADD CONSTRAINT "loan_repayment_lines_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_repayment_corrections_loan" ON "loan_repayment_corrections" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_repayment_lines_loan" ON "loan_repayment_lines" USING btree ("loan_id","tenor");--> statement-breakpoint
CREATE INDEX "loan_repayments_loan" ON "loan_repayments" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "loan_repayments_date" ON "loan_repayments" USING btree ("store_id","repay_date");--> statement-breakpoint
-- hand-written
SELECT harbour_store_owned('loan_repayments');--> statement-breakpoint
SELECT harbour_store_owned('loan_repayment_lines');--> statement-breakpoint
SELECT harbour_store_owned('loan_repayment_corrections');--> statement-breakpoint
-- Receipts, their lines and their corrections are written once, like the journal they post to: a
-- correction is a new row and a reversal entry, never an edit.
CREATE TRIGGER loan_repayments_no_update_delete BEFORE UPDATE OR DELETE ON loan_repayments
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER loan_repayment_lines_no_update_delete BEFORE UPDATE OR DELETE ON loan_repayment_lines
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER loan_repayment_corrections_no_update_delete BEFORE UPDATE OR DELETE ON loan_repayment_corrections
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();
